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
}

/// A WebSocket endpoint of a mock service: the gate that may refuse an upgrade before the
/// handshake, with the service's own status and body, and the session of an accepted connection.
public struct WebSocketEndpoint: Sendable {
    /// The path the endpoint listens on, e.g. `/ws`.
    public var path: String
    /// The largest message accepted, in bytes.
    public var maximumMessageSize: Int
    /// The refusal to write instead of upgrading, or nil to upgrade.
    public var gate: @Sendable (APIRequest) -> APIResponse?
    /// Runs one accepted connection until the client goes away.
    public var session: @Sendable (WebSocketConnection) async throws -> Void

    /// An endpoint at `path`.
    public init(
        path: String, maximumMessageSize: Int, gate: @escaping @Sendable (APIRequest) -> APIResponse?,
        session: @escaping @Sendable (WebSocketConnection) async throws -> Void
    ) {
        self.path = path
        self.maximumMessageSize = maximumMessageSize
        self.gate = gate
        self.session = session
    }
}

/// One accepted WebSocket connection as a service sees it: text messages in, text messages out.
public struct WebSocketConnection: Sendable {
    /// The client's text messages, until it closes.
    public let messages: AsyncThrowingStream<String, any Error>
    /// Sends one text message.
    public let send: @Sendable (String) async throws -> Void

    /// A connection over a stream of incoming text messages and a sender.
    public init(messages: AsyncThrowingStream<String, any Error>, send: @escaping @Sendable (String) async throws -> Void) {
        self.messages = messages
        self.send = send
    }
}
