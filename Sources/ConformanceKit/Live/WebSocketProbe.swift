import Crypto
import Foundation
import WireCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A WebSocket handshake on a raw socket, so the checker sees exactly what a server answers to
/// an upgrade: the 101 (with its `Sec-WebSocket-Accept` checked) or the refusal before it.
public final class WebSocketProbe {
    /// The server's answer to the upgrade request.
    public let reply: HTTPProbe.Reply
    private let socket: Int32
    private var pending: [UInt8]

    /// The RFC 6455 key the probe sends: Base64 of 16 bytes (`wirecheck-probe!`), as section 4.1 requires and gorilla
    /// (cdev's WebSocket library) checks; the 19-byte key sent before would be refused 400 by a real cdev.
    static let key = "d2lyZWNoZWNrLXByb2JlIQ=="
    /// The `Sec-WebSocket-Accept` a server must send for `key` (RFC 6455 section 4.2.2).
    public static var expectedAccept: String {
        let digest = Insecure.SHA1.hash(data: Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))
        return Base64.encode(Array(digest), variant: .foundation)
    }

    /// The upgrade's own headers; one of `headers` with the same name replaces it (a check of a wrong version, say).
    public static let upgradeHeaders = [
        ("Connection", "Upgrade"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13"), ("Sec-WebSocket-Key", key),
    ]

    /// The upgrade headers, those `headers` name replaced, then `headers`.
    public static func requestHeaders(_ headers: [(String, String)]) -> [(String, String)] {
        let named = Set(headers.map { $0.0.lowercased() })
        return upgradeHeaders.filter { !named.contains($0.0.lowercased()) } + headers
    }

    /// Sends the upgrade request for `target` with `headers`; returns whatever the server said.
    public init(_ probe: HTTPProbe, target: String, headers: [(String, String)]) throws(HTTPProbe.Failure) {
        socket = try probe.connect()
        var head = "GET \(target) HTTP/1.1\r\nHost: \(probe.host):\(probe.port)\r\n"
        for (name, value) in Self.requestHeaders(headers) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        do {
            try probe.write(socket, Array(head.utf8))
            var buffer: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 16384)
            var parsed: HTTPProbe.Reply?
            while parsed == nil {
                let count = recv(socket, &chunk, chunk.count, 0)
                guard count > 0 else {
                    parsed = try HTTPProbe.parse(buffer, complete: true)
                    break
                }
                buffer += chunk[0..<count]
                if let end = HTTPProbe.headerEnd(buffer) {
                    // A 101 has no body: what follows its head is already WebSocket frames.
                    let statusLine = String(decoding: buffer[0..<end], as: UTF8.self).prefix { $0 != "\r" }
                    parsed =
                        statusLine.split(separator: " ").dropFirst().first == "101"
                        ? try HTTPProbe.parse(Array(buffer[0..<(end + 4)]), complete: true)
                        : (try? HTTPProbe.parse(buffer, complete: false))
                }
            }
            let final = parsed!
            reply = final
            pending = HTTPProbe.headerEnd(buffer).map { final.status == 101 ? Array(buffer[($0 + 4)...]) : [] } ?? []
        } catch {
            close(socket)
            throw error
        }
    }

    deinit { close(socket) }

    /// Whether the server switched protocols with the right accept value.
    public var upgraded: Bool { reply.status == 101 && reply.header("Sec-WebSocket-Accept") == Self.expectedAccept }

    /// Sends one masked text frame (clients must mask).
    public func sendText(_ text: String) throws(HTTPProbe.Failure) {
        try send(opcode: 0x1, Array(text.utf8))
    }

    /// Sends one masked binary frame.
    public func sendBinary(_ bytes: [UInt8]) throws(HTTPProbe.Failure) {
        try send(opcode: 0x2, bytes)
    }

    private func send(opcode: UInt8, _ payload: [UInt8]) throws(HTTPProbe.Failure) {
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame.append(0x80 | 126)
            frame += [UInt8(payload.count >> 8 & 0xFF), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        let sent = frame.withUnsafeBytes { Sockets.send(socket, $0) }
        guard sent == frame.count else { throw HTTPProbe.Failure(description: "sending a frame failed") }
    }

    /// The server's close frame, once `receiveText` has met it: its code (RFC 6455 section 7.4) and reason.
    public private(set) var closeFrame: (code: Int, reason: String)?

    /// The next text message from the server (pings and binary messages are skipped), or nil on close or timeout.
    public func receiveText() -> String? {
        receive(0x1).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The next binary message from the server (pings and text messages are skipped), or nil on close or timeout.
    public func receiveBinary() -> [UInt8]? {
        receive(0x2)
    }

    private func receive(_ wanted: UInt8) -> [UInt8]? {
        while true {
            guard let (opcode, payload) = readFrame() else { return nil }
            switch opcode {
            case wanted: return payload
            case 0x8:
                if payload.count >= 2 {
                    closeFrame = (Int(payload[0]) << 8 | Int(payload[1]), String(decoding: payload.dropFirst(2), as: UTF8.self))
                }
                return nil
            default: continue
            }
        }
    }

    private func readFrame() -> (UInt8, [UInt8])? {
        func need(_ count: Int) -> Bool {
            var chunk = [UInt8](repeating: 0, count: 16384)
            while pending.count < count {
                let got = recv(socket, &chunk, chunk.count, 0)
                if got <= 0 { return false }
                pending += chunk[0..<got]
            }
            return true
        }
        guard need(2) else { return nil }
        let opcode = pending[0] & 0x0F
        var length = Int(pending[1] & 0x7F)
        var header = 2
        if length == 126 {
            guard need(4) else { return nil }
            length = Int(pending[2]) << 8 | Int(pending[3])
            header = 4
        } else if length == 127 {
            guard need(10) else { return nil }
            length = pending[2..<10].reduce(0) { $0 << 8 | Int($1) }
            header = 10
        }
        guard length <= 16 << 20, need(header + length) else { return nil }
        let payload = Array(pending[header..<header + length])
        pending.removeFirst(header + length)
        return (opcode, payload)
    }
}
