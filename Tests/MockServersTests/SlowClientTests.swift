import CatbirdMLSService
import CdevAuth
import CdevService
import Foundation
import Logging
import MockServers
import WireCore
import XCTest

@testable import ConformanceKit

/// Clients too slow to send a request (issue 42): a head sent a byte at a time (slowloris), a body that stalls and a
/// connection that sends nothing are each closed after the server's timeouts (here 1 s for a head and for a body),
/// while a well-behaved client is served meanwhile, on both mock servers.
final class SlowClientTests: XCTestCase {
    static let timeouts = RequestTimeouts(header: .seconds(1), body: .seconds(1))

    func testSlowClientsAreClosedWhileOthersAreServedOnCdev() throws {
        var log = Logger(label: "test")
        log.logLevel = .critical
        let identity = SecretFile(serverId: "AbCdEfGhIjKlMnOp", secret: (0..<32).map(UInt8.init))
        let config = CdevServiceConfig(profile: .baseline, port: 0, repositoryRoot: FileManager.default.currentDirectoryPath)
        let service = CdevService(config: config, tokens: TokenManager(identity: identity), log: serviceLog(log))
        let server = try BackgroundServer(MockHTTPServer(service: service, logger: log, timeouts: Self.timeouts))
        defer { server.stop() }
        try checkSlowClients(port: server.port, path: "/api/pair/info")
    }

    func testSlowClientsAreClosedWhileOthersAreServedOnMLS() throws {
        var config = MLSServiceConfig()
        config.port = 0
        var log = Logger(label: "test")
        log.logLevel = .critical
        let server = try BackgroundServer(MockHTTPServer(service: MLSService(config: config), logger: log, timeouts: Self.timeouts))
        defer { server.stop() }
        try checkSlowClients(port: server.port, path: "/health")
    }

    /// Opens the three slow clients, has a fast one served, then waits up to 5 s for the server to close the slow ones.
    func checkSlowClients(port: Int, path: String) throws {
        let probe = try HTTPProbe(baseURL: "http://127.0.0.1:\(port)", timeout: 5)
        // Before the connections open, so that a close is never measured as earlier than it was.
        let started = Date()
        let dribbled = Array("GET \(path) HTTP/1.1\r\nHost: x\r\nX-Slow: \(String(repeating: "a", count: 200))\r\n\r\n".utf8)
        var slow: [(name: String, socket: Int32, pending: ArraySlice<UInt8>, closedAfter: Double?)] = [
            ("head a byte at a time", try probe.connect(), dribbled[...], nil),
            ("body that stalls", try probe.connect(), [], nil),
            ("nothing sent", try probe.connect(), [], nil),
        ]
        defer { for client in slow { close(client.socket) } }
        let stalledBody = "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"a\":"
        try probe.write(slow[1].socket, Array(stalledBody.utf8))

        let sending = Date()
        let served = try probe.send("GET", path)
        XCTAssertEqual(served.status, 200, "a well-behaved client beside the slow ones")
        XCTAssertLessThan(Date().timeIntervalSince(sending), 1)

        while Date().timeIntervalSince(started) < 5, slow.contains(where: { $0.closedAfter == nil }) {
            for index in slow.indices where slow[index].closedAfter == nil {
                // A write the server's close refused counts as the close.
                var refused = false
                if let byte = slow[index].pending.popFirst() { refused = (try? probe.write(slow[index].socket, [byte])) == nil }
                if refused || Self.isClosed(slow[index].socket) { slow[index].closedAfter = Date().timeIntervalSince(started) }
            }
            usleep(100_000)
        }
        for client in slow {
            let closedAfter = try XCTUnwrap(client.closedAfter, "\(client.name): still open after 5 s")
            XCTAssertGreaterThan(closedAfter, 0.9, "\(client.name) was closed before its timeout")
        }
        XCTAssertFalse(slow[0].pending.isEmpty, "closed while its head was still coming, not after it was whole")
    }

    /// The head deadline's answer depends on what the connection did (cdev's Go server answers a request it got part of
    /// with 408 and closes an idle connection silently): part of a head → `408`; idle after a response → closed without
    /// a byte; a `413` answered before its body came, then the body → the connection goes back to waiting for a head and
    /// is closed in time (it used to count the request as unanswered and stay open for ever).
    func testTheHeadDeadlineAnswersOnlyAStartedRequest() throws {
        var config = MLSServiceConfig()
        config.port = 0
        var log = Logger(label: "test")
        log.logLevel = .critical
        // A long body timeout, so that the refused body below is closed by the head deadline, the path under test.
        let timeouts = RequestTimeouts(header: .seconds(1), body: .seconds(30))
        let server = try BackgroundServer(MockHTTPServer(service: MLSService(config: config), logger: log, timeouts: timeouts))
        defer { server.stop() }
        let probe = try HTTPProbe(baseURL: "http://127.0.0.1:\(server.port)", timeout: 5)

        let partial = try probe.connect()
        defer { close(partial) }
        try probe.write(partial, Array("GET /hea".utf8))
        XCTAssertEqual(try Self.readUntilClosed(partial).prefix(12), Array("HTTP/1.1 408".utf8)[...], "part of a head")

        let idle = try probe.connect()
        defer { close(idle) }
        try probe.write(idle, Array("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let served = try Self.readUntilClosed(idle)
        XCTAssertEqual(try HTTPProbe.parse(served, complete: false).status, 200)
        XCTAssertNil(Self.secondResponse(served), "an idle kept-alive connection is closed without a 408")

        let refused = try probe.connect()
        defer { close(refused) }
        let tooLarge = (2 << 20) + 1
        try probe.write(
            refused, Array("POST /xrpc/blue.catbird.mls.sendMessage HTTP/1.1\r\nHost: x\r\nContent-Length: \(tooLarge)\r\n\r\n".utf8))
        var answer = [UInt8](repeating: 0, count: 4096)
        let count = recv(refused, &answer, answer.count, 0)
        XCTAssertEqual(try HTTPProbe.parse(Array(answer.prefix(max(0, count))), complete: false).status, 413)
        _ = try? probe.write(refused, [UInt8](repeating: 0x20, count: tooLarge))
        let started = Date()
        _ = try Self.readUntilClosed(refused)
        XCTAssertLessThan(Date().timeIntervalSince(started), 4, "closed by the head deadline after the refused body ended")
    }

    /// Everything `socket` receives until the server closes it (or 5 s pass: the probe's receive timeout).
    static func readUntilClosed(_ socket: Int32) throws -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { return received }
            guard count > 0 else {
                if errno == ECONNRESET { return received }
                throw HTTPProbe.Failure(description: "still open: \(String(cString: strerror(errno)))")
            }
            received += buffer[0..<count]
        }
    }

    /// The bytes after the first response in `bytes`, when there are any.
    static func secondResponse(_ bytes: [UInt8]) -> [UInt8]? {
        guard let end = HTTPProbe.headerEnd(bytes) else { return nil }
        let head = String(decoding: bytes[0..<end], as: UTF8.self).lowercased()
        let length =
            head.components(separatedBy: "\r\n").compactMap { line -> Int? in
                line.hasPrefix("content-length:") ? Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) : nil
            }.first ?? 0
        let rest = bytes.dropFirst(end + 4 + length)
        return rest.isEmpty ? nil : Array(rest)
    }

    /// Whether the server has closed `socket` (what it sent before, such as a 408, is read and dropped).
    static func isClosed(_ socket: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count == 0 { return true }
            if count < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
        }
    }
}
