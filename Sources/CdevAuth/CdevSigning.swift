import Crypto

/// The HMAC-SHA256 of a payload under the server secret (cdev spec section 1.1).
public enum CdevSigning {
    /// HMAC-SHA256 of the payload bytes under the server secret.
    public static func mac(_ payload: [UInt8], secret: [UInt8]) -> [UInt8] {
        // One MAC under a key used once: no prepared state to copy (see Key).
        HMAC<SHA256>.authenticationCode(for: payload, using: SymmetricKey(data: secret)).withUnsafeBytes { Array($0) }
    }

    /// A server secret made ready for HMAC once: the hashes of the key's inner and outer pads are
    /// computed here, and every MAC continues from a copy of them. A server validates every request
    /// under the same secret, so this is part of the MAC's work and most of its allocations done once.
    /// (Copying the state costs an allocation of its own, so a key used once is better not prepared.)
    public struct Key: Sendable {
        private let prepared: HMAC<SHA256>
        /// The secret it was prepared from, so a key handed over can be checked against its identity.
        let secret: [UInt8]

        /// The secret, ready for `mac`.
        public init(secret: [UInt8]) {
            prepared = HMAC<SHA256>(key: SymmetricKey(data: secret))
            self.secret = secret
        }

        /// HMAC-SHA256 of `payload`.
        public func mac(_ payload: [UInt8]) -> [UInt8] {
            var hmac = prepared
            hmac.update(data: payload)
            // The code's bytes copied at once (Array(code) iterates it as a generic sequence).
            return hmac.finalize().withUnsafeBytes { Array($0) }
        }
    }
}

extension CdevSigning.Key: CustomStringConvertible {
    /// Never the secret: the key holds it, and printing one by mistake must not log it.
    public var description: String { "CdevSigning.Key(secret not shown)" }
}
