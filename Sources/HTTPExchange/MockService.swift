/// A mock server's behaviour without a server framework: what it answers to each HTTP request and,
/// optionally, a WebSocket endpoint. `MockServers` runs any `MockService` on Hummingbird; tests and
/// fuzz targets call `handle` directly.
public protocol MockService: Sendable {
    /// The address to bind.
    var host: String { get }
    /// The port to bind (0 picks a free one).
    var requestedPort: Int { get }
    /// The answer to one HTTP request (not called for accepted WebSocket upgrades).
    func handle(_ request: APIRequest) -> APIResponse
    /// Told the port actually bound, before the first request.
    func didBind(port: Int)
    /// The WebSocket endpoint, if the service has one.
    var webSocket: WebSocketEndpoint? { get }
    /// The largest body the service reads for a request (given without its body), and the answer to
    /// a larger one, written without reading the rest.
    func bodyLimit(for request: APIRequest) -> BodyLimit
    /// How long to wait before answering `request` (a fault for a client's timeout handling), or nil.
    func delay(for request: APIRequest) -> Duration?
}

/// How much of a request body a service reads, and what it answers beyond that.
public struct BodyLimit: Sendable {
    /// The largest body, in bytes.
    public var maximum: Int
    /// The answer to a larger body.
    public var refusal: APIResponse

    /// A limit of `maximum` bytes answered with `refusal`.
    public init(maximum: Int, refusal: APIResponse) {
        self.maximum = maximum
        self.refusal = refusal
    }

    /// 1 MiB, refused as Go's `http.MaxBytesReader` does (plain-text 413).
    public static let standard = BodyLimit(
        maximum: 1 << 20,
        refusal: APIResponse(
            status: 413, headers: [("Content-Type", "text/plain; charset=utf-8"), ("X-Content-Type-Options", "nosniff")],
            body: Array("Request Entity Too Large\n".utf8)))
}

extension MockService {
    /// The standard 1 MiB limit.
    public func bodyLimit(for request: APIRequest) -> BodyLimit { .standard }
    /// No delay.
    public func delay(for request: APIRequest) -> Duration? { nil }
}

/// A WebSocket endpoint of a mock service: the gate that may refuse an upgrade before the
/// handshake, with the service's own status and body, and the session of an accepted connection.
public struct WebSocketEndpoint: Sendable {
    /// The path the endpoint listens on, e.g. `/ws`.
    public var path: String
    /// The largest message accepted, in bytes.
    public var maximumMessageSize: Int
    /// The refusal to write instead of upgrading, or nil to upgrade. It may be asked more than once for one request
    /// (by the server's gate before the handshake and by its router), so it only looks.
    public var gate: @Sendable (APIRequest) -> APIResponse?
    /// What counts an upgrade attempt (a rate limit, injected failures), asked once per attempt before `gate`: the
    /// refusal, or nil to go on.
    public var admission: @Sendable (APIRequest) -> APIResponse?
    /// Runs one accepted connection until the client goes away.
    public var session: @Sendable (WebSocketConnection) async throws -> Void

    /// An endpoint at `path`.
    public init(
        path: String, maximumMessageSize: Int, admission: @escaping @Sendable (APIRequest) -> APIResponse? = { _ in nil },
        gate: @escaping @Sendable (APIRequest) -> APIResponse?, session: @escaping @Sendable (WebSocketConnection) async throws -> Void
    ) {
        self.path = path
        self.maximumMessageSize = maximumMessageSize
        self.admission = admission
        self.gate = gate
        self.session = session
    }
}

/// One WebSocket message: text (cdev's JSON) or binary (Arkavo's frames).
public enum WebSocketMessage: Sendable, Equatable {
    /// A text message.
    case text(String)
    /// A binary message.
    case binary([UInt8])
}

/// One accepted WebSocket connection as a service sees it: messages in, messages out.
public struct WebSocketConnection: Sendable {
    /// The client's messages, until it closes. They are read from the connection as the session asks for the next one,
    /// never ahead into a buffer: a session waiting to send (to a client that does not read its replies) reads nothing
    /// meanwhile, so the client's further messages wait in the socket and the server does not grow.
    public let messages: any AsyncSequence<WebSocketMessage, any Error> & Sendable
    /// Sends one message; it waits while the connection's write buffer is full.
    public let send: @Sendable (WebSocketMessage) async throws -> Void
    /// Closes the connection with a close code (RFC 6455 section 7.4) and a reason.
    public let close: @Sendable (_ code: Int, _ reason: String) async throws -> Void
    /// The client's IP address; empty when unknown.
    public let clientAddress: String

    /// A connection over a sequence of incoming messages, a sender and a closer.
    public init(
        messages: any AsyncSequence<WebSocketMessage, any Error> & Sendable, clientAddress: String = "",
        send: @escaping @Sendable (WebSocketMessage) async throws -> Void,
        close: @escaping @Sendable (_ code: Int, _ reason: String) async throws -> Void = { _, _ in }
    ) {
        self.messages = messages
        self.clientAddress = clientAddress
        self.send = send
        self.close = close
    }
}
