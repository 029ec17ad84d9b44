/// A resource locator: protocol code, body, and an identifier of 0, 2, 8 or 32 bytes.
public struct NanoTDFLocator: Equatable, Sendable {
    /// The protocol byte's low nibble as read (0 `http`, 1 `https`, 0xF shared resource directory).
    public var protocolCode: UInt8
    /// The body: a URL without its scheme.
    public var body: [UInt8]
    /// The identifier (empty when the protocol byte says none).
    public var identifier: [UInt8]

    /// A locator, every member given.
    public init(protocolCode: UInt8, body: [UInt8], identifier: [UInt8]) {
        self.protocolCode = protocolCode
        self.body = body
        self.identifier = identifier
    }
}

/// The policy section: its type, what the type carries, and the binding.
public struct NanoTDFPolicy: Equatable, Sendable {
    /// The policy type.
    public var kind: NanoTDFPolicyKind
    /// The remote policy's locator (type 0), or the policy key access locator (type 3); nil for the others.
    public var locator: NanoTDFLocator?
    /// The embedded content as written (encrypted for types 2 and 3); empty for type 0.
    public var content: [UInt8]
    /// The policy key access ephemeral public key (type 3); empty for the others.
    public var keyAccessPublicKey: [UInt8]
    /// The policy binding as written (8 bytes in GMAC mode, an ECDSA signature in ECDSA mode).
    public var binding: [UInt8]

    /// A policy, every member given.
    public init(kind: NanoTDFPolicyKind, locator: NanoTDFLocator?, content: [UInt8], keyAccessPublicKey: [UInt8], binding: [UInt8]) {
        self.kind = kind
        self.locator = locator
        self.content = content
        self.keyAccessPublicKey = keyAccessPublicKey
        self.binding = binding
    }
}

/// A NanoTDF header as your decoder reads it, every member given.
public struct NanoTDFHeader: Equatable, Sendable {
    /// The KAS public key an `L1M` header carries after the KAS locator.
    public struct KASKey: Equatable, Sendable {
        /// The key's curve.
        public var curve: NanoTDFCurve
        /// The compressed key.
        public var publicKey: [UInt8]

        /// A KAS key.
        public init(curve: NanoTDFCurve, publicKey: [UInt8]) {
            self.curve = curve
            self.publicKey = publicKey
        }
    }

    /// The magic's third byte.
    public var version: NanoTDFVersion
    /// The KAS locator.
    public var kas: NanoTDFLocator
    /// The KAS key (`L1M` only; nil for `L1L`).
    public var kasKey: KASKey?
    /// ECC byte bit 7: the policy binding is ECDSA.
    public var ecdsaBinding: Bool
    /// ECC byte bits 2–0: the ephemeral key's curve.
    public var curve: NanoTDFCurve
    /// Config byte bit 7: a creator signature follows the payload.
    public var hasSignature: Bool
    /// Config byte bits 6–4 as written (a curve when signed; kept whatever they are when not).
    public var signatureCurveBits: UInt8
    /// Config byte bits 3–0.
    public var cipher: NanoTDFCipher
    /// The policy section.
    public var policy: NanoTDFPolicy
    /// The compressed ephemeral public key.
    public var ephemeralPublicKey: [UInt8]

    /// A header, every member given.
    public init(
        version: NanoTDFVersion, kas: NanoTDFLocator, kasKey: KASKey?, ecdsaBinding: Bool, curve: NanoTDFCurve, hasSignature: Bool,
        signatureCurveBits: UInt8, cipher: NanoTDFCipher, policy: NanoTDFPolicy, ephemeralPublicKey: [UInt8]
    ) {
        self.version = version
        self.kas = kas
        self.kasKey = kasKey
        self.ecdsaBinding = ecdsaBinding
        self.curve = curve
        self.hasSignature = hasSignature
        self.signatureCurveBits = signatureCurveBits
        self.cipher = cipher
        self.policy = policy
        self.ephemeralPublicKey = ephemeralPublicKey
    }
}
