import HTTPExchange
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle

/// Any `MockService` on Hummingbird: every HTTP request goes to `handle` and its answer is written
/// back unchanged; the service's WebSocket endpoint, if any, is gated before the handshake and
/// then bridged to the service's session as text messages.
public struct MockHTTPServer: Sendable {
    /// The service behind the server.
    public let service: any MockService
    /// Hummingbird's logger (its own request logging is not installed: it would print URIs with tokens).
    public let logger: Logger
    /// Whether SIGTERM and SIGINT shut the server down gracefully.
    public let handlesSignals: Bool
    /// How long a connection may take to send a request head and a body.
    public let timeouts: RequestTimeouts

    /// A server for `service`.
    public init(service: any MockService, logger: Logger, handlesSignals: Bool = false, timeouts: RequestTimeouts = .standard) {
        self.service = service
        self.logger = logger
        self.handlesSignals = handlesSignals
        self.timeouts = timeouts
    }

    /// Runs until SIGTERM/SIGINT (when `handlesSignals`) or cancellation. `onRunning` gets the
    /// bound port (useful with port 0).
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await serviceGroup(onRunning: onRunning).run()
    }

    /// The server as a service group, so an embedding caller can shut it down gracefully.
    public func serviceGroup(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> ServiceGroup {
        let service = self.service
        let responder = MockResponder(service: service)
        let configuration = ApplicationConfiguration(address: .hostname(service.host, port: service.requestedPort), serverName: nil)
        let onServerRunning: @Sendable (any Channel) async -> Void = { channel in
            let port = channel.localAddress?.port ?? service.requestedPort
            service.didBind(port: port)
            await onRunning(port)
        }
        let timeouts = self.timeouts
        let app: any Service
        if let endpoint = service.webSocket {
            let webSocketRouter = Router(context: MockRequestContext.self)
            webSocketRouter.ws(RouterPath(endpoint.path)) { request, context in
                let api = try await MockResponder.apiRequest(request, context: context, collectBody: false)
                return endpoint.gate(api) == nil ? .upgrade([:]) : .dontUpgrade
            } onUpgrade: { inbound, outbound, context in
                let client = context.requestContext.remoteAddress?.ipAddress ?? ""
                try await Self.bridge(endpoint, inbound: inbound, outbound: outbound, clientAddress: client)
            }
            let webSocketResponder = webSocketRouter.buildResponder()
            app = Application(
                responder: responder,
                server: HTTPServerBuilder { responder in
                    let upgrade = HTTP1WebSocketUpgradeChannel(
                        responder: responder, webSocketResponder: webSocketResponder,
                        configuration: .init(ws: .init(maxFrameSize: endpoint.maximumMessageSize, closeTimeout: .seconds(5))))
                    return MockChildChannel(inner: upgrade, endpoint: endpoint, timeouts: timeouts)
                },
                configuration: configuration, onServerRunning: onServerRunning, logger: logger)
        } else {
            app = Application(
                responder: responder,
                server: HTTPServerBuilder { responder in
                    MockChildChannel(inner: HTTP1Channel(responder: responder), endpoint: nil, timeouts: timeouts)
                },
                configuration: configuration, onServerRunning: onServerRunning, logger: logger)
        }
        return ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: handlesSignals ? [.sigterm, .sigint] : [], logger: logger))
    }

    /// Runs the endpoint's session over one upgraded connection: text and binary messages in and out. The session reads
    /// the inbound messages itself, one at a time, so that the socket, not a queue, holds what it has not read yet.
    static func bridge(
        _ endpoint: WebSocketEndpoint, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, clientAddress: String
    ) async throws {
        let messages = inbound.messages(maxSize: endpoint.maximumMessageSize).map { message -> HTTPExchange.WebSocketMessage in
            switch message {
            case .text(let text): .text(text)
            case .binary(let buffer): .binary(Array(buffer.readableBytesView))
            }
        }
        let connection = WebSocketConnection(
            messages: messages, clientAddress: clientAddress,
            send: { message in
                switch message {
                case .text(let text): try await outbound.write(.text(text))
                case .binary(let bytes): try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                }
            },
            close: { code, reason in try await outbound.close(.init(codeNumber: code), reason: reason) })
        try await endpoint.session(connection)
    }
}
