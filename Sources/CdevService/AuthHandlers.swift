import CdevAuth
import HTTPExchange
import WireCore

/// `/api/auth/exchange`, `/api/auth/refresh` and (head) `/api/auth/revoke` (cdev spec sections
/// 4.1 and 4.3). Every token failure is the same 401 message; the reason goes to the debug log.
extension CdevService {
    /// The one string field of an auth body, decoded as Go decodes `{"pairing_token": …}` into
    /// its request struct (keys case-insensitive, last wins, unknown keys ignored, one value read).
    enum BodyField {
        case value(String)
        case undecodable
    }

    static func bodyField(_ body: [UInt8], _ name: String) -> BodyField {
        guard let text = GoJSONObject.requestString(name, in: body) else { return .undecodable }
        return .value(text)
    }

    func exchange(_ request: APIRequest) -> APIResponse {
        guard case .value(let token) = Self.bodyField(request.body, "pairing_token") else { return .error(400, "Invalid request body") }
        guard !token.isEmpty else { return .error(400, "pairing_token is required") }
        if config.profile == .head, config.pairingApproval, let pending = approvalGate(pairingToken: token) { return pending }
        do {
            let pair = try tokens.exchange(pairingToken: token)
            log(.info, "paired a client (access and refresh tokens issued)")
            return .json(200, TokenPairResponse(pair: pair, now: now()).json(offsetSeconds: config.utcOffsetSeconds))
        } catch {
            log(.debug, "exchange refused: \(error.code)")
            return .error(401, "Invalid or expired pairing token")
        }
    }

    func refresh(_ request: APIRequest) -> APIResponse {
        guard case .value(let token) = Self.bodyField(request.body, "refresh_token") else { return .error(400, "Invalid request body") }
        guard !token.isEmpty else { return .error(400, "refresh_token is required") }
        do {
            let pair = try tokens.refresh(refreshToken: token)
            return .json(200, TokenPairResponse(pair: pair, now: now()).json(offsetSeconds: config.utcOffsetSeconds))
        } catch {
            log(.debug, "refresh refused: \(error.code)")
            return .error(401, "Invalid or expired refresh token")
        }
    }

    func revoke(_ request: APIRequest) -> APIResponse {
        guard case .value(let token) = Self.bodyField(request.body, "refresh_token") else { return .error(400, "Invalid request body") }
        guard !token.isEmpty, token.hasPrefix(TokenType.refreshPrefix) else { return .error(400, "refresh_token is required") }
        do {
            try tokens.revoke(refreshToken: token)
            return .json(200, ["success": true, "orphaned_workspaces": .null])
        } catch {
            log(.debug, "revoke refused: \(error.code)")
            return .error(401, "Invalid or expired refresh token")
        }
    }
}
