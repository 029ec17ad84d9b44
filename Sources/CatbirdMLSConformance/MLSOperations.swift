import ATProtoLexicon
import CatbirdMLS
import ConformanceKit
import WireCore

/// The reference implementation of the `mls.*` shim operations.
enum MLSOperations {
    /// The error class of a value the lexicon refuses.
    static let invalidValueCode = "invalid-value"

    /// `mls.validate {lexicon, value}` → `{}`, or `invalid-value` with `errors` [{path, code, message}].
    /// A lexicon name that names nothing is `bad-request`.
    static let validate = MLSOps.validate { name, value throws(ShimError) in
        do throws(LexiconTargetError) {
            return try CatbirdLexicons.validator().validate(value, against: name).errors.map {
                MLSOps.Violation(path: $0.path.description, code: $0.code.rawValue, message: $0.message)
            }
        } catch {
            throw ShimError(code: ShimError.badRequestCode, message: error.description)
        }
    }

    /// `mls.xrpc-error {endpoint, status, contentType?, retryAfter?, body}` → `{error, message, declared,
    /// retry, retryAfter}`: the client's reading of an answer that is not 200.
    static let xrpcError = MLSOps.xrpcError { endpoint, status, contentType, retryAfter, body in
        let answer = XRPCErrorResponse(status: status, contentType: contentType, retryAfter: retryAfter, body: body)
        return MLSOps.ErrorReading(
            error: answer.error, message: answer.message, declared: answer.isDeclared(by: endpoint), retry: answer.isRetryable,
            retryAfter: answer.retryAfter)
    }
}
