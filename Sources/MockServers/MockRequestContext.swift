import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of the mock servers: WebSocket-capable, and it knows the peer address so
/// loopback-only endpoints can tell who is asking.
struct MockRequestContext: RequestContext, WebSocketRequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        remoteAddress = source.channel.remoteAddress
    }

    var fromLoopback: Bool { Self.isLoopback(remoteAddress) }

    /// Whether `address` is this machine (127/8, ::1, or 127/8 mapped into IPv6 as `::ffff:127.x.y.z`).
    static func isLoopback(_ address: SocketAddress?) -> Bool {
        address?.ipAddress.map(isLoopback(ipAddress:)) ?? false
    }

    /// Whether the address written `ipAddress` is this machine.
    static func isLoopback(ipAddress: String) -> Bool {
        let address = ipAddress.lowercased()
        return address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    }
}
