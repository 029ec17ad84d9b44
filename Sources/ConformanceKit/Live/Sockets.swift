#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls the live probes make, written once for Linux and Apple platforms: the probes' own methods are
/// named `connect` and `send`, so the C functions are called by their module's name, which differs.
enum Sockets {
    /// `SOCK_STREAM` as `addrinfo.ai_socktype` takes it (an enum on Glibc, an integer on Darwin).
    static var stream: Int32 {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        SOCK_STREAM
        #endif
    }

    /// `connect(2)`.
    static func connect(_ socket: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.connect(socket, address, length)
        #else
        Darwin.connect(socket, address, length)
        #endif
    }

    /// `send(2)` without SIGPIPE when the peer has gone: `MSG_NOSIGNAL` on Linux, the socket's `SO_NOSIGPIPE` on
    /// Apple platforms, which have no such flag.
    static func send(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        #else
        var on: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        return Darwin.send(socket, bytes.baseAddress, bytes.count, 0)
        #endif
    }
}
