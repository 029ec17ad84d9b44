/// The magic-and-version of a NanoTDF header. This file's closed sets use the header's wire values, so that a value your
/// decoder returns is always one a header can hold.
public enum NanoTDFVersion: UInt8, Equatable, Sendable, CaseIterable {
    /// `L1L`, version 12, the standard.
    case l1l = 0x4C
    /// `L1M`, version 13, Arkavo's (a KAS key after the KAS locator).
    case l1m = 0x4D
}

/// An elliptic curve of the ECC byte, the signature bits or an `L1M` KAS key.
public enum NanoTDFCurve: UInt8, Equatable, Sendable, CaseIterable {
    /// NIST P-256 (0).
    case secp256r1 = 0
    /// NIST P-384 (1).
    case secp384r1 = 1
    /// NIST P-521 (2).
    case secp521r1 = 2
    /// secp256k1 (3).
    case secp256k1 = 3
}

/// The payload cipher of the config byte: AES-256-GCM with a tag of 64 to 128 bits.
public enum NanoTDFCipher: UInt8, Equatable, Sendable, CaseIterable {
    /// A 64-bit tag (0).
    case aes256GCM64 = 0
    /// A 96-bit tag (1).
    case aes256GCM96 = 1
    /// A 104-bit tag (2).
    case aes256GCM104 = 2
    /// A 112-bit tag (3).
    case aes256GCM112 = 3
    /// A 120-bit tag (4).
    case aes256GCM120 = 4
    /// A 128-bit tag (5).
    case aes256GCM128 = 5
}

/// The policy type byte.
public enum NanoTDFPolicyKind: UInt8, Equatable, Sendable, CaseIterable {
    /// A locator of a policy held elsewhere.
    case remote = 0
    /// The policy in the clear.
    case embeddedPlaintext = 1
    /// The policy encrypted with the payload key.
    case embeddedEncrypted = 2
    /// The policy encrypted with a key of its own, agreed with the policy key access key.
    case embeddedEncryptedWithKeyAccess = 3
}

/// How the payload's 3-byte IV becomes AES-GCM's nonce: the deployed writers disagree.
public enum NanoTDFIVConvention: String, Equatable, Sendable, CaseIterable {
    /// The 3 bytes alone (a 24-bit nonce), as the spec's examples use them.
    case specIV24 = "spec-iv24"
    /// Nine zero bytes, then the 3 bytes.
    case zeroPrefix = "zero-prefix"
    /// The 3 bytes, then nine zero bytes.
    case zeroSuffix = "zero-suffix"
}

/// The form of a policy binding, by the writer that uses it.
public enum NanoTDFBindingVariant: String, Equatable, Sendable, CaseIterable {
    /// "GMAC" mode as deployed: the last 8 bytes of SHA-256 over the policy body.
    case sha256Tail = "sha256-tail"
    /// "GMAC" mode as OpenTDFKit writes it: the first 8 bytes of an AES-GCM tag over the policy body.
    case gmacTag = "gmac-tag"
    /// ECDSA mode with a fixed-width `r‖s`, as the spec's examples.
    case ecdsaFixed = "ecdsa-fixed"
    /// ECDSA mode as the Go SDK writes it: `len(r) ‖ r ‖ len(s) ‖ s`.
    case ecdsaGo = "ecdsa-go"
}
