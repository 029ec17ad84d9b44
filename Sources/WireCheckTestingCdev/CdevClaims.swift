/// A cdev token's payload as your decoder reads it from the wire (cdev spec section 1.3), every member given: there
/// are no defaults, because a decoder that leaves one out must be told so by the vectors (a legacy payload without
/// `v`, `mode` or `agent_id` reads as 0 and empty strings, as Go reads it). For `cdev.mint`, what to sign (see
/// `CdevOps.mint` for the members cdev fills in).
public struct CdevClaims: Equatable, Sendable {
    /// `v`, the payload version (0 when the payload has none).
    public var v: Int64
    /// `type`: `pairing`, `access`, `refresh`, `session`, or any other string a token carries.
    public var type: String
    /// `server_id`.
    public var serverId: String
    /// `issued_at`, Unix seconds.
    public var issuedAt: Int64
    /// `expires_at`, Unix seconds.
    public var expiresAt: Int64
    /// `nonce`, what revocation names.
    public var nonce: String
    /// `mode` (empty when the payload has none).
    public var mode: String
    /// `agent_id` (empty when the payload has none).
    public var agentId: String
    /// `device_id` (empty when the payload has none).
    public var deviceId: String
    /// `user_id` (empty when the payload has none).
    public var userId: String

    /// A payload, every member given.
    public init(
        v: Int64, type: String, serverId: String, issuedAt: Int64, expiresAt: Int64, nonce: String, mode: String,
        agentId: String, deviceId: String, userId: String
    ) {
        self.v = v
        self.type = type
        self.serverId = serverId
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.nonce = nonce
        self.mode = mode
        self.agentId = agentId
        self.deviceId = deviceId
        self.userId = userId
    }
}
