import Crypto

/// The HMAC-SHA256 of a payload under the server secret (cdev spec section 1.1).
public enum CdevSigning {
    /// HMAC-SHA256 of the payload bytes under the server secret.
    public static func mac(_ payload: [UInt8], secret: [UInt8]) -> [UInt8] {
        Key(secret: secret).mac(payload)
    }

    /// A server secret made ready for HMAC once: the hash of the key's inner pad is computed here,
    /// and every MAC continues from a copy of it. A server validates every request under the same
    /// secret, so this is a quarter of the MAC's work (and most of its allocations) done once.
    public struct Key: Sendable {
        private let prepared: HMAC<SHA256>

        /// The secret, ready for `mac`.
        public init(secret: [UInt8]) {
            prepared = HMAC<SHA256>(key: SymmetricKey(data: secret))
        }

        /// HMAC-SHA256 of `payload`.
        public func mac(_ payload: [UInt8]) -> [UInt8] {
            var hmac = prepared
            hmac.update(data: payload)
            return Array(hmac.finalize())
        }
    }
}
