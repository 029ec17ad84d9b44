/// ECDH and HKDF of NanoTDF spec section 9.1: the payload key is HKDF-SHA256 of the shared
/// x-coordinate, salted with SHA-256 of the three magic-and-version bytes, with empty info.
public enum KeyAgreement {
    /// The x-coordinate of d·Q, `Curve.signatureLength / 2` bytes (32, 48, 66, 32). Nil when `peer`
    /// is not a compressed point of `key`'s curve.
    public static func sharedSecret(_ key: PrivateKey, peer: [UInt8]) -> [UInt8]? {
        let group = CurveGroup(key.curve)
        guard let point = group.decodeCompressed(peer),
            let product = group.multiply(generatorScalar: nil, point: point, pointScalar: BigNumber(bytes: key.scalar))
        else { return nil }
        return group.x(of: product).bytes(length: group.scalarLength)
    }

    /// SHA-256 of `L1L` or `L1M`: `3de3ca1e…` and `5878b49e…` (spec section 9.1).
    public static func salt(_ version: Header.Version) -> [UInt8] { Hashing.sha256(version.magic) }

    /// HKDF-SHA256 (RFC 5869) for one 32-byte block: extract with `salt`, expand with empty info.
    public static func hkdf(secret: [UInt8], salt: [UInt8]) -> [UInt8] {
        let pseudorandomKey = Hashing.hmacSHA256(key: salt, secret)
        return Hashing.hmacSHA256(key: pseudorandomKey, [0x01])
    }

    /// The payload key of a container of `version` whose ephemeral key (or, for the policy key of
    /// type 3, key access key) is `peer`. Nil when `peer` is not a point of `key`'s curve.
    public static func payloadKey(_ key: PrivateKey, peer: [UInt8], version: Header.Version) -> [UInt8]? {
        sharedSecret(key, peer: peer).map { hkdf(secret: $0, salt: salt(version)) }
    }
}
