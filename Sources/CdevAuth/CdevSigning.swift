import Crypto

/// The HMAC-SHA256 of a payload under the server secret (cdev spec section 1.1).
public enum CdevSigning {
    /// HMAC-SHA256 of the payload bytes under the server secret.
    public static func mac(_ payload: [UInt8], secret: [UInt8]) -> [UInt8] {
        // One MAC under a key used once: no prepared state to copy (see Key).
        HMAC<SHA256>.authenticationCode(for: payload, using: SymmetricKey(data: secret)).withUnsafeBytes { Array($0) }
    }

    /// A server secret made ready for HMAC once: the key's inner and outer pads (RFC 2104) are hashed
    /// here, and every MAC continues from copies of the two SHA-256 states. A server validates every
    /// request under the same secret, so this is part of the MAC's work and most of its allocations done
    /// once. (Copying a state costs an allocation of its own, so a key used once is better not prepared.)
    ///
    /// Two `SHA256`s and not a prepared `HMAC<SHA256>`: HMAC's only public update is generic over
    /// `DataProtocol`, and outside swift-crypto's module that generic code looked up the type metadata of
    /// `[UInt8].regions` on every call (4% of token validation, by perf); `SHA256` takes a buffer pointer.
    public struct Key: Sendable {
        private let innerPad: SHA256
        private let outerPad: SHA256
        /// The secret it was prepared from, so a key handed over can be checked against its identity.
        let secret: [UInt8]

        /// The secret, ready for `mac`.
        public init(secret: [UInt8]) {
            // A key longer than a block is hashed first; a shorter one is padded with zeros.
            var block = secret.count > SHA256.blockByteCount ? Array(SHA256.hash(data: secret)) : secret
            block += Array(repeating: 0, count: SHA256.blockByteCount - block.count)
            innerPad = Self.hasher(absorbing: block.map { $0 ^ 0x36 })
            outerPad = Self.hasher(absorbing: block.map { $0 ^ 0x5C })
            self.secret = secret
        }

        /// HMAC-SHA256 of `payload`: SHA-256(outer pad ‖ SHA-256(inner pad ‖ payload)).
        public func mac(_ payload: [UInt8]) -> [UInt8] {
            var inner = innerPad
            payload.withUnsafeBytes { inner.update(bufferPointer: $0) }
            var outer = outerPad
            inner.finalize().withUnsafeBytes { outer.update(bufferPointer: $0) }
            // The code's bytes copied at once (Array(digest) iterates it as a generic sequence).
            return outer.finalize().withUnsafeBytes { Array($0) }
        }

        private static func hasher(absorbing pad: [UInt8]) -> SHA256 {
            var hasher = SHA256()
            pad.withUnsafeBytes { hasher.update(bufferPointer: $0) }
            return hasher
        }
    }
}

extension CdevSigning.Key: CustomStringConvertible {
    /// Never the secret: the key holds it, and printing one by mistake must not log it.
    public var description: String { "CdevSigning.Key(secret not shown)" }
}
