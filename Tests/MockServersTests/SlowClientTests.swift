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
        let dribbled = Array("GET \(path) HTTP/1.1\r\nHost: x\r\nX-Slow: \(String(repeating: "a", count: 200))\r\n\r\n".utf8)
        var slow: [(name: String, socket: Int32, pending: ArraySlice<UInt8>, closedAfter: Double?)] = [
            ("head a byte at a time", try probe.connect(), dribbled[...], nil),
            ("body that stalls", try probe.connect(), [], nil),
            ("nothing sent", try probe.connect(), [], nil),
        ]
        defer { for client in slow { close(client.socket) } }
        let stalledBody = "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"a\":"
        try probe.write(slow[1].socket, Array(stalledBody.utf8))

        let started = Date()
        let served = try probe.send("GET", path)
        XCTAssertEqual(served.status, 200, "a well-behaved client beside the slow ones")
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)

        while Date().timeIntervalSince(started) < 5, slow.contains(where: { $0.closedAfter == nil }) {
            for index in slow.indices where slow[index].closedAfter == nil {
                if let byte = slow[index].pending.popFirst() { try probe.write(slow[index].socket, [byte]) }
                if Self.isClosed(slow[index].socket) { slow[index].closedAfter = Date().timeIntervalSince(started) }
            }
            usleep(100_000)
        }
        for client in slow {
            let closedAfter = try XCTUnwrap(client.closedAfter, "\(client.name): still open after 5 s")
            XCTAssertGreaterThan(closedAfter, 0.9, "\(client.name) was closed before its timeout")
        }
        XCTAssertFalse(slow[0].pending.isEmpty, "closed while its head was still coming, not after it was whole")
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
