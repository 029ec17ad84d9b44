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
    static let validate = MLSLexiconSuite.validate.operation { args throws(ShimError) in
        let name = try args.string("lexicon")
        guard let value = args["value"] else { throw ShimError(code: ShimError.badRequestCode, message: "argument 'value' is missing") }
        let result: LexiconValidator.Result
        do throws(LexiconTargetError) {
            result = try CatbirdLexicons.validator().validate(value, against: name)
        } catch {
            throw ShimError(code: ShimError.badRequestCode, message: error.description)
        }
        guard let first = result.errors.first else { return [:] }
        let errors = result.errors.map { e -> JSONValue in
            ["path": .string(e.path.description), "code": .string(e.code.rawValue), "message": .string(e.message)]
        }
        throw ShimError(
            code: invalidValueCode, message: "\(result.errors.count) error(s); first: \(first)", details: ["errors": .array(errors)])
    }

    /// `mls.xrpc-error {endpoint, status, contentType?, retryAfter?, body}` → `{error, message, declared,
    /// retry, retryAfter}`: the client's reading of an answer that is not 200.
    static let xrpcError = MLSXRPCErrorSuite.read.operation { args throws(ShimError) in
        let nsid = try args.string("endpoint")
        guard let endpoint = MLSEndpoint.allCases.first(where: { $0.nsid == nsid }) else {
            throw ShimError(code: ShimError.badRequestCode, message: "no Catbird MLS endpoint \(nsid)")
        }
        guard let status = args["status"]?.intValue, (100...599).contains(status) else {
            throw ShimError(code: ShimError.badRequestCode, message: "argument 'status' must be an HTTP status (100-599)")
        }
        let answer = XRPCErrorResponse(
            status: Int(status), contentType: args["contentType"]?.stringValue, retryAfter: args["retryAfter"]?.stringValue,
            body: Array(try args.string("body").utf8))
        return [
            "error": answer.error.map(JSONValue.string) ?? .null, "message": answer.message.map(JSONValue.string) ?? .null,
            "declared": .bool(answer.isDeclared(by: endpoint)), "retry": .bool(answer.isRetryable),
            "retryAfter": answer.retryAfter.map { .int(Int64($0)) } ?? .null,
        ]
    }
}
