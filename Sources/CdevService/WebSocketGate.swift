import CdevAuth
import Foundation
import HTTPExchange
import WireCore

/// What `/ws` checks before the upgrade (cdev spec sections 5.1 and 5.2), in cdev's order: the
/// token (401 text), then gorilla's upgrader: method, upgrade headers (400), origin (403), the key (400).
extension CdevService {
    /// What an upgrade attempt counts against, once: HEAD's rate limit, then the injected failures of `/ws`; nil to go
    /// on to `webSocketGate`, otherwise the refusal.
    public func webSocketAdmission(_ request: APIRequest) -> APIResponse? {
        if let refusal = rateLimit?.admit(request.clientAddress, now: clock.now()).refusal { return refusal }
        return faults.failure(for: request.path)
    }

    /// nil when the upgrade may go ahead; otherwise the refusal. It only looks (it may be asked twice for one request).
    public func webSocketGate(_ request: APIRequest) -> APIResponse? {
        if config.requireAuth {
            // Baseline: header first, then ?token=, any token type. Head: header only, access/session.
            guard sessionTokenPayload(request, queryAllowed: config.profile == .baseline) != nil else {
                log(.info, "WebSocket upgrade refused: no valid token")
                return .unauthorized
            }
        }
        if let refusal = secureTransportCheck(request) { return refusal }
        guard request.method == "GET" else { return gorillaError(405) }
        guard headerHasToken(request, "Connection", "upgrade"), headerHasToken(request, "Upgrade", "websocket") else {
            return gorillaError(400)
        }
        guard request.header("Sec-WebSocket-Version") == "13" else { return gorillaError(400) }
        guard originAllowed(request.header("Origin")) else {
            log(.info, "WebSocket upgrade refused: origin not allowed")
            return gorillaError(403)
        }
        // gorilla's isValidChallengeKey: standard Base64 of 16 bytes (a missing key had no answer at all, a wrong one 101).
        guard let key = request.header("Sec-WebSocket-Key"),
            (try? Base64.decode(key, variant: Base64Variant(.std, .padded, .go)))?.count == 16
        else { return gorillaError(400) }
        return nil
    }

    /// gorilla/websocket answers with `http.Error(w, StatusText(code), code)` and the version header.
    private func gorillaError(_ status: Int) -> APIResponse {
        var response = APIResponse.text(status, APIResponse.reasonPhrase(status))
        response.headers.insert(.init(name: "Sec-Websocket-Version", value: "13"), at: 0)
        return response
    }

    private func headerHasToken(_ request: APIRequest, _ name: String, _ token: String) -> Bool {
        request.headers.contains { header in
            header.name.lowercased() == name.lowercased()
                && header.value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == token }
        }
    }

    /// `security/origin.go`: no Origin is fine; a local origin is fine when bound to localhost;
    /// otherwise it must match `allowed_origins` (exact or `*.domain`); an empty list with
    /// `bind_localhost_only` off allows anything.
    func originAllowed(_ origin: String?) -> Bool {
        guard let origin, !origin.isEmpty else { return true }
        guard let host = URL(string: origin)?.host?.lowercased() else { return false }
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        if config.bindLocalhostOnly, ["localhost", "127.0.0.1", "::1"].contains(bare) || bare.hasSuffix(".localhost") { return true }
        if config.allowedOrigins.isEmpty { return !config.bindLocalhostOnly }
        return config.allowedOrigins.contains { allowed in
            if allowed.hasPrefix("*.") { return bare.hasSuffix(String(allowed.dropFirst(1))) }
            return allowed.lowercased() == origin.lowercased() || allowed.lowercased() == bare
        }
    }
}
