import HTTPExchange
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's child channel (HTTP/1, with or without a WebSocket upgrade) with what a mock server adds to every
/// connection: the WebSocket gate first (when the service has an endpoint), the request deadlines right after the HTTP
/// decoder, and the answer to a malformed first request after the upgrade negotiation.
struct MockChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    let inner: Inner
    let endpoint: WebSocketEndpoint?
    let timeouts: RequestTimeouts

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Inner.Value> {
        if let endpoint {
            do {
                try channel.pipeline.syncOperations.addHandler(WebSocketGateHandler(endpoint: endpoint), position: .first)
            } catch {
                return channel.eventLoop.makeFailedFuture(error)
            }
        }
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let seen = RequestBytesSeen()
            try pipeline.addHandler(seen, position: .before(decoder))
            try pipeline.addHandler(RequestDeadlineHandler(timeouts: timeouts, seen: seen), position: .after(decoder))
            // After the upgrade negotiation the inner setup installs, so that its parse errors are answered.
            if endpoint != nil { try pipeline.addHandler(FirstRequestErrorHandler()) }
            return value
        }
    }

    func handle(value: Inner.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
