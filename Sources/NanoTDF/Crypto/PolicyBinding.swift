/// The policy binding variants of NanoTDF spec section 9.4: implementations compute different
/// values for the same mode bit, so a verifier says which one matched.
public enum BindingVariant: String, Sendable, CaseIterable {
    /// "GMAC" mode as deployed (Go, the web SDK, opentdf-rs): the last 8 bytes of SHA-256(PB).
    case sha256Tail = "sha256-tail"
    /// "GMAC" mode as OpenTDFKit writes it: the first 8 bytes of the AES-GCM tag under the payload
    /// key, a 12-byte zero nonce, no plaintext and the policy body (with its length) as AAD.
    case gmacTag = "gmac-tag"
    /// ECDSA mode as the spec examples: ECDSA-SHA256 over PB by the ephemeral key, fixed-width `r‖s`.
    case ecdsaFixed = "ecdsa-fixed"
    /// ECDSA mode as the Go SDK writes it: `len(r) ‖ r ‖ len(s) ‖ s`, minimal integers.
    case ecdsaGo = "ecdsa-go"

    /// Whether the variant belongs to the ECDSA mode (ECC byte bit 7 set).
    public var isECDSA: Bool { self == .ecdsaFixed || self == .ecdsaGo }

    /// The variants of one mode, in the order a verifier tries them.
    public static func variants(ecdsa: Bool) -> [BindingVariant] { ecdsa ? [.ecdsaFixed, .ecdsaGo] : [.sha256Tail, .gmacTag] }
}

/// Computing and checking policy bindings.
enum PolicyBinding {
    /// The binding of `policy` in `variant`. `payloadKey` is needed for `gmac-tag`, the ephemeral
    /// private key for the ECDSA variants.
    static func compute(_ variant: BindingVariant, policy: Policy, payloadKey: [UInt8], ephemeralKey: PrivateKey) -> [UInt8] {
        switch variant {
        case .sha256Tail: Array(Hashing.sha256(policy.boundBytes).suffix(8))
        case .gmacTag: gmacTag(policy, payloadKey: payloadKey)
        case .ecdsaFixed: ECDSA.sign(policy.boundBytes, with: ephemeralKey)
        case .ecdsaGo: ECDSA.goLengthPrefixed(ECDSA.sign(policy.boundBytes, with: ephemeralKey))
        }
    }

    /// The variant whose binding `header` carries, or nil when none matches. Without `payloadKey`,
    /// `gmac-tag` cannot be checked.
    static func matchingVariant(_ header: Header, payloadKey: [UInt8]?) -> BindingVariant? {
        let policy = header.policy
        for variant in BindingVariant.variants(ecdsa: header.ecdsaBinding) {
            let matches: Bool =
                switch variant {
                case .sha256Tail: policy.binding == Array(Hashing.sha256(policy.boundBytes).suffix(8))
                case .gmacTag: payloadKey.map { policy.binding == gmacTag(policy, payloadKey: $0) } ?? false
                case .ecdsaFixed:
                    ECDSA.verify(policy.binding, of: policy.boundBytes, publicKey: header.ephemeralPublicKey, curve: header.curve)
                case .ecdsaGo:
                    ECDSA.fixedWidth(goLengthPrefixed: policy.binding, curve: header.curve).map {
                        ECDSA.verify($0, of: policy.boundBytes, publicKey: header.ephemeralPublicKey, curve: header.curve)
                    } ?? false
                }
            if matches { return variant }
        }
        return nil
    }

    /// OpenTDFKit's binding: its PB is the body as on the wire, length prefix included.
    static func gmacTag(_ policy: Policy, payloadKey: [UInt8]) -> [UInt8] {
        AESGCM.seal(key: payloadKey, nonce: [UInt8](repeating: 0, count: 12), plaintext: [], aad: policy.body, tagLength: 8).tag
    }
}
