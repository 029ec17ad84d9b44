/// An access and a refresh token minted together by exchange or refresh (cdev spec section 3).
public struct TokenPair: Sendable {
    public var access: TokenPayload
    public var accessToken: String
    public var refresh: TokenPayload
    public var refreshToken: String
    /// The instant the pair was minted, in fractional Unix seconds; `expires_in` counts from it.
    public var mintedAt: Double

    public var deviceId: String { access.deviceId }
}
