import CdevAuth
import ConformanceKit
import WireCore

/// Every field of the `cdev.*` group types, declared once: the suites' group types, the ops, the
/// generator and the tests name these, never the JSON keys (docs/ARCHITECTURE.md, "The typed seam").
/// The members of a token payload are cdev's own snake_case keys, as CdevAuth writes them.
public enum CdevFields {
    // MARK: Minting (the payload's values, camelCase)

    /// The HMAC key.
    public static let secret: Field<[UInt8]> = .hex(
        "secret", "The server's token secret, the HMAC-SHA256 key (32 bytes in every case), lower-case hex.")
    /// The payload type to mint.
    public static let type: Field<String> = .string(
        "type", "The payload's type: pairing (prefix cdev_p_), refresh (cdev_r_), or access, session or any other (cdev_s_).")
    /// The minting server's id.
    public static let serverId: Field<String> = .string("serverId", "The payload's server_id: the id of the server that mints the token.")
    /// When the token was minted.
    public static let issuedAt: Field<Int64> = .integer("issuedAt", "The payload's issued_at, Unix seconds.")
    /// When the token expires.
    public static let expiresAt: Field<Int64> = .integer(
        "expiresAt", "The payload's expires_at, Unix seconds: the last second it is valid.")
    /// The nonce.
    public static let nonce: Field<String> = .string("nonce", "The payload's nonce, what revocation names.")
    /// The device, on head's access and refresh tokens.
    public static let deviceId: Field<String> = .string(
        "deviceId", "The payload's device_id; absent for none (the payload then leaves device_id out).", required: false)
    /// The user, reserved for cloud.
    public static let userId: Field<String> = .string(
        "userId", "The payload's user_id, reserved for cloud; absent for none (the payload then leaves user_id out).", required: false)
    /// The minted token.
    public static let token: Field<String> = .string(
        "token", "The minted token, byte-exact with cdev's Go: prefix, then base64url-raw of {\"p\": payload, \"s\": HMAC}.")

    // MARK: Validation

    /// The token to validate.
    public static let tokenToValidate: Field<String> = .string(
        token.name, "The token text to validate as a server receives it; it may be malformed in any way (prefix, Base64, JSON, MAC).")
    /// The validating server's id.
    public static let validatingServerId: Field<String> = .string(
        serverId.name, "The id of the server that validates: the payload's server_id must equal it.")
    /// The validation time.
    public static let now: Field<Int64> = .integer("now", "The validation time, Unix seconds: valid while now <= expires_at.")
    /// The revoked nonces.
    public static let revokedNonces: Field<[JSONValue]> = .array(
        "revokedNonces", "The nonces the server has revoked; absent for none.",
        items: SchemaBuilder.described(SchemaBuilder.string, "A revoked nonce."), required: false)

    // MARK: The payload of a valid token (cdev's snake_case keys, in Go struct order)

    /// `v`.
    public static let payloadVersion: Field<Int64> = .integer(
        "v", "The payload version (1); absent in a pre-v1 (legacy) payload.", required: false)
    /// `type`.
    public static let payloadType: Field<String> = .string(type.name, "The token type: pairing, access, refresh or session.")
    /// `server_id`.
    public static let payloadServerId: Field<String> = .string("server_id", "The id of the server that minted the token.")
    /// `issued_at`.
    public static let payloadIssuedAt: Field<Int64> = .integer("issued_at", "When the token was minted, Unix seconds.")
    /// `expires_at`.
    public static let payloadExpiresAt: Field<Int64> = .integer("expires_at", "The last second the token is valid, Unix seconds.")
    /// `nonce`.
    public static let payloadNonce: Field<String> = .string(nonce.name, "The token's nonce, what revocation names.")
    /// `mode`.
    public static let payloadMode: Field<String> = .string("mode", "The server mode (local); absent when empty.", required: false)
    /// `agent_id`.
    public static let payloadAgentId: Field<String> = .string(
        "agent_id", "The agent id (the server id, as cdev mints); absent when empty.", required: false)
    /// `device_id`.
    public static let payloadDeviceId: Field<String> = .string("device_id", "The paired device's id; absent when empty.", required: false)
    /// `user_id`.
    public static let payloadUserId: Field<String> = .string(
        "user_id", "The user id, reserved for cloud; absent when empty.", required: false)

    /// The payload a valid token carries.
    public static let payload: Field<JSONObject> = .object(
        "payload",
        "The token's payload as Go's json.Unmarshal reads it, written back with cdev's keys and omitempty (empty optional members "
            + "left out).",
        fields: [
            payloadVersion, payloadType, payloadServerId, payloadIssuedAt, payloadExpiresAt, payloadNonce, payloadMode, payloadAgentId,
            payloadDeviceId, payloadUserId,
        ])

    // MARK: Pairing documents

    /// The document to parse.
    public static let json: Field<String> = .string(
        "json", "The document's text as a client receives it (pairing info or a token-pair response); it may be malformed.")
    /// The WebSocket URL.
    public static let ws: Field<String> = .string("ws", "The pairing info's ws: the WebSocket URL.")
    /// The HTTP URL.
    public static let http: Field<String> = .string("http", "The pairing info's http: the HTTP base URL.")
    /// The session id.
    public static let session: Field<String> = .string("session", "The pairing info's session: the server's session id.")
    /// The repository.
    public static let repo: Field<String> = .string("repo", "The pairing info's repo: the repository name.")
    /// The pairing token.
    public static let pairingToken: Field<String> = .string(
        token.name, "The pairing info's token (a cdev_p_ token); absent when the document has none or null.", required: false)
    /// When the pairing token expires.
    public static let tokenExpiresAt: Field<Int64> = .integer(
        "tokenExpiresAt",
        "The pairing info's token_expires_at in Unix seconds (RFC 3339 in any offset, fraction truncated); absent when the document "
            + "has none or null.", required: false)
    /// Whether the server requires auth.
    public static let authRequired: Field<Bool> = .boolean(
        "authRequired", "The pairing info's auth_required (profile head); absent when the document has none.", required: false)

    /// The access token.
    public static let accessToken: Field<String> = .string("accessToken", "The token pair's access_token.")
    /// When the access token expires.
    public static let accessTokenExpiresAt: Field<Int64> = .integer(
        "accessTokenExpiresAt", "The token pair's access_token_expires_at in Unix seconds (RFC 3339 in any offset, fraction truncated).")
    /// The refresh token.
    public static let refreshToken: Field<String> = .string("refreshToken", "The token pair's refresh_token.")
    /// When the refresh token expires.
    public static let refreshTokenExpiresAt: Field<Int64> = .integer(
        "refreshTokenExpiresAt", "The token pair's refresh_token_expires_at in Unix seconds (RFC 3339 in any offset, fraction truncated).")
    /// The token type.
    public static let tokenType: Field<String> = .string("tokenType", "The token pair's token_type (Bearer).")
    /// The access token's lifetime.
    public static let expiresIn: Field<Int64> = .integer(
        "expiresIn", "The token pair's expires_in: the access token's lifetime in seconds.")
}
