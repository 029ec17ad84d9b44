import WireCore

/// The body of a successful `/api/auth/exchange` or `/api/auth/refresh` (cdev spec section 4.1):
/// struct order, RFC 3339 in the server's offset, `expires_in` truncated after minting (899).
public struct TokenPairResponse: Equatable, Sendable {
    /// `access_token`.
    public var accessToken: String
    /// `access_token_expires_at`, Unix seconds.
    public var accessTokenExpiresAt: Int64
    /// `refresh_token`.
    public var refreshToken: String
    /// `refresh_token_expires_at`, Unix seconds.
    public var refreshTokenExpiresAt: Int64
    /// `token_type` (`Bearer`).
    public var tokenType: String
    /// `expires_in`, seconds.
    public var expiresIn: Int64

    /// A response.
    public init(
        accessToken: String, accessTokenExpiresAt: Int64, refreshToken: String, refreshTokenExpiresAt: Int64,
        tokenType: String = "Bearer", expiresIn: Int64
    ) {
        self.accessToken = accessToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.refreshToken = refreshToken
        self.refreshTokenExpiresAt = refreshTokenExpiresAt
        self.tokenType = tokenType
        self.expiresIn = expiresIn
    }

    /// The response for `pair`, `now` being the instant the handler writes it (Go's `time.Until`).
    public init(pair: TokenPair, now: Double) {
        // Go: expiresAt = mintInstant + 900 s (sub-second part kept), expires_in = int(Until(expiresAt).Seconds()).
        let accessInstant = pair.mintedAt + Double(pair.access.expiresAt - pair.access.issuedAt)
        self.init(
            accessToken: pair.accessToken, accessTokenExpiresAt: pair.access.expiresAt, refreshToken: pair.refreshToken,
            refreshTokenExpiresAt: pair.refresh.expiresAt, expiresIn: Int64((accessInstant - now).rounded(.towardZero)))
    }

    /// The response as cdev writes it, times in the server's UTC offset.
    public func json(offsetSeconds: Int) -> JSONObject {
        [
            "access_token": .string(accessToken),
            "access_token_expires_at": .string(RFC3339.format(unixSeconds: accessTokenExpiresAt, offsetSeconds: offsetSeconds)),
            "refresh_token": .string(refreshToken),
            "refresh_token_expires_at": .string(RFC3339.format(unixSeconds: refreshTokenExpiresAt, offsetSeconds: offsetSeconds)),
            "token_type": .string(tokenType),
            "expires_in": .int(expiresIn),
        ]
    }

    /// A client's parse (cdev-ios `TokenPair`): the six fields with their types, timestamps in
    /// RFC 3339 with any offset, with or without a fraction; unknown keys ignored.
    public static func parse(_ bytes: [UInt8]) throws(PairingJSONError) -> TokenPairResponse {
        try parse(object: PairingJSONError.object(bytes))
    }

    /// `parse` of a document already parsed as JSON.
    public static func parse(object: JSONObject) throws(PairingJSONError) -> TokenPairResponse {
        func time(_ key: String) throws(PairingJSONError) -> Int64 {
            let text = try PairingJSONError.string(object, key)
            guard let seconds = RFC3339.parse(text) else {
                throw PairingJSONError(field: key, message: "not an RFC 3339 date-time: \(text.debugDescription)")
            }
            return seconds
        }
        guard case .int(let expiresIn) = object["expires_in"] ?? .null else {
            throw PairingJSONError(field: "expires_in", message: "must be an integer")
        }
        return TokenPairResponse(
            accessToken: try PairingJSONError.string(object, "access_token"), accessTokenExpiresAt: try time("access_token_expires_at"),
            refreshToken: try PairingJSONError.string(object, "refresh_token"), refreshTokenExpiresAt: try time("refresh_token_expires_at"),
            tokenType: try PairingJSONError.string(object, "token_type"), expiresIn: expiresIn)
    }
}
