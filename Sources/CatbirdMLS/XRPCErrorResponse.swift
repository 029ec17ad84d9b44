import WireCore

/// What a client reads from an XRPC answer that is not 200 (catbird-mls.md section 5 and Decisions;
/// the atproto XRPC spec): the error name and message of an `{error, message}` body, whether the
/// request is worth retrying, and the server's `Retry-After`. Clients must tolerate bodies that are
/// not XRPC errors: those give no name, and the status alone decides.
public struct XRPCErrorResponse: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    /// `error`, when the body is an XRPC error: JSON (by its `Content-Type`) with a string `error`
    /// that is an ASCII name without whitespace. Legacy servers' sentences (`"Rate limit exceeded"`)
    /// are not names.
    public var error: String?
    /// `message`, when the body is an XRPC error and `message` is a string.
    public var message: String?
    /// `Retry-After` as whole seconds (`delay-seconds`, digits only); an HTTP date or anything else is nil.
    public var retryAfter: Int?

    /// The atproto XRPC names of the server errors (5xx); the mock answers its injected faults with them.
    public static let serverErrorNames: [Int: String] = [
        500: "InternalServerError", 501: "MethodNotImplemented", 502: "UpstreamFailure", 503: "NotEnoughResources", 504: "UpstreamTimeout",
    ]

    /// The generic XRPC errors any endpoint may answer besides its lexicon's own: the contract's four
    /// (catbird-mls.md, Decisions), the atproto name for 413 and the server errors.
    public static let genericNames = Set(
        ["InvalidRequest", "AuthenticationRequired", "RateLimitExceeded", "MethodNotImplemented", "PayloadTooLarge"]
            + serverErrorNames.values)

    /// Reads an answer: its status, `Content-Type` and `Retry-After` headers, and body bytes.
    public init(status: Int, contentType: String?, retryAfter: String?, body: [UInt8]) {
        self.status = status
        self.retryAfter = retryAfter.flatMap(Self.delaySeconds)
        guard Self.isJSON(contentType), let object = (try? JSONParser.parse(body))?.objectValue,
            let name = object["error"]?.stringValue, Self.isErrorName(name)
        else { return }
        error = name
        message = object["message"]?.stringValue
    }

    /// Network errors aside, what is retried: 429 and every 5xx but 501 (`MethodNotImplemented` will
    /// not change); never another 4xx.
    public var isRetryable: Bool { Self.isRetryable(status: status) }

    /// Whether an answer of `status` is worth another attempt.
    public static func isRetryable(status: Int) -> Bool { status == 429 || (status >= 500 && status != 501) }

    /// Whether `error` is one `endpoint` can answer: its lexicon's errors or a generic one. A client
    /// maps these to typed errors and keeps any other name as it came.
    public func isDeclared(by endpoint: MLSEndpoint) -> Bool {
        guard let error else { return false }
        return Self.genericNames.contains(error) || CatbirdLexicons.catalog.errorNames(of: endpoint.nsid).contains(error)
    }

    /// An XRPC error name: one or more printable ASCII characters, none of them a space.
    public static func isErrorName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f }
    }

    /// `application/json`, in any case, with or without parameters (`; charset=utf-8`).
    static func isJSON(_ contentType: String?) -> Bool { contentType?.mediaType.lowercased() == "application/json" }

    /// RFC 9110 `delay-seconds`: 1*DIGIT, after trimming optional whitespace; nil past `Int.max`.
    static func delaySeconds(_ text: String) -> Int? {
        let digits = text.trimmingSpaces()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(digits)
    }
}
