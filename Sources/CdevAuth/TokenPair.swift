/// An access and a refresh token minted together by exchange or refresh (cdev spec section 3).
public struct TokenPair: Sendable {
    /// The access token's payload.
    public var access: TokenPayload
    /// The access token.
    public var accessToken: String
    /// The refresh token's payload.
    public var refresh: TokenPayload
    /// The refresh token.
    public var refreshToken: String
    /// The instant the pair was minted, in fractional Unix seconds; `expires_in` counts from it.
    public var mintedAt: Double

    /// The device the pair belongs to (head).
    public var deviceId: String { access.deviceId }
}
