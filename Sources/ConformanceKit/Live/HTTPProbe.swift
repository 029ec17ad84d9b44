import Foundation
import WireCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A deliberately small HTTP/1.1 client over a blocking socket, for probing a live server byte
/// by byte: it sends exactly the request it is given (no header rewriting, no redirects, no
/// retries) and returns the status, headers in order and the raw body. Plain `http://` only.
public struct HTTPProbe: Sendable {
    /// The server host.
    public let host: String
    /// The server port.
    public let port: Int
    /// Seconds to wait for connect, send and each read.
    public let timeout: Double

    /// Why a request got no usable answer (connect, timeout, malformed response).
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// One HTTP response as the server wrote it.
    public struct Reply: Sendable {
        /// The status code.
        public var status: Int
        /// The headers in the order they came.
        public var headers: [(name: String, value: String)]
        /// The body, de-chunked.
        public var body: [UInt8]

        /// The first header of that name (case-insensitive).
        public func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// `http://HOST:PORT` (a trailing slash is fine; a path is not).
    public init(baseURL: String, timeout: Double = 10) throws(Failure) {
        guard let url = URL(string: baseURL), url.scheme == "http", let host = url.host, url.path.isEmpty || url.path == "/" else {
            throw Failure(description: "expected a base URL like http://127.0.0.1:8766, got \(baseURL.debugDescription)")
        }
        self.host = host
        port = url.port ?? 80
        self.timeout = timeout
    }

    /// `http://host:port` (IPv6 hosts in brackets), for reproducers.
    public var baseURL: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    /// One request on a fresh connection (`Connection: close`).
    public func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws(Failure) -> Reply {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return try exchange(raw: Array(head.utf8) + (body ?? []), describing: "\(method) \(target)")
    }

    /// `bytes` as they are, request line and all, on a fresh connection, and the reply: for requests `send` cannot
    /// write (a malformed head, a truncated body). The reply ends at its framing or when the server closes.
    public func exchange(raw bytes: [UInt8]) throws(Failure) -> Reply {
        try exchange(raw: bytes, describing: "\(bytes.count) raw bytes")
    }

    private func exchange(raw bytes: [UInt8], describing request: String) throws(Failure) -> Reply {
        let socket = try connect()
        defer { close(socket) }
        // A server may answer and close before it has read all of a request it refuses (a 413, a 400 for a huge head):
        // a failed send is reported only when no answer can be read after it.
        var sendFailure: Failure?
        do { try write(socket, bytes) } catch { sendFailure = error }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &chunk, chunk.count, 0)
            if count < 0 {
                if let sendFailure { throw sendFailure }
                // SO_RCVTIMEO expiring shows as EAGAIN ("Resource temporarily unavailable").
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    throw Failure(description: "timed out after \(timeout) s waiting for the response to \(request)")
                }
                throw Failure(description: "reading the response: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            buffer += chunk[0..<count]
            if let reply = try? Self.parse(buffer, complete: false) { return reply }
        }
        if buffer.isEmpty, let sendFailure { throw sendFailure }
        return try Self.parse(buffer, complete: true)
    }

    func connect() throws(Failure) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Sockets.stream
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw Failure(description: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if fd >= 0 {
                Sockets.noSIGPIPE(fd)
                var time = timeval(tv_sec: Int(timeout), tv_usec: suseconds_t((timeout - timeout.rounded(.down)) * 1e6))
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
                setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
                if Sockets.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
                lastError = String(cString: strerror(errno))
                close(fd)
            }
            entry = info.pointee.ai_next
        }
        throw Failure(description: "cannot connect to \(host):\(port): \(lastError)")
    }

    func write(_ socket: Int32, _ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Sockets.send(socket, $0) }
            guard sent > 0 else {
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    throw Failure(description: "timed out after \(timeout) s sending the request")
                }
                throw Failure(description: "sending the request: \(String(cString: strerror(errno)))")
            }
            offset += sent
        }
    }

    /// Status line, headers, then a body framed by Content-Length, chunked encoding or (when
    /// `complete`) the end of the connection. Throws when more bytes are needed.
    static func parse(_ bytes: [UInt8], complete: Bool) throws(Failure) -> Reply {
        guard let end = headerEnd(bytes) else { throw Failure(description: "the response ended inside its header (\(bytes.count) bytes)") }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            throw Failure(description: "not an HTTP/1.x status line: \(lines[0].debugDescription)")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw Failure(description: "malformed header line \(line.debugDescription)") }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var reply = Reply(status: status, headers: headers, body: [])
        let rest = Array(bytes[(end + 4)...])
        if status == 101 || status == 204 || status == 304 { return reply }
        if reply.header("Transfer-Encoding")?.lowercased() == "chunked" {
            reply.body = try dechunk(rest)
        } else if let length = reply.header("Content-Length").flatMap(Int.init) {
            guard rest.count >= length else { throw Failure(description: "body shorter than Content-Length \(length): \(rest.count)") }
            reply.body = Array(rest.prefix(length))
        } else {
            guard complete else { throw Failure(description: "body continues") }
            reply.body = rest
        }
        return reply
    }

    static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    static func dechunk(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = (index..<max(index, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }) else {
                throw Failure(description: "chunked body incomplete")
            }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw Failure(description: "bad chunk size")
            }
            index = lineEnd + 2
            if size == 0 { return out }
            guard index + size + 2 <= bytes.count else { throw Failure(description: "chunked body incomplete") }
            out += bytes[index..<index + size]
            index += size + 2
        }
    }
}
