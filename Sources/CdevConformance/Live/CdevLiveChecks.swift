import CdevAuth
import ConformanceKit
import Foundation
import WireCore

/// The checks of `wirecheck check cdev`, in the order a client meets the server: pairing info,
/// the error paths of the auth API, the token lifecycle, the `/ws` gate, protected routes, and
/// last the destructive revoke-all.
extension CdevLiveChecker {
    /// Tokens carried from one check to the next.
    struct Session {
        var info: JSONObject?
        var authRequired = false
        var pairingToken: String?
        var first: TokenPairResponse?
        var second: TokenPairResponse?
    }

    /// Runs every check in order and returns their results.
    public func run() -> [CaseResult] {
        var session = Session()
        checkPairInfo(&session)
        checkPairQR()
        checkErrorPaths(session)
        checkPairCode(session)
        checkLifecycle(&session)
        checkWebSocketGate(session)
        checkProtectedRoutes(session)
        checkRevoke(session)
        checkRevokeAll(session)
        // Last: it moves the server's clock.
        checkPairCodeExpiry(session)
        return results
    }

    // MARK: Pairing info

    func checkPairInfo(_ session: inout Session) {
        check("pair-info-shape", spec: ["4.2"]) {
            let reply = try request("GET", "/api/pair/info")
            guard reply.status == 200 else { return .fail("status \(reply.status), expected 200") }
            guard reply.header("Content-Type") == "application/json" else {
                return .fail("Content-Type \(reply.header("Content-Type") ?? "none")")
            }
            guard reply.body.last == 0x0A else { return .fail("body does not end with the newline of Go's json.Encoder") }
            guard let object = (try? JSONParser.parse(reply.body))?.objectValue else {
                return .fail("body is not a JSON object: \(reply.text.prefix(200).debugDescription)")
            }
            let keys = object.map(\.key)
            profile = options.profile ?? (object["auth_required"] != nil ? .head : .baseline)
            var expected = ["ws", "http", "session", "repo"]
            if profile == .head { expected.append("auth_required") }
            if object["token"] != nil { expected += ["token", "token_expires_at"] }
            guard keys == expected else { return .fail("keys \(keys), expected \(expected) in this order (Go struct order)") }
            do { _ = try PairingInfo.parse(reply.body) } catch { return .fail("\(error)") }
            guard object["ws"]?.stringValue?.hasPrefix("ws") == true, object["http"]?.stringValue?.hasPrefix("http") == true else {
                return .fail("ws must be a ws:// URL and http an http:// URL")
            }
            session.info = object
            session.authRequired = object["auth_required"]?.boolValue ?? (object["token"] != nil)
            session.pairingToken = options.pairingToken ?? object["token"]?.stringValue
            // Told how the server was started, the checker does not take the server's word for it: a server
            // that says auth is off would turn every gate check into a skip.
            if let expected = options.authRequired, expected != session.authRequired {
                return .fail(
                    "the pairing info says auth is \(session.authRequired ? "on" : "off"); "
                        + "the server was started with it \(expected ? "on" : "off")")
            }
            return .pass("200, keys \(keys.joined(separator: ",")) in struct order; profile \(profile.rawValue)")
        }
        check("pair-info-token", spec: ["1.3", "4.2"]) {
            if session.pairingToken == nil, profile == .head, session.authRequired {
                let reply = try request("GET", "/api/pair/info?include_token=1")
                session.pairingToken = (try? JSONParser.parse(reply.body))?.objectValue?["token"]?.stringValue
            }
            guard let token = session.pairingToken else {
                return .skip("the server gives no pairing token (require_auth is off) and none was passed with --pairing-token")
            }
            let inspection = TokenInspection(token, now: Int64(Date().timeIntervalSince1970))
            if let problem = inspection.problem { return .fail("pairing token: \(problem.code): \(problem.reason)") }
            guard inspection.prefix == TokenType.pairingPrefix, let payload = inspection.payload, payload.type == "pairing" else {
                return .fail("expected a cdev_p_ token of type pairing")
            }
            guard payload.serverId.count == 16, payload.nonce.count == 16, payload.mode == "local", payload.agentId == payload.serverId
            else {
                return .fail(
                    "payload fields off: server_id/nonce must be 16 characters, mode local, agent_id = server_id: "
                        + "\(inspection.payloadJSON ?? "")"
                )
            }
            if let mac = inspection.mac, mac.count != 32 { return .fail("s is \(mac.count) bytes") }
            if let text = session.info?["token_expires_at"]?.stringValue, RFC3339.parse(text) != payload.expiresAt {
                return .fail("token_expires_at \(text) is not the token's expires_at \(payload.expiresAt)")
            }
            return .pass(
                "cdev_p_ token, payload v\(payload.v), lifetime \(payload.expiresAt - payload.issuedAt) s, token_expires_at matches")
        }
        check("auth-required", spec: ["5.1", "6"]) {
            session.authRequired ? .pass("require_auth is on") : .finding("require_auth is off: /ws accepts any client without a token")
        }
    }

    func checkPairQR() {
        check("pair-qr-png", spec: ["4.2"]) {
            let reply = try request("GET", "/api/pair/qr?size=128")
            guard reply.status == 200, reply.header("Content-Type") == "image/png" else {
                return .fail("status \(reply.status), Content-Type \(reply.header("Content-Type") ?? "none"); expected 200 image/png")
            }
            guard reply.body.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return .fail("body is not a PNG") }
            guard reply.header("Cache-Control") == "no-cache, no-store, must-revalidate" else {
                return .fail("Cache-Control \(reply.header("Cache-Control") ?? "none"), expected no-cache, no-store, must-revalidate")
            }
            return .pass("PNG of \(reply.body.count) bytes, not cacheable")
        }
    }

    // MARK: Error paths of the auth API

    /// Head's six-digit pairing code (cdev spec section 4.3): a shorter code never redeems. A compare
    /// over the shorter length would let one of the ten one-digit codes through.
    func checkPairCode(_ session: Session) {
        guard profile == .head, session.authRequired else { return }
        check("pair-code-one-digit", spec: ["4.3"]) {
            // A code exists once /pair has shown one; before that every code is refused anyway.
            _ = try request("GET", "/pair")
            for digit in 0...9 {
                let reply = try postJSON("/api/pair/code", ["code": .string(String(digit))])
                if reply.status != 401 {
                    return .fail("code \"\(digit)\" got \(reply.status), expected 401: the code is compared without its length")
                }
                if case .fail(let why) = Self.expectError(reply, 401, "Invalid or expired pairing code") {
                    return .fail("code \"\(digit)\": \(why)")
                }
            }
            return .pass("401 Invalid or expired pairing code for each of the ten one-digit codes")
        }
        check("pair-code-empty", spec: ["4.3"]) {
            Self.expectError(try postJSON("/api/pair/code", ["code": ""]), 400, "code is required")
        }
    }

    /// Head's pairing code (shown on `/pair`) is valid 600 s and one-time: at 599 s it redeems for a pairing
    /// token, then never again; the next one shown no longer redeems at 601 s. The last check: the server's
    /// clock has moved 20 minutes, past every access token's life.
    func checkPairCodeExpiry(_ session: Session) {
        guard profile == .head, session.authRequired else { return }
        check("pair-code-expires", spec: ["4.3"]) {
            guard let advance = options.advanceServerClock else {
                return .skip("needs a server whose clock the checker can move (the embedded mock of wirecheck run)")
            }
            guard let first = try shownPairingCode() else { return .fail("/pair shows no six-digit pairing code") }
            advance(599)
            let redeemed = try postJSON("/api/pair/code", ["code": .string(first)])
            let body = (try? JSONParser.parse(redeemed.body))?.objectValue
            guard redeemed.status == 200, body?["pairing_token"]?.stringValue?.hasPrefix("cdev_p_") == true,
                body?["expires_at"]?.stringValue != nil, body?["expires_in"]?.intValue != nil
            else {
                return .fail(
                    "a code shown on /pair, redeemed after 599 s: \(redeemed.status) \(redeemed.text.prefix(200).debugDescription), "
                        + "expected 200 {pairing_token, expires_at, expires_in}")
            }
            if case .fail(let why) = Self.expectError(
                try postJSON("/api/pair/code", ["code": .string(first)]), 401, "Invalid or expired pairing code")
            {
                return .fail("a spent code redeemed again: \(why)")
            }
            guard let second = try shownPairingCode() else { return .fail("/pair shows no new code after one was spent") }
            advance(601)
            if case .fail(let why) = Self.expectError(
                try postJSON("/api/pair/code", ["code": .string(second)]), 401, "Invalid or expired pairing code")
            {
                return .fail("a code 601 s old: \(why)")
            }
            return .pass("redeemed at 599 s for a pairing token, refused when spent, refused at 601 s")
        }
    }

    /// The six digits `/pair` shows, if any.
    func shownPairingCode() throws -> String? {
        let page = try request("GET", "/pair").text
        guard let range = page.range(of: #"Pairing code</th><td><code>[0-9]{6}</code>"#, options: .regularExpression) else { return nil }
        return String(page[range].suffix(13).prefix(6))
    }

    func checkErrorPaths(_ session: Session) {
        check("unknown-path", spec: ["4", "4.3"]) {
            // Head's Bearer middleware runs before routing: no token, no 404.
            let reply = try request("GET", "/wirecheck-no-such-path")
            return profile == .head && session.authRequired
                ? Self.expectText(reply, 401, "Unauthorized") : Self.expectText(reply, 404, "404 page not found")
        }
        check("exchange-wrong-method", spec: ["4.1"]) {
            Self.expectText(try request("GET", "/api/auth/exchange"), 405, "Method not allowed")
        }
        check("exchange-bad-body", spec: ["4.1"]) {
            Self.expectError(
                try request("POST", "/api/auth/exchange", headers: [("Content-Type", "application/json")], body: Array("not json".utf8)),
                400, "Invalid request body")
        }
        check("exchange-empty-body", spec: ["4.1"]) {
            Self.expectError(try request("POST", "/api/auth/exchange", body: []), 400, "Invalid request body")
        }
        check("exchange-missing-token", spec: ["4.1"]) {
            Self.expectError(try postJSON("/api/auth/exchange", [:]), 400, "pairing_token is required")
        }
        check("exchange-garbage-token", spec: ["2", "4.1"]) {
            Self.expectError(
                try postJSON("/api/auth/exchange", ["pairing_token": "cdev_p_garbage"]), 401, "Invalid or expired pairing token")
        }
        check("refresh-missing-token", spec: ["4.1"]) {
            Self.expectError(try postJSON("/api/auth/refresh", [:]), 400, "refresh_token is required")
        }
        check("refresh-garbage-token", spec: ["2", "4.1"]) {
            Self.expectError(
                try postJSON("/api/auth/refresh", ["refresh_token": "cdev_r_eyJwIjoiIiwicyI6IiJ9"]), 401, "Invalid or expired refresh token"
            )
        }
        check("cors-preflight", spec: ["4"]) {
            let reply = try request(
                "OPTIONS", "/api/auth/exchange",
                headers: [
                    ("Origin", "http://localhost:3000"), ("Access-Control-Request-Method", "POST"),
                    ("Access-Control-Request-Headers", "Content-Type"),
                ])
            guard reply.status == 200 else { return .fail("OPTIONS gave \(reply.status), expected 200") }
            guard reply.body.isEmpty else { return .fail("OPTIONS answered with a body: \(reply.text.prefix(100).debugDescription)") }
            guard let origin = reply.header("Access-Control-Allow-Origin") else { return .fail("no Access-Control-Allow-Origin") }
            let methods = Set(
                (reply.header("Access-Control-Allow-Methods") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            let headers = Set(
                (reply.header("Access-Control-Allow-Headers") ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces).lowercased()
                })
            // What the preflight asked for must be allowed (a browser needs no more): POST, and Content-Type.
            guard methods.contains("POST") || methods.contains("*"), headers.contains("content-type") || headers.contains("*") else {
                return .fail(
                    "Access-Control-Allow-Methods \(reply.header("Access-Control-Allow-Methods") ?? "none") and -Headers "
                        + "\(reply.header("Access-Control-Allow-Headers") ?? "none"): a browser's JSON POST needs "
                        + "POST and Content-Type, as the preflight asked"
                )
            }
            return origin == "*"
                ? .finding("CORS allows every origin (Access-Control-Allow-Origin: *), so any web page can call the pairing API")
                : .pass("CORS origin \(origin)")
        }
    }

    // MARK: Token lifecycle

    /// Exchange: 200 with a well-formed pair, or the approval dance of head first.
    func exchange(_ token: String) throws -> (reply: HTTPProbe.Reply, approval: String?) {
        var reply = try postJSON("/api/auth/exchange", ["pairing_token": .string(token)])
        guard reply.status == 202, let id = (try? JSONParser.parse(reply.body))?.objectValue?["request_id"]?.stringValue else {
            return (reply, nil)
        }
        // Approval is loopback-only: it works when the checker runs on the server's machine.
        let approve = try postJSON("/api/auth/pairing/approve", ["request_id": .string(id)])
        guard approve.status == 200 else { return (reply, "202 pending approval and the approval endpoint said \(approve.status)") }
        reply = try postJSON("/api/auth/exchange", ["pairing_token": .string(token)])
        return (reply, nil)
    }

    /// The shape of a TokenPairResponse, with its timestamps matching its tokens.
    func tokenPair(_ reply: HTTPProbe.Reply) -> Result<TokenPairResponse, CheckFailure> {
        guard reply.status == 200 else {
            return .failure(CheckFailure("status \(reply.status), expected 200; body \(reply.text.debugDescription)"))
        }
        guard let object = (try? JSONParser.parse(reply.body))?.objectValue else { return .failure(CheckFailure("body is not JSON")) }
        let keys = object.map(\.key)
        let expected = ["access_token", "access_token_expires_at", "refresh_token", "refresh_token_expires_at", "token_type", "expires_in"]
        guard keys == expected else { return .failure(CheckFailure("keys \(keys), expected \(expected)")) }
        let pair: TokenPairResponse
        do { pair = try TokenPairResponse.parse(reply.body) } catch { return .failure(CheckFailure("\(error)")) }
        let access = TokenInspection(pair.accessToken)
        let refresh = TokenInspection(pair.refreshToken)
        guard access.prefix == TokenType.sessionPrefix, access.payload?.type == "access", refresh.prefix == TokenType.refreshPrefix,
            refresh.payload?.type == "refresh"
        else { return .failure(CheckFailure("expected a cdev_s_ access token and a cdev_r_ refresh token")) }
        guard access.payload?.expiresAt == pair.accessTokenExpiresAt, refresh.payload?.expiresAt == pair.refreshTokenExpiresAt else {
            return .failure(CheckFailure("the *_expires_at timestamps do not match the tokens' expires_at"))
        }
        guard pair.tokenType == "Bearer", (850...900).contains(pair.expiresIn) else {
            return .failure(CheckFailure("token_type \(pair.tokenType), expires_in \(pair.expiresIn): expected Bearer and about 899"))
        }
        if profile == .head, access.payload?.deviceId.isEmpty != false || access.payload?.deviceId != refresh.payload?.deviceId {
            return .failure(CheckFailure("head: access and refresh tokens must carry the same device_id"))
        }
        return .success(pair)
    }

    struct CheckFailure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    func checkLifecycle(_ session: inout Session) {
        check("exchange", spec: ["3", "4.1"]) {
            guard let token = session.pairingToken else { return .skip("no pairing token") }
            let (reply, approval) = try exchange(token)
            if let approval { return .skip(approval) }
            switch tokenPair(reply) {
            case .failure(let failure): return .fail(failure.message)
            case .success(let pair):
                session.first = pair
                return .pass("200 TokenPairResponse in struct order, expires_in \(pair.expiresIn), timestamps match the tokens")
            }
        }
        check("exchange-reuse-refused", spec: ["3", "4.1"]) {
            guard let token = session.pairingToken, session.first != nil else { return .skip("no exchanged pairing token") }
            return Self.expectError(
                try postJSON("/api/auth/exchange", ["pairing_token": .string(token)]), 401, "Invalid or expired pairing token")
        }
        check("refresh-rotation", spec: ["3", "4.1"]) {
            guard let first = session.first else { return .skip("no token pair") }
            switch tokenPair(try postJSON("/api/auth/refresh", ["refresh_token": .string(first.refreshToken)])) {
            case .failure(let failure): return .fail(failure.message)
            case .success(let pair):
                guard pair.refreshToken != first.refreshToken, pair.accessToken != first.accessToken else {
                    return .fail("refresh returned the same tokens")
                }
                session.second = pair
                return .pass("200 with a new access and refresh token")
            }
        }
        check("refresh-reuse-refused", spec: ["3", "4.1"]) {
            guard let first = session.first, session.second != nil else { return .skip("no rotated refresh token") }
            return Self.expectError(
                try postJSON("/api/auth/refresh", ["refresh_token": .string(first.refreshToken)]), 401, "Invalid or expired refresh token")
        }
        check("refresh-with-access-token-refused", spec: ["3", "4.1"]) {
            guard let second = session.second else { return .skip("no token pair") }
            return Self.expectError(
                try postJSON("/api/auth/refresh", ["refresh_token": .string(second.accessToken)]), 401, "Invalid or expired refresh token")
        }
    }
}
