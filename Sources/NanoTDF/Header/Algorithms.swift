/// The elliptic curves of the ECC-mode byte (section 3) and of the signature config (section 4).
public enum Curve: UInt8, Sendable, CaseIterable {
    case secp256r1 = 0
    case secp384r1 = 1
    case secp521r1 = 2
    case secp256k1 = 3

    /// The name used in the vectors and the shim.
    public var name: String { "\(self)" }

    /// The curve called `name` (`secp256r1`, `secp384r1`, `secp521r1`, `secp256k1`).
    public init?(name: String) {
        guard let curve = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = curve
    }

    /// The size of a compressed public key (section 1).
    public var publicKeyLength: Int {
        switch self {
        case .secp256r1, .secp256k1: 33
        case .secp384r1: 49
        case .secp521r1: 67
        }
    }

    /// The size of a fixed-width ECDSA `r‖s` (sections 5 and 8).
    public var signatureLength: Int {
        switch self {
        case .secp256r1, .secp256k1: 64
        case .secp384r1: 96
        case .secp521r1: 132
        }
    }
}

/// The AES-256-GCM variants of the config byte (section 4): the tag is the leftmost bytes of the full tag.
public enum Cipher: UInt8, Sendable, CaseIterable {
    case aes256GCM64 = 0
    case aes256GCM96 = 1
    case aes256GCM104 = 2
    case aes256GCM112 = 3
    case aes256GCM120 = 4
    case aes256GCM128 = 5

    /// The tag length in bytes.
    public var tagLength: Int { [8, 12, 13, 14, 15, 16][Int(rawValue)] }

    /// The tag length in bits, the cipher's name in the vectors.
    public var tagBits: Int { tagLength * 8 }
}
