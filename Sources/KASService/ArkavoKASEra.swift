import Crypto
import NanoTDF

/// The rewrap crypto of one era of arkavo-rs, the Arkavo KAS (NanoTDF spec section 13): the key that wraps, a
/// HKDF-SHA256 of the session's ECDH secret, and what it wraps. Clients of different ages expect different eras (the
/// Arkavo app at 774f352 matches A only), and which one production runs is not known, so the mock serves each.
public enum ArkavoKASEra: String, CaseIterable, Sendable {
    /// Until 2025-09: the wrapping key is salted with the 32 bytes of the server's 0x01 reply, info `rewrappedKey`; the
    /// raw ECDH secret between the KAS key and the NanoTDF's ephemeral key is wrapped.
    case a
    /// 2025-10 (4c671df): salted with SHA-256 of the header's magic (`L1L` or `L1M`), empty info; the raw secret.
    case b
    /// From 2026-02 (6015995): salted with SHA-256 of `L1L`, empty info; the payload key itself (HKDF of the secret
    /// salted with SHA-256 of the header's magic), which the client uses as it is.
    case c

    /// The 32-byte key that wraps, from the session's ECDH secret and the salt sent in the 0x01 reply.
    public func wrappingKey(sessionSecret: [UInt8], sessionSalt: [UInt8], version: Header.Version) -> [UInt8] {
        switch self {
        case .a: Self.hkdf(sessionSecret, salt: sessionSalt, info: Array("rewrappedKey".utf8))
        case .b: Self.hkdf(sessionSecret, salt: KeyAgreement.salt(version), info: [])
        case .c: Self.hkdf(sessionSecret, salt: KeyAgreement.salt(.l1l), info: [])
        }
    }

    /// What is wrapped for a NanoTDF whose ECDH secret with the KAS key is `kasSecret`.
    public func wrapped(kasSecret: [UInt8], version: Header.Version) -> [UInt8] {
        switch self {
        case .a, .b: kasSecret
        case .c: KeyAgreement.hkdf(secret: kasSecret, salt: KeyAgreement.salt(version))
        }
    }

    /// The payload key a client gets from the unwrapped bytes: HKDF of the secret (A, B; spec section 9.1), or the bytes
    /// themselves (C).
    public func payloadKey(unwrapped: [UInt8], version: Header.Version) -> [UInt8] {
        switch self {
        case .a, .b: KeyAgreement.hkdf(secret: unwrapped, salt: KeyAgreement.salt(version))
        case .c: unwrapped
        }
    }

    static func hkdf(_ secret: [UInt8], salt: [UInt8], info: [UInt8]) -> [UInt8] {
        let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: secret), salt: salt, info: info, outputByteCount: 32)
        return key.withUnsafeBytes { Array($0) }
    }
}
