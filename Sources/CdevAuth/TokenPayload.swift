import WireCore

/// The signed payload of a cdev token, payload v1 (cdev spec section 1.3). Encoded as Go's
/// `json.Marshal` does: keys in declaration order, `omitempty` fields left out when empty.
public struct TokenPayload: Equatable, Sendable {
    /// `v`: payload version (1).
    public var v: Int64
    /// `type`: pairing, access, refresh or session.
    public var type: String
    /// `server_id`.
    public var serverId: String
    /// `issued_at`, Unix seconds.
    public var issuedAt: Int64
    /// `expires_at`, Unix seconds.
    public var expiresAt: Int64
    /// `nonce`, what revocation names.
    public var nonce: String
    /// `mode` (`local`).
    public var mode: String
    /// `agent_id`.
    public var agentId: String
    /// `device_id` (omitted when empty).
    public var deviceId: String
    /// `user_id` (omitted when empty).
    public var userId: String

    /// A payload; `agentId` defaults to the server id.
    public init(
        v: Int64 = 1, type: String, serverId: String, issuedAt: Int64, expiresAt: Int64, nonce: String,
        mode: String = "local", agentId: String? = nil, deviceId: String = "", userId: String = ""
    ) {
        self.v = v
        self.type = type
        self.serverId = serverId
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.nonce = nonce
        self.mode = mode
        self.agentId = agentId ?? serverId
        self.deviceId = deviceId
        self.userId = userId
    }

    /// The payload's members, in the order cdev writes them.
    public static let fieldNames = [
        "v", "type", "server_id", "issued_at", "expires_at", "nonce", "mode", "agent_id", "device_id", "user_id",
    ]
    /// The fields Go declares as `int64`; the rest are strings.
    static let integerFields = ["v", "issued_at", "expires_at"]

    /// The object in wire order, omitempty applied.
    public var json: JSONObject {
        var object = JSONObject()
        if v != 0 { object["v"] = .int(v) }
        object["type"] = .string(type)
        object["server_id"] = .string(serverId)
        object["issued_at"] = .int(issuedAt)
        object["expires_at"] = .int(expiresAt)
        object["nonce"] = .string(nonce)
        if !mode.isEmpty { object["mode"] = .string(mode) }
        if !agentId.isEmpty { object["agent_id"] = .string(agentId) }
        if !deviceId.isEmpty { object["device_id"] = .string(deviceId) }
        if !userId.isEmpty { object["user_id"] = .string(userId) }
        return object
    }

    /// The exact bytes Go signs: compact, with Go's HTML-safe escaping of `<`, `>`, `&`.
    public var bytes: [UInt8] { JSONWriter(options: .init(escapeHTML: true)).bytes(.object(json)) }

    /// Go's `json.Unmarshal` of payload bytes (step 6): lenient as Go is.
    public init(decoding bytes: [UInt8]) throws(CdevTokenError) {
        let object = try GoJSONObject(bytes, fieldNames: Self.fieldNames, integerFields: Self.integerFields)
        // By position in fieldNames, in the same order (names would be compared ten times over).
        v = try object.int(field: 0)
        type = try object.string(field: 1)
        serverId = try object.string(field: 2)
        issuedAt = try object.int(field: 3)
        expiresAt = try object.int(field: 4)
        nonce = try object.string(field: 5)
        mode = try object.string(field: 6)
        agentId = try object.string(field: 7)
        deviceId = try object.string(field: 8)
        userId = try object.string(field: 9)
    }
}
