import CdevAuth
import CdevConformance
import CdevService
import ConformanceKit
import Dispatch
import Foundation
import Logging
import Synchronization
import WireCore
import XCTest

@testable import MockServers

/// The mock cdev server over real sockets: the live checker passes against it in both profiles,
/// `/ws` sends heartbeats, races over HTTP spend a token once, and its log keeps secrets out.
final class CdevMockServerTests: XCTestCase {
    static let identity = SecretFile(serverId: "AbCdEfGhIjKlMnOp", secret: (0..<32).map(UInt8.init))

    /// The server's clock, from the wall clock (the checker judges tokens by it); the checker moves it
    /// to see a pairing code expire.
    let clock = ManualClock(SystemClock().now())

    func start(_ profile: CdevProfile, requireAuth: Bool = true, logger: Logger? = nil) throws -> (BackgroundServer, CdevService) {
        var log = logger ?? Logger(label: "test")
        if logger == nil { log.logLevel = .warning }
        let config = CdevServiceConfig(
            profile: profile, requireAuth: requireAuth, port: 0, repositoryRoot: FileManager.default.currentDirectoryPath,
            heartbeatInterval: .milliseconds(200), allowedOrigins: ["*.example.com"])
        let service = CdevService(
            config: config, tokens: TokenManager(identity: Self.identity, profile: profile, clock: clock), clock: clock,
            log: serviceLog(log))
        return (try BackgroundServer(MockHTTPServer(service: service, logger: log)), service)
    }

    func check(_ profile: CdevProfile, port: Int) throws -> [CaseResult] {
        var options = CdevLiveChecker.Options(baseURL: "http://127.0.0.1:\(port)", identity: Self.identity, allowRevokeAll: true)
        options.wildcardOrigin = "*.example.com"
        options.advanceServerClock = { [clock] in clock.advance($0) }
        return try CdevLiveChecker(options: options).run()
    }

    func testCheckerPassesAgainstBaselineAndListsItsFindings() throws {
        let (server, _) = try start(.baseline)
        defer { server.stop() }
        let results = try check(.baseline, port: server.port)
        XCTAssertEqual(results.filter { $0.status != .pass }.map { "\($0.id): \($0.reason)" }, [])
        XCTAssertGreaterThanOrEqual(results.count, 30)
        XCTAssertEqual(
            Set(results.filter { $0.severity == .warning }.map(\.id)),
            [
                "cdev/live/cors-preflight", "cdev/live/ws-refresh-token", "cdev/live/ws-query-token", "cdev/live/status-without-token",
                "cdev/live/revoke-all-unauthenticated",
            ])
        // Each finding's reproducer is the request that shows it.
        let revokeAll = try XCTUnwrap(results.first { $0.id == "cdev/live/revoke-all-unauthenticated" })
        XCTAssertTrue(revokeAll.reproducer.hasPrefix("curl "), revokeAll.reproducer)
        XCTAssertTrue(revokeAll.reproducer.contains("-X POST"), revokeAll.reproducer)
        XCTAssertTrue(revokeAll.reproducer.contains("/api/pair/refresh"), revokeAll.reproducer)
        XCTAssertFalse(revokeAll.reproducer.contains("/ws"), revokeAll.reproducer)
    }

    func testCheckerPassesAgainstHead() throws {
        let (server, _) = try start(.head)
        defer { server.stop() }
        let results = try check(.head, port: server.port)
        XCTAssertEqual(results.filter { $0.status != .pass }.map { "\($0.id): \($0.reason)" }, [])
        XCTAssertTrue(results.contains { $0.id == "cdev/live/revoke" && $0.status == .pass })
        XCTAssertTrue(results.contains { $0.id == "cdev/live/status-with-access-token" && $0.status == .pass })
        XCTAssertEqual(
            Set(results.filter { $0.severity == .warning }.map(\.id)),
            ["cdev/live/cors-preflight", "cdev/live/revoke-all-unauthenticated"])
    }

    /// The checker must catch a server that breaks the contract, not only bless the mock: with
    /// auth off, every token check is skipped and the missing auth is a finding.
    func testCheckerNoticesAuthOff() throws {
        let (server, _) = try start(.baseline, requireAuth: false)
        defer { server.stop() }
        let results = try check(.baseline, port: server.port)
        XCTAssertEqual(results.first { $0.id == "cdev/live/auth-required" }?.severity, .warning)
        XCTAssertEqual(results.first { $0.id == "cdev/live/exchange" }?.status, .skip)
        XCTAssertFalse(results.contains { $0.status == .fail })
    }

    func testHeartbeatsArriveInTheLegacyEnvelope() throws {
        let (server, service) = try start(.baseline)
        defer { server.stop() }
        let access = service.tokens.mint(.access).token
        let probe = try WebSocketProbe(
            try HTTPProbe(baseURL: "http://127.0.0.1:\(server.port)", timeout: 5), target: "/ws",
            headers: [("Authorization", "Bearer \(access)")])
        XCTAssertTrue(probe.upgraded)
        let first = try XCTUnwrap(probe.receiveText())
        let object = try XCTUnwrap(JSONParser.parse(first).objectValue)
        XCTAssertEqual(object.map(\.key), ["event", "timestamp", "payload"])
        XCTAssertEqual(object["event"], "heartbeat")
        XCTAssertEqual(object["payload"]?.objectValue?.map(\.key), ["server_time", "sequence", "claude_status", "uptime_seconds"])
        XCTAssertEqual(object["payload"]?.objectValue?["sequence"], .int(1))
        let second = try XCTUnwrap(probe.receiveText())
        XCTAssertEqual(try JSONParser.parse(second).objectValue?["payload"]?.objectValue?["sequence"], .int(2))
    }

    /// Issue 42, bug 2: a `/ws` client that sends requests and never reads the replies is held back by the socket once
    /// the replies fill it; the server reads no further ahead. Before, it read every request into a queue (410 MB).
    /// Here the client sends 16 KB requests, each answered with 16 KB, until a send waits 2 s: what the server took
    /// by then is bounded by the kernel's socket buffers (a few MB each way) and NIO's, far below 64 MB.
    func testWebSocketClientThatNeverReadsIsHeldBackBySocketBuffers() throws {
        let (server, service) = try start(.baseline)
        defer { server.stop() }
        let access = service.tokens.mint(.access).token
        let probe = try WebSocketProbe(
            try HTTPProbe(baseURL: "http://127.0.0.1:\(server.port)", timeout: 2), target: "/ws",
            headers: [("Authorization", "Bearer \(access)")])
        XCTAssertTrue(probe.upgraded)
        let request = JSONWriter.compact(["jsonrpc": "2.0", "id": 1, "method": .string(String(repeating: "m", count: 16 << 10))])
        let bound = 64 << 20
        var sent = 0
        while sent < bound, (try? probe.sendText(request)) != nil { sent += request.utf8.count }
        XCTAssertLessThan(sent, bound, "the server kept reading requests whose replies nobody read")
        print("a /ws client that never reads got \(sent >> 10) KiB of requests in before its send waited")
        XCTAssertGreaterThan(sent, 1 << 20, "the server answered the first requests")
        // Other clients are served meanwhile.
        XCTAssertEqual(try HTTPProbe(baseURL: "http://127.0.0.1:\(server.port)", timeout: 5).send("GET", "/api/pair/info").status, 200)
    }

    /// Every spelling of `/ws` that Hummingbird's router takes to the WebSocket route goes through cdev's gate first:
    /// without a token each is answered cdev's 401 (they reached the route past the gate, whose rate limit and faults
    /// they skipped, and got Hummingbird's empty 400).
    func testEverySpellingOfTheWebSocketPathIsGated() throws {
        let (server, _) = try start(.baseline)
        defer { server.stop() }
        let probe = try HTTPProbe(baseURL: "http://127.0.0.1:\(server.port)", timeout: 5)
        let upgrade =
            "HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Key: d2lyZWNoZWNrLXByb2JlIQ==\r\n\r\n"
        for target in ["/ws", "/ws/", "//ws", "/ws?x=1", "http://127.0.0.1:\(server.port)/ws", "http://x/ws/?a", "http://x/ws#f"] {
            let reply = try probe.exchange(raw: Array("GET \(target) \(upgrade)".utf8))
            XCTAssertEqual(reply.status, 401, target)
            XCTAssertEqual(String(decoding: reply.body, as: UTF8.self), "Unauthorized\n", target)
        }
        XCTAssertEqual(WebSocketGateHandler.routedComponents("http://h:1?q"), [])
        for (address, loopback) in [("127.0.0.2", true), ("::1", true), ("::ffff:127.0.0.2", true), ("::ffff:10.0.0.1", false)] {
            XCTAssertEqual(MockRequestContext.isLoopback(ipAddress: address), loopback, address)
        }
        XCTAssertEqual(WebSocketGateHandler.routedComponents("/a//b/?c/d"), ["a", "b"])
    }

    /// Head closes a `/ws` client past 600 messages a minute with 1008 "message rate limit exceeded" (cdev HEAD's
    /// default; issue 42: the head profile lacked it). Baseline has no such limit.
    func testHeadClosesAWebSocketPastItsMessageRate() throws {
        for profile in [CdevProfile.head, .baseline] {
            let (server, service) = try start(profile)
            defer { server.stop() }
            let probe = try WebSocketProbe(
                try HTTPProbe(baseURL: "http://127.0.0.1:\(server.port)", timeout: 5), target: "/ws",
                headers: [("Authorization", "Bearer \(service.tokens.mint(.access).token)")])
            XCTAssertTrue(probe.upgraded)
            // Notifications (no id): no answers, only heartbeats come back.
            for _ in 0..<601 { try probe.sendText(#"{"jsonrpc":"2.0","method":"wirecheck/ping"}"#) }
            if profile == .head {
                while probe.receiveText() != nil {}
                XCTAssertEqual(probe.closeFrame?.code, 1008)
                XCTAssertEqual(probe.closeFrame?.reason, "message rate limit exceeded")
            } else {
                XCTAssertNotNil(probe.receiveText(), "baseline keeps the connection: a heartbeat arrives")
                XCTAssertNil(probe.closeFrame)
            }
        }
    }

    /// Acceptance: 100 concurrent exchanges of one pairing token over HTTP → exactly one pair;
    /// 100 concurrent refreshes of one refresh token → exactly one.
    func testConcurrentExchangesAndRefreshesOverHTTP() throws {
        let (server, service) = try start(.baseline)
        defer { server.stop() }
        let http = try HTTPProbe(baseURL: "http://127.0.0.1:\(server.port)", timeout: 20)
        func race(_ path: String, _ field: String, _ token: String) -> [Int: Int] {
            let statuses = Mutex<[Int: Int]>([:])
            let body = Array(JSONWriter.compact([field: .string(token)]).utf8)
            DispatchQueue.concurrentPerform(iterations: 100) { _ in
                let status = (try? http.send("POST", path, headers: [("Content-Type", "application/json")], body: body).status) ?? -1
                statuses.withLock { $0[status, default: 0] += 1 }
            }
            return statuses.withLock { $0 }
        }
        XCTAssertEqual(race("/api/auth/exchange", "pairing_token", service.tokens.mint(.pairing).token), [200: 1, 401: 99])
        let refresh = try service.tokens.exchange(pairingToken: service.tokens.mint(.pairing).token).refreshToken
        XCTAssertEqual(race("/api/auth/refresh", "refresh_token", refresh), [200: 1, 401: 99])
    }

    /// Acceptance: no secret, token or HMAC key in the server's log at the default level.
    func testServerLogAtDefaultLevelHasNoSecrets() throws {
        let capture = CapturedLog()
        var logger = Logger(label: "wirecheck.cdev-mock") { _ in capture }
        logger.logLevel = .info
        let (server, service) = try start(.baseline, logger: logger)
        let results = try check(.baseline, port: server.port)
        server.stop()
        XCTAssertFalse(results.isEmpty)
        let text = capture.text
        XCTAssertTrue(text.contains("POST /api/auth/exchange 200"), "the log has the requests")
        for secret in [
            "cdev_", "eyJ", "token=", Base64.encode(Self.identity.secret, variant: .foundation), Hex.encode(Self.identity.secret),
            Base64.encode(service.tokens.secret, variant: .foundation),
        ] {
            XCTAssertFalse(text.contains(secret), "the log mentions \(secret.prefix(12))…")
        }
    }
}

/// A swift-log handler that keeps every line, with its metadata.
final class CapturedLog: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.withLock { lines.append("\(event.level) \(event.message) \(event.metadata ?? [:]) \(metadata)") }
    }

    var text: String { lock.withLock { lines.joined(separator: "\n") } }
}
