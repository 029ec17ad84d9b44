import CdevAuth
import HTTPExchange
import QRImage
import WireCore

/// `/pair`, `/api/pair/info`, `/api/pair/qr`, `/api/pair/refresh` and (head) `/api/pair/code`
/// (cdev spec sections 4.2 and 4.3). None needs a token: that is cdev's design.
extension CdevService {
    func pairInfo(_ request: APIRequest) -> APIResponse {
        // Baseline mints a token on every call when auth is on; head only on ?include_token=1.
        let withToken = config.requireAuth && (config.profile == .baseline || request.queryValue("include_token") == "1")
        var info = pairingInfo(withToken: withToken)
        if config.profile == .head { info.authRequired = config.requireAuth }
        return .json(200, info.infoJSON(offsetSeconds: config.utcOffsetSeconds))
    }

    func pairQR(_ request: APIRequest) -> APIResponse {
        var size = 256
        if let text = request.queryValue("size"), let requested = Int(text), (1...512).contains(requested) { size = requested }
        let info = pairingInfo(withToken: config.requireAuth)
        do {
            let png = try QRCode(text: info.qrText).png(size: size)
            return APIResponse(
                status: 200, headers: [("Content-Type", "image/png"), ("Cache-Control", "no-cache, no-store, must-revalidate")], body: png)
        } catch {
            return .text(500, "Failed to generate QR code")
        }
    }

    /// Revoke-all, then a fresh pairing token. Unauthenticated in cdev, so anyone who can reach
    /// the port can end every session (a finding the live checker reports).
    func pairRefresh(_ request: APIRequest) -> APIResponse {
        do { try tokens.revokeAll() } catch { return .error(500, "Failed to revoke tokens: \(error)") }
        log(.info, "all tokens revoked (new secret)")
        let minted = tokens.mint(.pairing)
        return .json(
            200,
            [
                "token": .string(minted.token),
                "expires_at": .string(RFC3339.format(unixSeconds: minted.payload.expiresAt, offsetSeconds: config.utcOffsetSeconds)),
                "message": "All previous tokens have been revoked",
            ])
    }

    /// Head: a 6-digit code shown on `/pair` buys a pairing token once, within 10 minutes.
    func pairCode(_ request: APIRequest) -> APIResponse {
        guard config.requireAuth else { return .error(400, "Pairing code not available") }
        guard case .value(let code) = Self.bodyField(request.body, "code") else { return .error(400, "Invalid request body") }
        guard !code.isEmpty else { return .error(400, "code is required") }
        guard pairingCode.redeem(code, now: now()) else { return .error(401, "Invalid or expired pairing code") }
        let minted = tokens.mint(.pairing)
        return .json(
            200,
            [
                "pairing_token": .string(minted.token),
                "expires_at": .string(RFC3339.format(unixSeconds: minted.payload.expiresAt, offsetSeconds: config.utcOffsetSeconds)),
                "expires_in": .int(minted.payload.expiresAt - minted.payload.issuedAt),
            ])
    }

    /// The code currently shown on `/pair` (head with auth), for the operator and the tests.
    public func currentPairingCode() -> String { pairingCode.current(now: now()) }

    func pairPage(_ request: APIRequest) -> APIResponse {
        let info = pairingInfo(withToken: false)
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var rows = [("WebSocket", info.ws), ("HTTP", info.http), ("Session", info.session), ("Repository", info.repo)]
        if config.profile == .head, config.requireAuth { rows.append(("Pairing code", currentPairingCode())) }
        let table = rows.map { "<tr><th>\(escape($0.0))</th><td><code>\(escape($0.1))</code></td></tr>" }.joined(separator: "\n")
        let html = """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><title>cdev pairing</title>
            <meta name="viewport" content="width=device-width, initial-scale=1"></head>
            <body>
            <h1>Pair with cdev</h1>
            <p>Scan this code with the cdev app.</p>
            <img id="qr" src="/api/pair/qr?size=256" width="256" height="256" alt="pairing QR code">
            <table>
            \(table)
            </table>
            <script>setInterval(function () { document.getElementById("qr").src = "/api/pair/qr?size=256&t=" + Date.now(); }, \
            60000);</script>
            </body>
            </html>

            """
        return APIResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(html.utf8))
    }
}
