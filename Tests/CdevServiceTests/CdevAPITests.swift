import CdevAuth
import Foundation
import HTTPExchange
import QRImage
import WireCore
import XCTest

@testable import CdevService

/// The endpoints of cdev spec sections 4.1–4.3 through `CdevService.handle`: statuses, exact
/// bodies, content types and CORS, in both profiles.
final class CdevAPITests: XCTestCase {
    static let identity = SecretFile(serverId: "AbCdEfGhIjKlMnOp", secret: (0..<32).map(UInt8.init))
    var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("cdev-root-\(UUID())/repo").path
        try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
        try "hello\n".write(toFile: root + "/src/a.txt", atomically: true, encoding: .utf8)
        try "secret".write(toFile: (root as NSString).deletingLastPathComponent + "/outside.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/link", withDestinationPath: (root as NSString).deletingLastPathComponent + "/outside.txt")
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent) }

    func service(
        _ profile: CdevProfile = .baseline, requireAuth: Bool = true, approval: Bool = false, offset: Int = 7 * 3600,
        origins: [String] = [], clock: any WireClock = SystemClock()
    ) -> CdevService {
        let config = CdevServiceConfig(
            profile: profile, requireAuth: requireAuth, sessionId: "6f57d617-8d94-4810-b135-cddff5bc1007", repositoryRoot: root,
            utcOffsetSeconds: offset, allowedOrigins: origins, pairingApproval: approval)
        return CdevService(
            config: config, tokens: TokenManager(identity: Self.identity, profile: profile, clock: clock), clock: clock,
            random: SeededRandom(seed: 9))
    }

    func post(_ service: CdevService, _ path: String, _ body: String, loopback: Bool = true) -> APIResponse {
        service.handle(
            APIRequest(
                method: "POST", path: path, headers: [("Content-Type", "application/json")], body: Array(body.utf8), fromLoopback: loopback)
        )
    }

    func get(_ service: CdevService, _ path: String, query: String = "", headers: [(name: String, value: String)] = []) -> APIResponse {
        service.handle(APIRequest(method: "GET", path: path, query: query, headers: headers))
    }

    func testExchangeTable() throws {
        let api = service()
        let cases: [(String, Int, String)] = [
            ("not json", 400, #"{"error":"Invalid request body"}"#),
            ("", 400, #"{"error":"Invalid request body"}"#),
            ("[1]", 400, #"{"error":"Invalid request body"}"#),
            (#"{"pairing_token":1}"#, 400, #"{"error":"Invalid request body"}"#),
            ("{}", 400, #"{"error":"pairing_token is required"}"#),
            ("null", 400, #"{"error":"pairing_token is required"}"#),
            (#"{"pairing_token":""}"#, 400, #"{"error":"pairing_token is required"}"#),
            (#"{"pairing_token":"cdev_p_garbage"}"#, 401, #"{"error":"Invalid or expired pairing token"}"#),
            (#"{"pairing_token":"\#(api.tokens.mint(.access).token)"}"#, 401, #"{"error":"Invalid or expired pairing token"}"#),
        ]
        for (body, status, json) in cases {
            let response = post(api, "/api/auth/exchange", body)
            XCTAssertEqual(response.status, status, body)
            XCTAssertEqual(response.bodyText, json + "\n", body)
            XCTAssertEqual(response.header("Content-Type"), "application/json")
        }
        let token = api.tokens.mint(.pairing).token
        // Go's decoder: keys case-insensitive, one value read, what follows ignored.
        let ok = post(api, "/api/auth/exchange", #"{"PAIRING_TOKEN":"\#(token)"} trailing"#)
        XCTAssertEqual(ok.status, 200, ok.bodyText)
        let pair = try TokenPairResponse.parse(ok.body)
        XCTAssertTrue(ok.bodyText.contains("+07:00\""))
        XCTAssertEqual(pair.tokenType, "Bearer")
        XCTAssertTrue((899...900).contains(pair.expiresIn))
        XCTAssertEqual(post(api, "/api/auth/exchange", #"{"pairing_token":"\#(token)"}"#).status, 401, "one-time")
        let wrong = get(api, "/api/auth/exchange")
        XCTAssertEqual(wrong.status, 405)
        XCTAssertEqual(wrong.bodyText, "Method not allowed\n")
        XCTAssertEqual(wrong.header("Content-Type"), "text/plain; charset=utf-8")
        XCTAssertEqual(wrong.header("X-Content-Type-Options"), "nosniff")
    }

    func testRefreshTableAndCORS() throws {
        let api = service()
        let pair = try TokenPairResponse.parse(
            post(api, "/api/auth/exchange", #"{"pairing_token":"\#(api.tokens.mint(.pairing).token)"}"#).body)
        XCTAssertEqual(post(api, "/api/auth/refresh", "{}").bodyText, #"{"error":"refresh_token is required"}"# + "\n")
        XCTAssertEqual(
            post(api, "/api/auth/refresh", #"{"refresh_token":"\#(pair.accessToken)"}"#).bodyText,
            #"{"error":"Invalid or expired refresh token"}"# + "\n")
        let refreshed = post(api, "/api/auth/refresh", #"{"refresh_token":"\#(pair.refreshToken)"}"#)
        XCTAssertEqual(refreshed.status, 200)
        XCTAssertEqual(post(api, "/api/auth/refresh", #"{"refresh_token":"\#(pair.refreshToken)"}"#).status, 401)
        XCTAssertEqual(refreshed.header("Access-Control-Allow-Origin"), "*")
        XCTAssertEqual(refreshed.header("Access-Control-Allow-Methods"), "GET, POST, OPTIONS")
        let preflight = api.handle(APIRequest(method: "OPTIONS", path: "/anything"))
        XCTAssertEqual(preflight.status, 200)
        XCTAssertTrue(preflight.body.isEmpty)
        let missing = get(api, "/nope")
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(missing.bodyText, "404 page not found\n")
    }

    func testPairInfoMintsOnEveryCallOnlyWithAuth() throws {
        let open = get(service(requireAuth: false), "/api/pair/info")
        XCTAssertEqual(
            open.bodyText,
            #"{"ws":"ws://127.0.0.1:8766/ws","http":"http://127.0.0.1:8766","session":"6f57d617-8d94-4810-b135-cddff5bc1007","repo":"rep"#
                + #"o"}"#
                + "\n")
        let api = service()
        let first = try PairingInfo.parse(get(api, "/api/pair/info").body)
        let second = try PairingInfo.parse(get(api, "/api/pair/info").body)
        XCTAssertNotNil(first.token)
        XCTAssertNotEqual(first.token, second.token)
        XCTAssertEqual(try api.tokens.validate(first.token!).expiresAt, first.tokenExpiresAt)
        let head = service(.head)
        XCTAssertEqual(
            try PairingInfo.parse(get(head, "/api/pair/info").body),
            PairingInfo(
                ws: "ws://127.0.0.1:8766/ws", http: "http://127.0.0.1:8766", session: "6f57d617-8d94-4810-b135-cddff5bc1007", repo: "repo",
                authRequired: true))
        XCTAssertNotNil(try PairingInfo.parse(get(head, "/api/pair/info", query: "include_token=1").body).token)
    }

    func testPairRefreshRevokesEverything() throws {
        let api = service()
        let pair = try TokenPairResponse.parse(
            post(api, "/api/auth/exchange", #"{"pairing_token":"\#(api.tokens.mint(.pairing).token)"}"#).body)
        let response = post(api, "/api/pair/refresh", "")
        XCTAssertEqual(response.status, 200)
        let object = try XCTUnwrap(JSONParser.parse(response.body).objectValue)
        XCTAssertEqual(object.map(\.key), ["token", "expires_at", "message"])
        XCTAssertEqual(object["message"], "All previous tokens have been revoked")
        XCTAssertThrowsError(try api.tokens.validate(pair.accessToken))
        XCTAssertNoThrow(try api.tokens.validate(object["token"]!.stringValue!))
    }

    func testQRCodeReadsBackAsThePairingJSON() throws {
        let api = service()
        let response = get(api, "/api/pair/qr", query: "size=300")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Type"), "image/png")
        XCTAssertEqual(response.header("Cache-Control"), "no-cache, no-store, must-revalidate")
        XCTAssertEqual(Self.pngSize(response.body), 300)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cdev-qr-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        FileManager.default.createFile(atPath: path, contents: Data(response.body))
        let text = try Self.zbarimg(path)
        let info = try PairingInfo.parse(Array(text.utf8))
        XCTAssertEqual(text, info.qrText, "the QR holds the sorted-key JSON, byte for byte")
        XCTAssertEqual(info.ws, "ws://127.0.0.1:8766/ws")
        XCTAssertNoThrow(try api.tokens.validate(info.token!))
        // size: default 256; 1..512 accepted (1 grows to the smallest readable image); others ignored.
        XCTAssertEqual(Self.pngSize(get(api, "/api/pair/qr").body), 256)
        XCTAssertEqual(Self.pngSize(get(api, "/api/pair/qr", query: "size=513").body), 256)
        XCTAssertEqual(Self.pngSize(get(api, "/api/pair/qr", query: "size=abc").body), 256)
        XCTAssertEqual(Self.pngSize(get(api, "/api/pair/qr", query: "size=512").body), 512)
        let tiny = try XCTUnwrap(Self.pngSize(get(api, "/api/pair/qr", query: "size=1").body))
        XCTAssertGreaterThan(tiny, 20)
    }

    /// Width from the PNG's IHDR chunk.
    static func pngSize(_ png: [UInt8]) -> Int? {
        guard png.count > 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        return png[16..<20].reduce(0) { $0 << 8 | Int($1) }
    }

    static func zbarimg(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--raw", "-q", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "zbarimg could not read the QR code")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    func testFileStaysInsideTheRoot() throws {
        let api = service()
        let ok = get(api, "/api/file", query: "path=src/a.txt")
        XCTAssertEqual(ok.status, 200)
        XCTAssertEqual(try JSONParser.parse(ok.body).objectValue?["content"], "hello\n")
        for (query, status) in [
            ("path=../outside.txt", 403), ("path=%2Fetc%2Fpasswd", 404), ("path=src%2F..%2F..%2Foutside.txt", 403), ("path=link", 403),
            ("", 400), ("path=missing", 404), ("path=src", 400),
            // A directory next to the root whose name starts with the root's: outside, however it is spelled.
            ("path=..%2Frepo-sibling%2Fx.txt", 403), ("path=..%2Frepox", 403),
        ] {
            XCTAssertEqual(get(api, "/api/file", query: query).status, status, query)
        }
    }

    /// Head's pairing code: six digits exactly (a shorter code never redeems, whatever it matches),
    /// valid 600 s, then replaced by a new one.
    func testHeadPairingCodeLengthAndExpiry() throws {
        let clock = ManualClock(1_735_516_800)
        let api = service(.head, clock: clock)
        let code = api.currentPairingCode()
        for prefix in 1..<6 {
            XCTAssertEqual(post(api, "/api/pair/code", #"{"code":"\#(code.prefix(prefix))"}"#).status, 401, "prefix \(prefix)")
        }
        XCTAssertEqual(post(api, "/api/pair/code", #"{"code":"\#(code)0"}"#).status, 401, "a seventh digit")
        clock.advance(600)
        XCTAssertEqual(api.currentPairingCode(), code, "still valid at exactly 600 s")
        clock.advance(1)
        XCTAssertEqual(post(api, "/api/pair/code", #"{"code":"\#(code)"}"#).status, 401, "expired after 600 s")
        let next = api.currentPairingCode()
        XCTAssertNotEqual(next, code, "an expired code is replaced")
        XCTAssertEqual(post(api, "/api/pair/code", #"{"code":"\#(next)"}"#).status, 200)
    }

    /// security/origin.go: "*.example.com" lets subdomains in, not a host that merely ends in
    /// "example.com"; exact entries match the whole origin or its host.
    func testAllowedOriginsWildcardNeedsTheDot() {
        let api = service(.head, origins: ["*.example.com", "https://exact.test"])
        for (origin, allowed) in [
            ("https://app.example.com", true), ("https://a.b.example.com", true), ("https://evilexample.com", false),
            ("https://example.com.evil.test", false), ("https://exact.test", true), ("https://other.test", false),
            ("http://localhost:3000", true),
        ] {
            XCTAssertEqual(api.originAllowed(origin), allowed, origin)
        }
    }

    func testHeadBearerMiddleware() throws {
        let api = service(.head)
        let pair = try TokenPairResponse.parse(
            post(api, "/api/auth/exchange", #"{"pairing_token":"\#(api.tokens.mint(.pairing).token)"}"#).body)
        XCTAssertEqual(get(api, "/api/status").bodyText, "Unauthorized\n")
        XCTAssertEqual(get(api, "/api/status", headers: [("Authorization", "Bearer \(pair.accessToken)")]).status, 200)
        XCTAssertEqual(get(api, "/api/git/status", headers: [("Authorization", "Bearer \(pair.accessToken)")]).status, 200)
        XCTAssertEqual(get(api, "/api/status", headers: [("Authorization", "Bearer \(pair.refreshToken)")]).status, 401)
        XCTAssertEqual(get(api, "/api/status", headers: [("Authorization", "Bearer \(api.tokens.mint(.pairing).token)")]).status, 401)
        XCTAssertEqual(
            get(api, "/api/status", headers: [("Authorization", "bearer \(pair.accessToken)")]).status, 401, "the prefix is case-sensitive")
        XCTAssertEqual(get(api, "/api/status", query: "token=\(pair.accessToken)").status, 401)
        XCTAssertEqual(get(api, "/api/pair/info").status, 200, "exempt")
        XCTAssertEqual(get(service(.baseline), "/api/status").status, 200, "baseline leaves the API open (spec section 9, gap 1)")
    }

    func testHeadPairingCodeIsOneTime() throws {
        let api = service(.head)
        XCTAssertEqual(post(api, "/api/pair/code", #"{"code":"000000x"}"#).status, 401)
        XCTAssertEqual(post(api, "/api/pair/code", "{}").bodyText, #"{"error":"code is required"}"# + "\n")
        let code = api.currentPairingCode()
        XCTAssertEqual(code.count, 6)
        let response = post(api, "/api/pair/code", #"{"code":"\#(code)"}"#)
        XCTAssertEqual(response.status, 200)
        let object = try XCTUnwrap(JSONParser.parse(response.body).objectValue)
        XCTAssertEqual(object.map(\.key), ["pairing_token", "expires_at", "expires_in"])
        XCTAssertEqual(post(api, "/api/pair/code", #"{"code":"\#(code)"}"#).status, 401, "spent")
        XCTAssertEqual(
            post(service(.head, requireAuth: false), "/api/pair/code", #"{"code":"1"}"#).bodyText,
            #"{"error":"Pairing code not available"}"# + "\n")
    }

    func testHeadApprovalFlow() throws {
        let api = service(.head, approval: true)
        for approve in [true, false] {
            let token = api.tokens.mint(.pairing).token
            let pending = post(api, "/api/auth/exchange", #"{"pairing_token":"\#(token)"}"#)
            XCTAssertEqual(pending.status, 202)
            let object = try XCTUnwrap(JSONParser.parse(pending.body).objectValue)
            XCTAssertEqual(object["status"], "pending_approval")
            let id = try XCTUnwrap(object["request_id"]?.stringValue)
            XCTAssertTrue(id.hasPrefix("pairreq_") && id.count == 32, id)
            XCTAssertTrue(object["expires_at"]!.stringValue!.hasSuffix("Z"), "UTC")
            XCTAssertEqual(post(api, "/api/auth/exchange", #"{"pairing_token":"\#(token)"}"#).status, 202, "still pending")
            XCTAssertEqual(
                post(api, "/api/auth/pairing/approve", #"{"request_id":"\#(id)"}"#, loopback: false).bodyText,
                #"{"error":"Forbidden"}"# + "\n")
            XCTAssertEqual(
                post(api, approve ? "/api/auth/pairing/approve" : "/api/auth/pairing/reject", #"{"request_id":"\#(id)"}"#).status, 200)
            let final = post(api, "/api/auth/exchange", #"{"pairing_token":"\#(token)"}"#)
            XCTAssertEqual(final.status, approve ? 200 : 403, final.bodyText)
        }
        XCTAssertEqual(
            post(service(.head), "/api/auth/pairing/approve", #"{"request_id":"x"}"#).bodyText,
            #"{"error":"Pairing approval not enabled"}"# + "\n")
    }

    func testWebSocketGate() throws {
        let upgrade: [(name: String, value: String)] = [
            ("Connection", "keep-alive, Upgrade"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13"),
            ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ]
        for profile in CdevProfile.allCases {
            let api = service(profile)
            let pair = try TokenPairResponse.parse(
                post(api, "/api/auth/exchange", #"{"pairing_token":"\#(api.tokens.mint(.pairing).token)"}"#).body)
            func gate(_ extra: [(name: String, value: String)], query: String = "") -> Int? {
                api.webSocketGate(APIRequest(method: "GET", path: "/ws", query: query, headers: upgrade + extra))?.status
            }
            XCTAssertNil(gate([("Authorization", "Bearer \(pair.accessToken)")]), "\(profile)")
            XCTAssertEqual(gate([]), 401)
            XCTAssertEqual(gate([("Authorization", "Bearer cdev_s_x")]), 401)
            XCTAssertEqual(gate([("Authorization", "Bearer \(pair.accessToken)"), ("Origin", "https://evil.example")]), 403)
            XCTAssertNil(gate([("Authorization", "Bearer \(pair.accessToken)"), ("Origin", "http://localhost:3000")]))
            XCTAssertEqual(gate([], query: "token=\(pair.accessToken)"), profile == .baseline ? nil : 401, "?token= is baseline only")
            XCTAssertEqual(
                gate([("Authorization", "Bearer \(pair.refreshToken)")]), profile == .baseline ? nil : 401, "any type in baseline")
            XCTAssertEqual(
                api.webSocketGate(APIRequest(method: "GET", path: "/ws", headers: [("Authorization", "Bearer \(pair.accessToken)")]))?
                    .status, 400)
        }
        XCTAssertNil(
            service(requireAuth: false).webSocketGate(APIRequest(method: "GET", path: "/ws", headers: upgrade)), "no auth, no token needed")
        // gorilla's challenge key: standard Base64 of 16 bytes, else 400 (issue 42: none got no answer, a short one 101).
        let open = service(requireAuth: false)
        for key in [nil, "c2hvcnQ=", "not base64!!", "dGhlIHNhbXBsZSBub25jZQ"] {
            let headers = upgrade.filter { $0.name != "Sec-WebSocket-Key" } + (key.map { [("Sec-WebSocket-Key", $0)] } ?? [])
            XCTAssertEqual(open.webSocketGate(APIRequest(method: "GET", path: "/ws", headers: headers))?.status, 400, "\(key ?? "no key")")
        }
    }

    /// `--faults`: by path, the next N calls or the K-th, answered as Go's `http.Error`; `/ws` refused before the upgrade.
    func testInjectedFaults() throws {
        var config = CdevServiceConfig(profile: .baseline, requireAuth: false, repositoryRoot: root)
        config.faults = try FaultPlan(parsing: "/api/status:503x2, /api/pair/info:429@2/7, /ws:502@1")
        let api = CdevService(config: config, tokens: TokenManager(identity: Self.identity))
        let status = (0..<3).map { _ in api.handle(APIRequest(method: "GET", path: "/api/status")) }
        XCTAssertEqual(status.map(\.status), [503, 503, 200])
        XCTAssertEqual(status[0].bodyText, "Service Unavailable\n")
        XCTAssertEqual(status[0].header("Access-Control-Allow-Origin"), "*", "cdev's CORS wraps injected failures too")
        let info = (0..<3).map { _ in api.handle(APIRequest(method: "GET", path: "/api/pair/info")) }
        XCTAssertEqual(info.map(\.status), [200, 429, 200])
        XCTAssertEqual(info[1].header("Retry-After"), "7")
        let upgrade = APIRequest(
            method: "GET", path: "/ws",
            headers: [
                ("Connection", "Upgrade"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13"),
                ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
            ])
        XCTAssertEqual(api.webSocketAdmission(upgrade)?.status, 502)
        XCTAssertNil(api.webSocketAdmission(upgrade))
        XCTAssertNil(api.webSocketGate(upgrade))
    }

    /// HEAD's `require_secure_transport` with `bind_localhost_only` off: a request from another machine is 426 after the
    /// Bearer check, `/ws` included; this machine and OPTIONS are not affected.
    func testSecureTransportIsRequiredOfOtherMachines() throws {
        var config = CdevServiceConfig(profile: .head, repositoryRoot: root, bindLocalhostOnly: false)
        config.requireSecureTransport = true
        let api = CdevService(config: config, tokens: TokenManager(identity: Self.identity, profile: .head))
        let bearer = ("Authorization", "Bearer \(api.tokens.mint(.access).token)")
        func status(_ path: String, _ headers: [(String, String)], remote: Bool, method: String = "GET") -> APIResponse {
            api.handle(APIRequest(method: method, path: path, headers: headers, fromLoopback: !remote))
        }
        let refused = status("/api/status", [bearer], remote: true)
        XCTAssertEqual(refused.status, 426)
        XCTAssertEqual(refused.bodyText, "Upgrade to HTTPS/WSS is required\n")
        XCTAssertEqual(status("/api/status", [], remote: true).status, 401, "the Bearer check comes first")
        XCTAssertEqual(status("/api/pair/info", [], remote: true).status, 426, "exempt from Bearer, not from TLS")
        XCTAssertEqual(status("/api/status", [bearer], remote: false).status, 200)
        XCTAssertEqual(status("/api/status", [], remote: true, method: "OPTIONS").status, 200)
        let upgrade = APIRequest(
            method: "GET", path: "/ws",
            headers: [
                bearer, ("Connection", "Upgrade"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13"),
                ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
            ], fromLoopback: false)
        XCTAssertEqual(api.webSocketGate(upgrade)?.status, 426)
    }

    /// HEAD's optional `security.rate_limit` (`--rate-limit`): N requests per client IP in any 60 s, then 429 with cdev's
    /// JSON and `Retry-After: 60`, before CORS; `/ws` attempts count too; other clients are not affected.
    func testRateLimitPerClient() throws {
        let clock = ManualClock(1_735_516_800)
        var config = CdevServiceConfig(profile: .head, requireAuth: false, repositoryRoot: root)
        config.rateLimitPerMinute = 3
        let api = CdevService(config: config, tokens: TokenManager(identity: Self.identity, profile: .head, clock: clock), clock: clock)
        func code(_ client: String) -> APIResponse {
            api.handle(
                APIRequest(
                    method: "POST", path: "/api/pair/code", headers: [("Content-Type", "application/json")],
                    body: Array(#"{"code":"000000"}"#.utf8), clientAddress: client))
        }
        let answers = (0..<3).map { _ in code("192.0.2.1") }
        XCTAssertEqual(answers.map { $0.header("X-RateLimit-Remaining") }, ["2", "1", "0"])
        XCTAssertTrue(answers.allSatisfy { $0.status != 429 })
        let refused = code("192.0.2.1")
        XCTAssertEqual(refused.status, 429)
        XCTAssertEqual(refused.header("Retry-After"), "60")
        XCTAssertEqual(
            refused.bodyText, #"{"error":"rate limit exceeded","message":"Too many requests. Please wait before trying again."}"# + "\n")
        XCTAssertNil(refused.header("Access-Control-Allow-Origin"), "the limiter is outside cdev's CORS middleware")
        XCTAssertNotEqual(code("192.0.2.2").status, 429, "another client has its own budget")
        XCTAssertEqual(api.webSocketAdmission(APIRequest(method: "GET", path: "/ws", clientAddress: "192.0.2.1"))?.status, 429)
        clock.advance(60.5)
        XCTAssertNotEqual(code("192.0.2.1").status, 429, "the window slides")
    }

    /// The limiter's table holds the clients of about the last minute: 3,000 clients that went quiet are dropped as new
    /// ones come (it kept every address it ever saw), while a client within its minute keeps its count.
    func testRateLimitForgetsQuietClients() {
        let limit = ClientRateLimit(perMinute: 2)
        for client in 0..<3000 { _ = limit.admit("198.51.100.\(client)", now: 1000) }
        _ = limit.admit("192.0.2.1", now: 1030)
        XCTAssertNil(limit.admit("192.0.2.1", now: 1031).refusal, "the second request of a minute passes")
        for client in 0..<2000 { _ = limit.admit("203.0.113.\(client)", now: 1061) }
        XCTAssertLessThan(limit.clientCount, 2100, "the 3,000 quiet clients were dropped")
        XCTAssertNotNil(limit.admit("192.0.2.1", now: 1062).refusal, "a client within its minute is still counted")
    }

    /// Nothing secret in the service's log lines, through a full pairing flow at every level.
    func testLogLinesCarryNoSecrets() throws {
        let lines = LogCollector()
        let config = CdevServiceConfig(profile: .baseline, requireAuth: true, repositoryRoot: root)
        let api = CdevService(
            config: config, tokens: TokenManager(identity: Self.identity), log: { level, line in lines.add("\(level) \(line)") })
        let info = try PairingInfo.parse(api.handle(APIRequest(method: "GET", path: "/api/pair/info")).body)
        let pair = try TokenPairResponse.parse(post(api, "/api/auth/exchange", #"{"pairing_token":"\#(info.token!)"}"#).body)
        _ = post(api, "/api/auth/refresh", #"{"refresh_token":"\#(pair.refreshToken)"}"#)
        _ = post(api, "/api/auth/refresh", #"{"refresh_token":"\#(pair.refreshToken)"}"#)
        _ = api.webSocketGate(
            APIRequest(method: "GET", path: "/ws", query: "token=\(pair.accessToken)", headers: [("Upgrade", "websocket")]))
        _ = post(api, "/api/pair/refresh", "")
        // A client that puts a token in the path (a wrong route) is logged without the path.
        _ = api.handle(APIRequest(method: "GET", path: "/api/pair/\(pair.accessToken)"))
        let all = lines.joined
        XCTAssertFalse(all.isEmpty)
        XCTAssertTrue(all.contains("GET (path with a token, not logged) 404"), all)
        // Every token starts cdev_ and every token body eyJ (base64 of {"); the secret in both encodings.
        for secret in [
            "cdev_", "eyJ", Base64.encode(Self.identity.secret, variant: .foundation), Hex.encode(Self.identity.secret),
            Base64.encode(api.tokens.secret, variant: .foundation),
        ] {
            XCTAssertFalse(all.contains(secret), "log mentions \(secret.prefix(12))…")
        }
    }
}

final class LogCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var joined: String { lock.withLock { lines.joined(separator: "\n") } }
}
