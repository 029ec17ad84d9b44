// Re-exported: the types of the builders' functions, so one import does.
@_exported import CatbirdMLS
import ConformanceKit
import WireCore

/// The `mls.*` ops as typed functions, for `WireCheckTesting`'s `OpSet`: you write the function, the
/// builder reads the case's arguments and writes the result the vectors compare. The reference
/// implementation is built the same way.
public enum MLSOps {
    /// One reason a value breaks its lexicon: where (a JSON pointer into the value), a code of your
    /// own, and a message.
    public struct Violation: Sendable, Equatable, CustomStringConvertible {
        /// The JSON pointer of the offending value (`/convos/0/id`; empty for the value itself).
        public var path: String
        /// Your error code (not compared).
        public var code: String
        /// Why.
        public var message: String

        /// `path: code: message`, `(root)` for the value itself.
        public var description: String { "\(path.isEmpty ? "(root)" : path): \(code): \(message)" }

        /// A violation at `path`.
        public init(path: String, code: String, message: String) {
            self.path = path
            self.code = code
            self.message = message
        }
    }

    /// What a client reads from an answer that is not 200 (`mls/xrpc-error`).
    public struct ErrorReading: Sendable, Equatable {
        /// The XRPC error name, or nil when the body is not an XRPC error.
        public var error: String?
        /// The message, when there is a name and the message is a string.
        public var message: String?
        /// Whether the endpoint's lexicon or the generic XRPC set declares `error`.
        public var declared: Bool
        /// Whether the request is worth another attempt.
        public var retry: Bool
        /// `Retry-After` as whole seconds, or nil.
        public var retryAfter: Int?

        /// A reading.
        public init(error: String?, message: String?, declared: Bool, retry: Bool, retryAfter: Int?) {
            self.error = error
            self.message = message
            self.declared = declared
            self.retry = retry
            self.retryAfter = retryAfter
        }
    }

    /// `mls.validate`: every way `value` breaks `lexicon` (`nsid#def`, `nsid#params`, `#input`,
    /// `#output`); none when it is valid. The builder turns violations into the `invalid-value` refusal.
    public static func validate(
        _ validate: @escaping @Sendable (_ lexicon: String, _ value: JSONValue) throws(ShimError) -> [Violation]
    ) -> ShimOperation {
        MLSLexiconSuite.validate.operation { args throws(ShimError) in
            guard let value = args["value"] else { throw ShimError(code: ShimError.badRequestCode, message: "argument 'value' is missing") }
            let violations = try validate(try args.string("lexicon"), value)
            guard let first = violations.first else { return [:] }
            let errors = violations.map { v -> JSONValue in
                ["path": .string(v.path), "code": .string(v.code), "message": .string(v.message)]
            }
            throw ShimError(
                code: MLSOperations.invalidValueCode, message: "\(violations.count) error(s); first: \(first)",
                details: ["errors": .array(errors)])
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
            let nsid = try args.string("endpoint")
            guard let endpoint = MLSEndpoint.allCases.first(where: { $0.nsid == nsid }) else {
                throw ShimError(code: ShimError.badRequestCode, message: "no Catbird MLS endpoint \(nsid)")
            }
            guard let status = args["status"]?.intValue, (100...599).contains(status) else {
                throw ShimError(code: ShimError.badRequestCode, message: "argument 'status' must be an HTTP status (100-599)")
            }
            let reading = try read(
                endpoint, Int(status), args["contentType"]?.stringValue, args["retryAfter"]?.stringValue,
                Array(try args.string("body").utf8))
            return [
                "error": reading.error.map(JSONValue.string) ?? .null, "message": reading.message.map(JSONValue.string) ?? .null,
                "declared": .bool(reading.declared), "retry": .bool(reading.retry),
                "retryAfter": reading.retryAfter.map { .int(Int64($0)) } ?? .null,
            ]
        }
    }
}
