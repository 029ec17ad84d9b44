import CdevAuth
import ConformanceKit
import Foundation
import WireCore

/// `/ws` (cdev spec section 5): which tokens open it, and which are refused before the upgrade.
extension CdevLiveChecker {
    /// Upgrades with `headers` on `target`; `expect` is 101 or the refusal status.
    func expectUpgrade(_ target: String = "/ws", headers: [(String, String)], _ expect: Int) throws -> Outcome {
        let probe = try upgrade(target, headers: headers)
        if expect == 101 {
            guard probe.reply.status == 101 else {
                return .fail("status \(probe.reply.status), expected 101 Switching Protocols; body \(probe.reply.text.debugDescription)")
            }
            guard probe.upgraded else { return .fail("101 without the right Sec-WebSocket-Accept") }
            return .pass("101 Switching Protocols, Sec-WebSocket-Accept correct")
        }
        if expect == 401 { return Self.expectText(probe.reply, 401, "Unauthorized") }
        guard probe.reply.status == expect else { return .fail("status \(probe.reply.status), expected \(expect)") }
        return .pass("refused with \(expect) before the upgrade")
    }

    /// A token for this server that a client cannot make: needs the secret (`--secret-file`).
    func forged(_ type: TokenType, ageSeconds: Int64, deviceId: String = "") -> String? {
        guard let identity = options.identity else { return nil }
        let issued = Int64(Date().timeIntervalSince1970) - ageSeconds
        let payload = TokenPayload(
            type: type.rawValue, serverId: identity.serverId, issuedAt: issued, expiresAt: issued + type.defaultLifetime,
            nonce: "wirecheck-" + String(UInt32.random(in: 100_000...999_999)), deviceId: deviceId)
        return CdevToken.mint(payload, secret: identity.secret)
    }

    func checkWebSocketGate(_ session: Session) {
        let access = session.second?.accessToken ?? session.first?.accessToken
        check("ws-access-token", spec: ["5.1", "5.2"]) {
            guard let access else { return .skip("no access token") }
            return try expectUpgrade(headers: Self.bearer(access), 101)
        }
        check("ws-old-access-token-still-valid", spec: ["3"]) {
            guard let old = session.first?.accessToken, session.second != nil else { return .skip("no rotated pair") }
            return try expectUpgrade(headers: Self.bearer(old), 101)
        }
        check("ws-jsonrpc-answer", spec: ["5.1"]) {
            guard session.authRequired == false || access != nil else { return .skip("no access token") }
            let probe = try upgrade(headers: access.map(Self.bearer) ?? [])
            guard probe.upgraded else { return .fail("upgrade failed with \(probe.reply.status)") }
            // `<`, `>` and `&` in the method: where the answer echoes it, Go's encoding/json writes them \u003c, \u003e, \u0026.
            try probe.sendText(#"{"jsonrpc":"2.0","id":7,"method":"wirecheck/<probe>&"}"#)
            return Self.jsonRPCAnswer(probe)
        }
        check("ws-heartbeat", spec: ["5.1"]) {
            guard session.authRequired == false || access != nil else { return .skip("no access token") }
            let probe = try upgrade(headers: access.map(Self.bearer) ?? [])
            guard probe.upgraded else { return .fail("upgrade failed with \(probe.reply.status)") }
            return heartbeat(probe)
        }
        guard session.authRequired else {
            check("ws-token-checks", spec: ["5.1"]) { .skip("require_auth is off: /ws takes no token") }
            return
        }
        check("ws-no-token", spec: ["5.1"]) { try expectUpgrade(headers: [], 401) }
        check("ws-garbage-token", spec: ["2", "5.1"]) { try expectUpgrade(headers: Self.bearer("cdev_s_not-a-token"), 401) }
        check("ws-other-secret", spec: ["2", "5.1"]) {
            guard let access, let payload = TokenInspection(access).payload else { return .skip("no access token") }
            var copy = payload
            copy.nonce = "wirecheck-other-s"
            return try expectUpgrade(headers: Self.bearer(CdevToken.mint(copy, secret: [UInt8](repeating: 0x5A, count: 32))), 401)
        }
        check("ws-expired-token", spec: ["2", "5.1"]) {
            guard let token = forged(.access, ageSeconds: 3600) else {
                return .skip("needs the server secret (--secret-file) to make an expired token")
            }
            return try expectUpgrade(headers: Self.bearer(token), 401)
        }
        check("ws-reserved-cloud-prefix", spec: ["1.2", "8"]) {
            try expectUpgrade(headers: Self.bearer("cdev_c_eyJhbGciOiJFZERTQSJ9.e30.sig"), 401)
        }
        check("ws-pairing-token", spec: ["5.1", "5.2"]) {
            guard
                let token = forged(.pairing, ageSeconds: 0)
                    ?? (profile == .baseline
                        ? (try? request("GET", "/api/pair/info")).flatMap({
                            (try? JSONParser.parse($0.body))?.objectValue?["token"]?.stringValue
                        }) : nil)
            else { return .skip("no unspent pairing token") }
            if profile == .head { return try expectUpgrade(headers: Self.bearer(token), 401) }
            let outcome = try expectUpgrade(headers: Self.bearer(token), 101)
            if case .pass = outcome { return .pass("baseline accepts a pairing token on /ws (the documented legacy flow)") }
            return outcome
        }
        check("ws-refresh-token", spec: ["5.1", "5.2", "9"]) {
            guard let refresh = session.second?.refreshToken ?? session.first?.refreshToken else { return .skip("no refresh token") }
            let probe = try upgrade(headers: Self.bearer(refresh))
            if profile == .head { return Self.expectText(probe.reply, 401, "Unauthorized") }
            if probe.upgraded { return .finding("a refresh token (7-day lifetime) opens /ws: any token type is accepted there") }
            return Self.expectText(probe.reply, 401, "Unauthorized")
        }
        check("ws-query-token", spec: ["5.1", "5.2"]) {
            guard let access else { return .skip("no access token") }
            let target = "/ws?token=" + URLQueryEncoding.encodeComponent(access)
            if profile == .head { return try expectUpgrade(target, headers: [], 401) }
            let probe = try upgrade(target, headers: [])
            return probe.upgraded
                ? .finding("/ws takes the token from the query string, where proxies and access logs record it")
                : .fail("baseline accepts ?token=; got \(probe.reply.status)")
        }
        // gorilla/websocket speaks version 13 only, and says so in its 400.
        check("ws-wrong-version", spec: ["5.1"]) {
            guard let access else { return .skip("no access token") }
            let probe = try upgrade(headers: Self.bearer(access) + [("Sec-WebSocket-Version", "12")])
            let named = probe.reply.header("Sec-Websocket-Version")
            guard probe.reply.status == 400, named == "13" else {
                return .fail("version 12: status \(probe.reply.status), Sec-WebSocket-Version \(named ?? "absent"); expected 400 naming 13")
            }
            return .pass("version 12 refused with 400, Sec-WebSocket-Version: 13")
        }
        check("ws-foreign-origin", spec: ["5.1"]) {
            guard let access else { return .skip("no access token") }
            return try expectUpgrade(headers: Self.bearer(access) + [("Origin", "https://evil.example")], 403)
        }
        // security/origin.go matches "*.example.com" as a suffix ".example.com": app.example.com is in,
        // evilexample.com (the suffix without its dot) is out.
        let domain = options.wildcardOrigin.flatMap { $0.hasPrefix("*.") ? String($0.dropFirst(2)) : nil }
        check("ws-origin-wildcard-subdomain", spec: ["5.1"]) {
            guard let access, let domain else { return .skip("no access token, or no --wildcard-origin given") }
            return try expectUpgrade(headers: Self.bearer(access) + [("Origin", "https://app.\(domain)")], 101)
        }
        check("ws-origin-wildcard-lookalike", spec: ["5.1"]) {
            guard let access, let domain else { return .skip("no access token, or no --wildcard-origin given") }
            return try expectUpgrade(headers: Self.bearer(access) + [("Origin", "https://evil\(domain)")], 403)
        }
    }

    func checkProtectedRoutes(_ session: Session) {
        let access = session.second?.accessToken ?? session.first?.accessToken
        check("status-without-token", spec: ["4.3", "9"]) {
            let reply = try request("GET", "/api/status")
            if profile == .head && session.authRequired { return Self.expectText(reply, 401, "Unauthorized") }
            guard reply.status == 200 else { return .fail("status \(reply.status), expected 200") }
            return session.authRequired
                ? .finding("with require_auth on, /api/status (and /api/claude/*, /api/git/*, /api/file) answer without a token")
                : .pass("200 (auth is off)")
        }
        guard profile == .head, session.authRequired else { return }
        check("status-with-access-token", spec: ["4.3"]) {
            guard let access else { return .skip("no access token") }
            let reply = try request("GET", "/api/status", headers: Self.bearer(access))
            return reply.status == 200 ? .pass("200 with Bearer access token") : .fail("status \(reply.status), expected 200")
        }
        check("status-with-refresh-token", spec: ["4.3"]) {
            guard let refresh = session.second?.refreshToken else { return .skip("no refresh token") }
            return Self.expectText(try request("GET", "/api/status", headers: Self.bearer(refresh)), 401, "Unauthorized")
        }
        check("status-with-expired-token", spec: ["2", "4.3"]) {
            guard let token = forged(.access, ageSeconds: 3600) else {
                return .skip("needs the server secret (--secret-file) to make an expired token")
            }
            return Self.expectText(try request("GET", "/api/status", headers: Self.bearer(token)), 401, "Unauthorized")
        }
        check("status-lowercase-bearer", spec: ["4.3"]) {
            guard let access else { return .skip("no access token") }
            return Self.expectText(try request("GET", "/api/status", headers: [("Authorization", "bearer \(access)")]), 401, "Unauthorized")
        }
        check("file-traversal", spec: ["4.3"]) {
            guard let access else { return .skip("no access token") }
            let reply = try request("GET", "/api/file?path=..%2F..%2F..%2Fetc%2Fpasswd", headers: Self.bearer(access))
            return reply.status == 403 ? .pass("403 for a path outside the repository") : .fail("status \(reply.status), expected 403")
        }
        check("file-sibling-of-root", spec: ["4.3"]) {
            // ../<repo>-sibling/x resolves next to the root: a containment check that compares the
            // root as a bare prefix, without the separator, lets it through (404 or 200 instead of 403).
            guard let access else { return .skip("no access token") }
            guard let repo = session.info?["repo"]?.stringValue, !repo.isEmpty, !repo.contains("/") else {
                return .skip("/api/pair/info named no repository")
            }
            let sibling = URLQueryEncoding.encodeComponent("../\(repo)-sibling/x").replacingOccurrences(of: "/", with: "%2F")
            let reply = try request("GET", "/api/file?path=\(sibling)", headers: Self.bearer(access))
            return reply.status == 403
                ? .pass("403 for ../\(repo)-sibling/x, a directory next to the repository")
                : .fail(
                    "status \(reply.status) for ../\(repo)-sibling/x, expected 403: the root is compared without its trailing separator")
        }
    }

    func checkRevoke(_ session: Session) {
        guard profile == .head else { return }
        check("revoke", spec: ["4.3"]) {
            guard let second = session.second else { return .skip("no token pair") }
            let reply = try postJSON("/api/auth/revoke", ["refresh_token": .string(second.refreshToken)])
            guard reply.status == 200, (try? JSONParser.parse(reply.body))?.objectValue?["success"] == .bool(true) else {
                return .fail("status \(reply.status), body \(reply.text.debugDescription); expected 200 {\"success\":true,…}")
            }
            let again = try postJSON("/api/auth/refresh", ["refresh_token": .string(second.refreshToken)])
            guard again.status == 401 else { return .fail("the revoked refresh token still refreshes (\(again.status))") }
            let gate = try upgrade(headers: Self.bearer(second.accessToken))
            guard gate.reply.status == 401 else {
                return .fail("the device's access token still opens /ws after revoke (\(gate.reply.status))")
            }
            return .pass("200; the refresh token and the device's access token are then refused")
        }
    }

    func checkRevokeAll(_ session: Session) {
        check("revoke-all-unauthenticated", spec: ["3", "4.2", "9"]) {
            guard options.allowRevokeAll else {
                return .skip("POST /api/pair/refresh would end every session of this server; pass --allow-revoke-all to check it")
            }
            let reply = try request("POST", "/api/pair/refresh")
            // The finding's reproducer is this call, not the /ws probe that follows it.
            let revokeAll = lastReproducer
            guard reply.status == 200, let object = (try? JSONParser.parse(reply.body))?.objectValue,
                object.map(\.key) == ["token", "expires_at", "message"], let token = object["token"]?.stringValue,
                token.hasPrefix("cdev_p_")
            else {
                return .fail(
                    "status \(reply.status), body \(reply.text.prefix(200).debugDescription); expected 200 {token, expires_at, message}")
            }
            if let access = session.first?.accessToken, session.authRequired {
                let probe = try upgrade(headers: Self.bearer(access))
                guard probe.reply.status == 401 else {
                    return .fail("an access token minted before revoke-all still opens /ws (\(probe.reply.status))")
                }
            }
            lastReproducer = revokeAll
            return .finding(
                "POST /api/pair/refresh needs no credentials: any client that reaches the port can revoke every token (new secret)")
        }
    }
}
