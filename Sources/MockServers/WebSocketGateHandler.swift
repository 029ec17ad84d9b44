import HTTPExchange
import HummingbirdCore
import Logging
import NIOCore

/// A service may refuse a WebSocket upgrade before the handshake with its own status and body
/// (cdev: 401 `Unauthorized` or 403, cdev spec section 5.1). Hummingbird answers every refused
/// upgrade with an empty 400, so this handler sits first in each connection's pipeline, reads the
/// first request head itself, and when it is an upgrade of the endpoint's path that the gate
/// refuses, writes the service's answer and closes. Anything else
/// goes on unchanged and the handler leaves the pipeline. (A refused upgrade later on a
/// kept-alive connection is still refused, by the router's `shouldUpgrade`, with Hummingbird's 400.)
final class WebSocketGateHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let endpoint: WebSocketEndpoint
    private var buffered: ByteBuffer?
    private var refused = false
    /// Heads larger than this are left to the HTTP decoder (which has its own limits).
    static let maximumHead = 64 * 1024

    init(endpoint: WebSocketEndpoint) { self.endpoint = endpoint }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if refused { return }  // whatever follows a refused upgrade is dropped
        var incoming = unwrapInboundIn(data)
        if buffered == nil {
            buffered = incoming
        } else {
            buffered!.writeBuffer(&incoming)
        }
        let bytes = buffered!.readableBytesView
        guard let end = Self.headEnd(bytes) else {
            if bytes.count > Self.maximumHead { passThrough(context: context) }
            return
        }
        let peer = context.channel.remoteAddress
        if let request = Self.upgradeRequest(Array(bytes.prefix(end)), path: endpoint.path, peer: peer),
            let response = endpoint.admission(request) ?? endpoint.gate(request)
        {
            var out = context.channel.allocator.buffer(capacity: 256 + response.body.count)
            out.writeString("HTTP/1.1 \(response.status) \(APIResponse.reasonPhrase(response.status))\r\n")
            for header in response.headers { out.writeString("\(header.name): \(header.value)\r\n") }
            out.writeString("Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n")
            out.writeBytes(response.body)
            buffered = nil
            refused = true
            // The answer says `Connection: close`; the client hangs up after reading it. Closing
            // from this side would fail Hummingbird's pending upgrade negotiation (logged as an error).
            context.writeAndFlush(wrapOutboundOut(out), promise: nil)
            return
        }
        passThrough(context: context)
    }

    private func passThrough(context: ChannelHandlerContext) {
        if let buffered { context.fireChannelRead(wrapInboundOut(buffered)) }
        buffered = nil
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    static func headEnd(_ bytes: ByteBufferView) -> Int? {
        let array = Array(bytes.prefix(maximumHead + 4))
        guard array.count >= 4 else { return nil }
        for index in 0...(array.count - 4)
        where array[index] == 13 && array[index + 1] == 10 && array[index + 2] == 13 && array[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// The path components by which Hummingbird's router finds the route of `target`, so that the gate sees every
    /// request the WebSocket route would take (`/ws/`, `//ws`, `ws`, `http://host/ws` reach it as `/ws` does): an
    /// absolute-form target loses its scheme, host and port, the query is cut at the first `?`, and empty components are
    /// skipped. (The gate once compared the target with the path exactly, and those spellings upgraded ungated.)
    static func routedComponents(_ target: Substring) -> [Substring] {
        var path = target
        if !path.hasPrefix("/"), let scheme = path.range(of: "://") {
            // An absolute-form target goes through URLComponents on its way to the router, which drops a fragment.
            let authority = path[scheme.upperBound...]
            path = authority.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }).map { authority[$0...] } ?? ""
            path = path.prefix { $0 != "#" }
        }
        return path.prefix { $0 != "?" }.split(separator: "/")
    }

    /// The head as an `APIRequest` when it asks to upgrade `path`; nil for anything else.
    static func upgradeRequest(_ head: [UInt8], path wanted: String, peer: SocketAddress? = nil) -> APIRequest? {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let requestLine = lines.first?.split(separator: " ") ?? []
        guard requestLine.count == 3 else { return nil }
        let target = requestLine[1]
        guard routedComponents(target) == wanted.split(separator: "/") else { return nil }
        let query = target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) } ?? ""
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])))
        }
        guard headers.contains(where: { $0.name.lowercased() == "upgrade" }) else { return nil }
        return APIRequest(
            method: String(requestLine[0]), path: wanted, query: query, headers: headers,
            fromLoopback: MockRequestContext.isLoopback(peer), clientAddress: peer?.ipAddress ?? "")
    }
}
