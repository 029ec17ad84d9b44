import ATProtoLexicon
import ConformanceKit

/// The reference implementation of the `atproto.*` shim operations.
enum ATProtoOperations {
    /// `atproto.syntax {format, value}` → `{}`, or `invalid-syntax` with the reason.
    static let syntax = ATProtoSyntaxSuite.syntax.operation { args throws(ShimError) in
        let name = try args.string("format")
        guard let format = StringFormat(rawValue: name) else {
            throw ShimError(code: ShimError.badRequestCode, message: "unknown format '\(name)'")
        }
        let value = try args.string("value")
        do throws(SyntaxError) {
            try format.check(value)
            return [:]
        } catch {
            throw ShimError(error)
        }
    }
}
