import ATProtoLexicon
import ConformanceKit

/// The reference implementation of the `atproto.*` shim operations.
enum ATProtoOperations {
    /// `atproto.syntax {format, value}` → `{}`, or `invalid-syntax` with the reason.
    static let syntax = ATProtoOps.syntax { format, value throws(ShimError) in
        do throws(SyntaxError) {
            try format.check(value)
        } catch {
            throw ShimError(error)
        }
    }
}
