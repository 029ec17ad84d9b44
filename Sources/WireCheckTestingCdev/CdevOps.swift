import CdevAuth
import CdevConformance
import ConformanceKit

/// The `cdev.*` ops as typed functions over this product's own value types, for an `OpTable` of `WireCheckTesting`:
/// `OpTable(name: "MyCdev", [CdevOps.validate { token, secret, serverId, now, revoked throws(ShimError) in … }])`.
/// Each builder reads the case's arguments (`secret` as the HMAC key's raw bytes, times as Unix seconds), calls your
/// function and writes its answer as the vectors compare it; throw `ShimError(code:)` with the vectors' error class
/// (`invalid-format`, `invalid-token`, `expired`, `revoked`, `malformed`) to refuse. What your functions return is
/// handed to the family's own builders member by member, so nothing your decoder read is replaced by a default.
public enum CdevOps {
    private typealias Reference = CdevConformance.CdevOps

    /// `cdev.mint`: the token for `claims`, signed with `secret`. The claims are the case's arguments, and for the
    /// members the vectors do not pass, what cdev writes when it mints: `v` 1, `mode` `local`, `agent_id` the server id.
    public static func mint(_ mint: @escaping @Sendable (_ claims: CdevClaims, _ secret: [UInt8]) throws(ShimError) -> String)
        -> ShimOperation
    {
        Reference.mint { payload, secret throws(ShimError) in try mint(CdevClaims(payload), secret) }
    }

    /// `cdev.validate`: the claims of `token` if it is valid for `serverId` at `now` (Unix seconds) and its nonce is
    /// not in `revokedNonces`.
    public static func validate(
        _ validate:
            @escaping @Sendable (_ token: String, _ secret: [UInt8], _ serverId: String, _ now: Int64, _ revokedNonces: [String])
            throws(ShimError) -> CdevClaims
    ) -> ShimOperation {
        Reference.validate { token, secret, serverId, now, revoked throws(ShimError) in
            TokenPayload(try validate(token, secret, serverId, now, revoked))
        }
    }

    /// `cdev.parsePairingInfo`: the QR pairing JSON (as text) read.
    public static func parsePairingInfo(_ parse: @escaping @Sendable (_ json: String) throws(ShimError) -> CdevPairingInfo)
        -> ShimOperation
    {
        Reference.parsePairingInfo { json throws(ShimError) in PairingInfo(try parse(json)) }
    }

    /// `cdev.parseTokenPair`: the pairing exchange's token-pair JSON (as text) read.
    public static func parseTokenPair(_ parse: @escaping @Sendable (_ json: String) throws(ShimError) -> CdevTokenPair)
        -> ShimOperation
    {
        Reference.parseTokenPair { json throws(ShimError) in TokenPairResponse(try parse(json)) }
    }
}

// Member by member, both ways; each initialiser names every member, so a member added to either side is a compile error.
extension CdevClaims {
    init(_ payload: TokenPayload) {
        self.init(
            v: payload.v, type: payload.type, serverId: payload.serverId, issuedAt: payload.issuedAt, expiresAt: payload.expiresAt,
            nonce: payload.nonce, mode: payload.mode, agentId: payload.agentId, deviceId: payload.deviceId, userId: payload.userId)
    }
}

extension TokenPayload {
    init(_ claims: CdevClaims) {
        self.init(
            v: claims.v, type: claims.type, serverId: claims.serverId, issuedAt: claims.issuedAt, expiresAt: claims.expiresAt,
            nonce: claims.nonce, mode: claims.mode, agentId: claims.agentId, deviceId: claims.deviceId, userId: claims.userId)
    }
}

extension PairingInfo {
    init(_ info: CdevPairingInfo) {
        self.init(
            ws: info.ws, http: info.http, session: info.session, repo: info.repo, token: info.token, tokenExpiresAt: info.tokenExpiresAt,
            authRequired: info.authRequired)
    }
}

extension TokenPairResponse {
    init(_ pair: CdevTokenPair) {
        self.init(
            accessToken: pair.accessToken, accessTokenExpiresAt: pair.accessTokenExpiresAt, refreshToken: pair.refreshToken,
            refreshTokenExpiresAt: pair.refreshTokenExpiresAt, tokenType: pair.tokenType, expiresIn: pair.expiresIn)
    }
}
