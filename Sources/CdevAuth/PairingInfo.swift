import WireCore

/// What a cdev server tells a client to pair (cdev spec section 4.2): where to connect, which
/// agent session, which repository, and (when auth is on) a fresh pairing token. One value, four
/// encodings that differ in key order and fields.
public struct PairingInfo: Equatable, Sendable {
    /// The WebSocket URL.
    public var ws: String
    /// The HTTP URL.
    public var http: String
    /// The server session id.
    public var session: String
    /// The repository name.
    public var repo: String
    /// A pairing token, when auth is on.
    public var token: String?
    /// Unix seconds; written as RFC 3339 in the server's offset.
    public var tokenExpiresAt: Int64?
    /// Profile head: `auth_required`, after `repo`.
    public var authRequired: Bool?

    /// Pairing info.
    public init(
        ws: String, http: String, session: String, repo: String, token: String? = nil, tokenExpiresAt: Int64? = nil,
        authRequired: Bool? = nil
    ) {
        self.ws = ws
        self.http = http
        self.session = session
        self.repo = repo
        self.token = token
        self.tokenExpiresAt = tokenExpiresAt
        self.authRequired = authRequired
    }

    /// `GET /api/pair/info`: struct order `ws, http, session, repo[, auth_required][, token, token_expires_at]`.
    public func infoJSON(offsetSeconds: Int) -> JSONObject {
        var object: JSONObject = ["ws": .string(ws), "http": .string(http), "session": .string(session), "repo": .string(repo)]
        if let authRequired { object["auth_required"] = .bool(authRequired) }
        if let token { object["token"] = .string(token) }
        if let tokenExpiresAt {
            object["token_expires_at"] = .string(RFC3339.format(unixSeconds: tokenExpiresAt, offsetSeconds: offsetSeconds))
        }
        return object
    }

    /// The QR text: a Go map, so keys sorted; `token` only when auth is on; compact, no newline.
    public var qrText: String {
        var object: JSONObject = ["http": .string(http), "repo": .string(repo), "session": .string(session)]
        if let token { object["token"] = .string(token) }
        object["ws"] = .string(ws)
        return JSONWriter(options: .init(escapeHTML: true)).string(.object(object))
    }

    /// `cdev pair --json`: struct order `ws, http, session, token, repo` (token omitted when empty).
    public var cliJSON: JSONObject {
        var object: JSONObject = ["ws": .string(ws), "http": .string(http), "session": .string(session)]
        if let token { object["token"] = .string(token) }
        object["repo"] = .string(repo)
        return object
    }

    /// A client's parse of any of the encodings (cdev-ios `PairingInfo`): `ws`, `http`, `session`,
    /// `repo` required strings; `token` and `token_expires_at` optional (null is absent); unknown
    /// keys ignored; the last duplicate wins.
    public static func parse(_ bytes: [UInt8]) throws(PairingJSONError) -> PairingInfo {
        try parse(object: PairingJSONError.object(bytes))
    }

    /// `parse` of a document already parsed as JSON (a fuzz target reads one input as both a
    /// pairing and a token pair, and parsing it twice was a third of its time).
    public static func parse(object: JSONObject) throws(PairingJSONError) -> PairingInfo {
        var info = PairingInfo(
            ws: try PairingJSONError.string(object, "ws"), http: try PairingJSONError.string(object, "http"),
            session: try PairingJSONError.string(object, "session"), repo: try PairingJSONError.string(object, "repo"))
        info.token = try PairingJSONError.optionalString(object, "token")
        if let text = try PairingJSONError.optionalString(object, "token_expires_at") {
            guard let seconds = RFC3339.parse(text) else {
                throw PairingJSONError(field: "token_expires_at", message: "not an RFC 3339 date-time: \(text.debugDescription)")
            }
            info.tokenExpiresAt = seconds
        }
        if let member = object["auth_required"], !member.isNull {
            guard case .bool(let flag) = member else { throw PairingJSONError(field: "auth_required", message: "must be a boolean") }
            info.authRequired = flag
        }
        return info
    }
}
