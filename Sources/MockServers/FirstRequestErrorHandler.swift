import NIOCore
import NIOHTTP1

/// Answers a connection whose first request cannot be parsed with 400 and closes it.
///
/// A server with a WebSocket endpoint reads each connection's first request through NIO's upgrade negotiation, and
/// Hummingbird turns the HTTP decoder's errors into a 400 only once that negotiation has decided. A request line or
/// header the decoder refuses (a bad `Content-Length`, `HTTP/9.9`, a NUL, a header without a colon, a header list over
/// the limits) fails the negotiation instead, and nobody answered or closed: the client waited until its own timeout.
/// This handler sits after the negotiation until the first request head gets through it, and then leaves; from there
/// Hummingbird answers parse errors itself. (A server without a WebSocket endpoint never needs it.)
final class FirstRequestErrorHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias OutboundOut = HTTPServerResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A head got through the decoder, or the connection was upgraded: either way, not this handler's business.
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        let head = HTTPResponseHead(
            version: .http1_1, status: .badRequest, headers: HTTPHeaders([("Connection", "close"), ("Content-Length", "0")]))
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
    }
}
