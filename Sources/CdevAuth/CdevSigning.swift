import Crypto

/// The HMAC-SHA256 of a payload under the server secret (cdev spec section 1.1).
public enum CdevSigning {
    /// HMAC-SHA256 of the payload bytes under the server secret.
    public static func mac(_ payload: [UInt8], secret: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: payload, using: SymmetricKey(data: secret)))
    }
}
