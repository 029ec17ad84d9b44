import CdevAuth
import CdevService
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle
import WireCore

/// The mock cdev server: the cdev HTTP API of `CdevService` and the `/ws` endpoint, on one port.
public struct CdevMockServer: Sendable {
    public let service: CdevService
    public let logger: Logger
    public let handlesSignals: Bool

    public init(service: CdevService, logger: Logger, handlesSignals: Bool = false) {
        self.service = service
        self.logger = logger
        self.handlesSignals = handlesSignals
    }

    /// Runs until SIGTERM/SIGINT (when `handlesSignals`) or cancellation. `onRunning` gets the
    /// bound port (useful with port 0).
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await serviceGroup(onRunning: onRunning).run()
    }

    /// The server as a service group, so an embedding caller can shut it down gracefully.
    public func serviceGroup(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> ServiceGroup {
        let service = self.service
        let webSocketRouter = Router(context: CdevRequestContext.self)
        webSocketRouter.ws("/ws") { request, context in
            let api = try await CdevResponder.apiRequest(request, context: context, collectBody: false)
            return service.webSocketGate(api) == nil ? .upgrade([:]) : .dontUpgrade
        } onUpgrade: { inbound, outbound, _ in
            try await Self.session(service: service, inbound: inbound, outbound: outbound)
        }
        let webSocketResponder = webSocketRouter.buildResponder()
        let app = Application(
            responder: CdevResponder(service: service),
            server: HTTPServerBuilder { responder in
                let upgrade = HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder,
                    configuration: .init(ws: .init(maxFrameSize: 12 << 20, closeTimeout: .seconds(5))))
                return GatedChannel(inner: upgrade, service: service)
            },
            configuration: .init(address: .hostname(service.config.host, port: service.config.port), serverName: nil),
            onServerRunning: { channel in
                service.didBind(port: channel.localAddress?.port ?? service.config.port)
                await onRunning(service.port)
            },
            logger: logger)
        return ServiceGroup(configuration: .init(
            services: [app], gracefulShutdownSignals: handlesSignals ? [.sigterm, .sigint] : [], logger: logger))
    }

    /// One WebSocket client: heartbeats on a timer, answers to what it sends. Ends when the
    /// client goes away; the token is not re-checked (cdev does not close on expiry either).
    static func session(service: CdevService, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        service.connectedClients.add(1, ordering: .relaxed)
        defer { service.connectedClients.subtract(1, ordering: .relaxed) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                var sequence: Int64 = 0
                while !Task.isCancelled {
                    try await Task.sleep(for: service.config.heartbeatInterval)
                    sequence += 1
                    let now = service.clockNow()
                    try await outbound.write(.text(CdevEvents.heartbeat(sequence: sequence, now: now, uptime: service.uptimeSeconds())))
                }
            }
            for try await message in inbound.messages(maxSize: 12 << 20) {
                guard case .text(let text) = message, let answer = CdevEvents.answer(to: text, now: service.clockNow()) else { continue }
                try await outbound.write(.text(answer))
            }
            group.cancelAll()
        }
    }
}
