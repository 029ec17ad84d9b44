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

    /// Sets a new socket so that sending to a peer that has gone returns an error instead of raising SIGPIPE: Apple
    /// platforms have no `MSG_NOSIGNAL` and take the socket option instead; on Linux `send` passes the flag.
    static func noSIGPIPE(_ socket: Int32) {
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// `send(2)` without SIGPIPE (see `noSIGPIPE`).
    static func send(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(socket, bytes.baseAddress, bytes.count, 0)
        #endif
    }
}
