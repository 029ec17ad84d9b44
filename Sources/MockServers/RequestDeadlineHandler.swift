import NIOCore
import NIOHTTP1

/// How long a mock server waits for a client that sends slowly or not at all.
public struct RequestTimeouts: Sendable, Equatable {
    /// From the connection's start, or the end of its previous response, to the end of the next request head. A client
    /// that sends its head one byte at a time, or keeps an idle connection, is closed after this (a `408` when no
    /// response is in progress).
    public var header: Duration
    /// From the end of a request head to the end of its body: a body that stalls closes the connection.
    public var body: Duration

    /// The defaults: 10 s for a head, 60 s for a body.
    public static let standard = RequestTimeouts(header: .seconds(10), body: .seconds(60))

    /// Timeouts.
    public init(header: Duration, body: Duration) {
        self.header = header
        self.body = body
    }
}

/// Closes a connection whose client is too slow to send a request head or body (`RequestTimeouts`).
///
/// Without it a client holding a connection open with a byte a second (slowloris) or a body that stopped was served
/// forever: Hummingbird's idle timeout counts any byte as activity. It sits right after the HTTP decoder, so it sees
/// each request's head and end as parsed and each response's end as written; while a response is being written no
/// timer runs (a slow reader is held back by the socket instead). An upgraded connection (WebSocket) is not HTTP any
/// more: once the HTTP decoder has left the pipeline after a head that asked for an upgrade, this handler lets
/// everything pass.
///
/// When the head deadline passes, the answer is a `408` only if part of a head had arrived (`RequestBytesSeen`): an idle
/// kept-alive connection, or one whose upgrade the WebSocket gate refused and answered, is closed without a word, as Go's
/// server closes an idle connection.
final class RequestDeadlineHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let timeouts: RequestTimeouts
    /// Bytes that arrived before the HTTP decoder since the last response ended.
    private let seen: RequestBytesSeen
    private var deadline: Scheduled<Void>?
    /// Between a request's head and its end.
    private var readingRequest = false
    /// Requests whose head was read and whose response has not ended yet (a response may end before its request's body,
    /// such as a `413` sent as soon as the head declares too much).
    private var pendingResponses = 0
    /// A head asked for a protocol upgrade: from then on the connection may stop being HTTP.
    private var upgrading = false
    /// The connection was upgraded: everything passes through untouched.
    private var left = false

    init(timeouts: RequestTimeouts, seen: RequestBytesSeen) {
        self.timeouts = timeouts
        self.seen = seen
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { waitForHead(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        waitForHead(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { cancel() }

    func channelInactive(context: ChannelHandlerContext) {
        cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if upgraded(context) { return context.fireChannelRead(data) }
        switch unwrapInboundIn(data) {
        case .head(let head):
            readingRequest = true
            pendingResponses += 1
            upgrading = upgrading || head.headers.contains(name: "upgrade")
            schedule(context, after: timeouts.body, answering: false)
        case .body:
            break
        case .end:
            readingRequest = false
            // Answered before its body ended: the next head is awaited from now (the body's bytes are not a new head).
            if pendingResponses == 0 {
                seen.sinceResponse = false
                waitForHead(context)
            } else {
                cancel()
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if upgraded(context) { return context.write(data, promise: promise) }
        if case .end = unwrapOutboundIn(data) {
            pendingResponses = max(0, pendingResponses - 1)
            if pendingResponses == 0, !readingRequest {
                seen.sinceResponse = false
                waitForHead(context)
            }
        }
        context.write(data, promise: promise)
    }

    /// After a head that asked for an upgrade, whether the connection was upgraded: the HTTP decoder is gone, and what
    /// passes now is the upgrade's answer or WebSocket bytes, which this handler passes on untouched from then on. (It
    /// stays in the pipeline: removing itself in the middle of NIO's upgrade lost the `101`.)
    private func upgraded(_ context: ChannelHandlerContext) -> Bool {
        if left { return true }
        guard upgrading, (try? context.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)) == nil
        else { return false }
        left = true
        cancel()
        return true
    }

    private func waitForHead(_ context: ChannelHandlerContext) {
        schedule(context, after: timeouts.header, answering: true)
    }

    /// Closes the connection after `delay` unless cancelled; with `answering`, says `408` first when part of a head came.
    private func schedule(_ context: ChannelHandlerContext, after delay: Duration, answering: Bool) {
        cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(delay)) { [self] in
            deadline = nil
            guard answering, pendingResponses == 0, seen.sinceResponse else {
                context.close(promise: nil)
                return
            }
            let head = HTTPResponseHead(
                version: .http1_1, status: .requestTimeout, headers: HTTPHeaders([("Connection", "close"), ("Content-Length", "0")]))
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
        }
    }

    private func cancel() {
        deadline?.cancel()
        deadline = nil
    }
}

/// Notes that bytes arrived, before the HTTP decoder (which shows `RequestDeadlineHandler` only whole heads): whether a
/// connection whose head deadline passed had started a request, which gets a `408`, or was idle, which is just closed.
final class RequestBytesSeen: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// Set by any bytes; cleared by `RequestDeadlineHandler` when a response ends.
    var sinceResponse = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        sinceResponse = true
        context.fireChannelRead(data)
    }
}
