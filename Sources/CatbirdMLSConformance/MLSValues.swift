/// One reason a value breaks its lexicon: where (a JSON pointer into the value, empty for the value itself), a code
/// of your own (not compared) and a message. Plain values, so that `WireCheckTestingMLS` hands them to its users as
/// they are.
public struct MLSViolation: Equatable, Sendable {
    /// The JSON pointer of the offending value (`/convos/0/id`).
    public var path: String
    /// Your error code.
    public var code: String
    /// Why.
    public var message: String

    /// A violation at `path`.
    public init(path: String, code: String, message: String) {
        self.path = path
        self.code = code
        self.message = message
    }
}

/// What a client reads from an XRPC answer that is not 200 (`mls.xrpc-error`), every member given.
public struct MLSErrorReading: Equatable, Sendable {
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

    /// A reading, every member given.
    public init(error: String?, message: String?, declared: Bool, retry: Bool, retryAfter: Int?) {
        self.error = error
        self.message = message
        self.declared = declared
        self.retry = retry
        self.retryAfter = retryAfter
    }
}
