// Re-exported: the types of the builders' functions, so one import does.
@_exported import ATProtoLexicon
import ConformanceKit

/// The `atproto.*` ops as typed functions, for `WireCheckTesting`'s `OpSet`: you write the check, the
/// builder reads the case's arguments. The reference implementation is built the same way.
public enum ATProtoOps {
    /// `atproto.syntax`: return when `value` is valid in `format`, throw `ShimError(code: "invalid-syntax")` when not.
    public static func syntax(_ check: @escaping @Sendable (_ format: StringFormat, _ value: String) throws(ShimError) -> Void)
        -> ShimOperation
    {
        ATProtoSyntaxSuite.syntax.operation { args throws(ShimError) in
            let name = try args.string("format")
            guard let format = StringFormat(rawValue: name) else {
                throw ShimError(code: ShimError.badRequestCode, message: "unknown format '\(name)'")
            }
            try check(format, try args.string("value"))
            return [:]
        }
    }
}
