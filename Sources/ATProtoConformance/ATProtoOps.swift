// Re-exported: the types of the builders' functions, so one import does.
@_exported import ATProtoLexicon
import ConformanceKit

/// The `atproto.*` ops: a typed builder per op, and the reference table made of them.
///
/// A builder takes a function over the ATProtoLexicon module's types and reads the case's arguments
/// through the declared fields (`ATProtoFields`); `WireCheckTesting` users give it their own check.
public enum ATProtoOps {
    typealias F = ATProtoFields

    /// `atproto.syntax`: return when `value` is valid in `format`, throw `ShimError(code: "invalid-syntax")` when not.
    public static func syntax(_ check: @escaping @Sendable (_ format: StringFormat, _ value: String) throws(ShimError) -> Void)
        -> ShimOperation
    {
        ATProtoSyntaxSuite.syntax.operation { args throws(ShimError) in
            try check(try args.read(F.format), try args.read(F.value))
            return [:]
        }
    }

    /// The reference: `atproto.syntax {format, value}` → `{}`, or `invalid-syntax` with the reason.
    public static let reference = OpTable(name: ReferenceShim.name, [
        syntax { format, value throws(ShimError) in
            do throws(SyntaxError) {
                try format.check(value)
            } catch {
                throw ShimError(error)
            }
        }
    ])
}
