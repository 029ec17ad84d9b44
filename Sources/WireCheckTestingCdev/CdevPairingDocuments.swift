/// The QR pairing document (`cdev.parsePairingInfo`) as your parser reads it; times are Unix seconds.
public struct CdevPairingInfo: Equatable, Sendable {
    /// `ws`, the WebSocket URL.
    public var ws: String
    /// `http`, the HTTP base URL.
    public var http: String
    /// `session`.
    public var session: String
    /// `repo`.
    public var repo: String
    /// `token`, when the document has one.
    public var token: String?
    /// `token_expires_at` as Unix seconds, when the document has one.
    public var tokenExpiresAt: Int64?
    /// `auth_required`, when the document has it.
    public var authRequired: Bool?

    /// A document, every member given (nil for one it does not have).
    public init(
        ws: String, http: String, session: String, repo: String, token: String?, tokenExpiresAt: Int64?, authRequired: Bool?
    ) {
        self.ws = ws
        self.http = http
        self.session = session
        self.repo = repo
        self.token = token
        self.tokenExpiresAt = tokenExpiresAt
        self.authRequired = authRequired
    }
}

/// The token pair of the pairing exchange (`cdev.parseTokenPair`) as your parser reads it; times are Unix seconds.
public struct CdevTokenPair: Equatable, Sendable {
    /// `access_token`.
    public var accessToken: String
    /// `access_token_expires_at` as Unix seconds.
    public var accessTokenExpiresAt: Int64
    /// `refresh_token`.
    public var refreshToken: String
    /// `refresh_token_expires_at` as Unix seconds.
    public var refreshTokenExpiresAt: Int64
    /// `token_type`.
    public var tokenType: String
    /// `expires_in`, seconds.
    public var expiresIn: Int64

    /// A token pair, every member given.
    public init(
        accessToken: String, accessTokenExpiresAt: Int64, refreshToken: String, refreshTokenExpiresAt: Int64, tokenType: String,
        expiresIn: Int64
    ) {
        self.accessToken = accessToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.refreshToken = refreshToken
        self.refreshTokenExpiresAt = refreshTokenExpiresAt
        self.tokenType = tokenType
        self.expiresIn = expiresIn
    }
}
