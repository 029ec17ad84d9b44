import WireCore

/// cdev's `generateRandomString` (spec section 1.4): 16 random bytes, base64url without padding,
/// cut to the first 16 characters. Used for nonces, server ids and device ids.
public enum RandomString {
    /// 16 characters as cdev's `generateRandomString` makes them.
    public static func make(using random: inout some RandomSource) -> String {
        String(Base64.encode(random.bytes(16), variant: .goRawURL).prefix(16))
    }
}
