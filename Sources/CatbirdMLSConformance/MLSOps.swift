import ATProtoLexicon
// Re-exported: the types of the builders' functions, so one import does.
@_exported import CatbirdMLS
import ConformanceKit
import WireCore

/// The `mls.*` ops: a typed builder per op, and the reference table made of them.
///
/// A builder takes a function over the CatbirdMLS module's types, reads the case's arguments through
/// the declared fields (`MLSFields`) and writes the result the vectors compare; `WireCheckTesting`
/// users give it their own function (throw `ShimError(code:)` with the vectors' error class to refuse).
public enum MLSOps {
    typealias F = MLSFields

    /// The error class of a value the lexicon refuses.
    static let invalidValueCode = "invalid-value"

    /// One reason a value breaks its lexicon (the name inside this enum).
    public typealias Violation = MLSViolation
    /// What a client reads from an answer that is not 200 (the name inside this enum).
    public typealias ErrorReading = MLSErrorReading

    /// `mls.validate`: every way `value` breaks `lexicon` (`nsid#def`, `nsid#params`, `#input`,
    /// `#output`); none when it is valid. The builder turns violations into the `invalid-value` refusal.
    public static func validate(
        _ validate: @escaping @Sendable (_ lexicon: String, _ value: JSONValue) throws(ShimError) -> [Violation]
    ) -> ShimOperation {
        MLSLexiconSuite.validate.operation { args throws(ShimError) in
            let violations = try validate(try args.read(F.lexicon), try args.read(F.value))
            guard let first = violations.first else { return [:] }
            let errors = violations.map { v -> JSONValue in
                .object(JSONObject(F.errorPath(v.path), F.errorCode(v.code), F.errorMessage(v.message)))
            }
            throw ShimError(
                code: invalidValueCode, message: "\(violations.count) error(s); first: \(first)", details: JSONObject(F.violations(errors)))
        }
    }

    /// `mls.xrpc-error`: how a client reads an answer of `status` with these headers (nil when absent)
    /// and body from `endpoint`.
    public static func xrpcError(
        _ read:
            @escaping @Sendable (_ endpoint: MLSEndpoint, _ status: Int, _ contentType: String?, _ retryAfter: String?, _ body: [UInt8])
            throws(ShimError) -> ErrorReading
    ) -> ShimOperation {
        MLSXRPCErrorSuite.read.operation { args throws(ShimError) in
            let reading = try read(
                try args.read(F.endpoint), try args.read(F.status), try args.readIfPresent(F.contentType),
                try args.readIfPresent(F.retryAfterHeader), Array(try args.read(F.body).utf8))
            return JSONObject(
                F.error(reading.error), F.message(reading.message), F.declared(reading.declared), F.retry(reading.retry),
                F.retryAfterSeconds(reading.retryAfter.map(Int64.init)))
        }
    }

    /// The reference: `mls.validate` by this project's lexicon validator over the shipped Catbird
    /// documents, `mls.xrpc-error` by the client's reading (`XRPCErrorResponse`).
    public static let reference = OpTable(
        name: ReferenceShim.name,
        [
            // A lexicon name that names nothing is `bad-request`: the case, not the value, is wrong.
            validate { name, value throws(ShimError) in
                do throws(LexiconTargetError) {
                    return try CatbirdLexicons.validator().validate(value, against: name).errors.map {
                        Violation(path: $0.path.description, code: $0.code.rawValue, message: $0.message)
                    }
                } catch {
                    throw ShimError(code: ShimError.badRequestCode, message: error.description)
                }
            },
            xrpcError { endpoint, status, contentType, retryAfter, body in
                let answer = XRPCErrorResponse(status: status, contentType: contentType, retryAfter: retryAfter, body: body)
                return ErrorReading(
                    error: answer.error, message: answer.message, declared: answer.isDeclared(by: endpoint), retry: answer.isRetryable,
                    retryAfter: answer.retryAfter)
            },
        ])
}
