import WireCore

/// The four ways cdev refuses a token (cdev spec section 2); `code` is the vectors' error class.
public enum CdevTokenError: CodedError, Equatable, Sendable, CustomStringConvertible {
    /// `ErrInvalidFormat`: prefix, Base64, JSON, or a type that does not match the prefix.
    case invalidFormat(String)
    /// `ErrInvalidToken`: the HMAC does not match, or the token is for another server.
    case invalidToken(String)
    /// `ErrExpiredToken`: `now > expires_at`.
    case expired(expiresAt: Int64, now: Int64)
    /// `ErrTokenRevoked`: the nonce is in the revoked set.
    case revoked(nonce: String)

    /// The error classes of this module (the vectors' `error` strings).
    public enum Code: String, CaseIterable, Sendable {
        case invalidFormat = "invalid-format"
        case invalidToken = "invalid-token"
        case expired
        case revoked
    }

    /// The class of this error.
    public var errorCode: Code {
        switch self {
        case .invalidFormat: .invalidFormat
        case .invalidToken: .invalidToken
        case .expired: .expired
        case .revoked: .revoked
        }
    }

    public var description: String {
        switch self {
        case .invalidFormat(let why): "invalid token format: \(why)"
        case .invalidToken(let why): "invalid token: \(why)"
        case .expired(let expiresAt, let now): "token has expired: expires_at \(expiresAt) < now \(now)"
        case .revoked: "token has been revoked"
        }
    }
}
