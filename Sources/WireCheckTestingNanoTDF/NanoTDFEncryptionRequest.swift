/// Everything a new NanoTDF is made of, as `nanotdf.encrypt` hands it to your writer: every random input (the
/// ephemeral keys, the IV) is given, so the same request always makes the same bytes. Private keys are raw scalars,
/// big-endian, as wide as their curve.
public struct NanoTDFEncryptionRequest: Equatable, Sendable {
    /// What the policy section holds before it is encrypted and bound.
    public enum Policy: Equatable, Sendable {
        /// Type 0: a locator of the policy.
        case remote(NanoTDFLocator)
        /// Type 1: the content in the clear.
        case embeddedPlaintext([UInt8])
        /// Type 2: the content, encrypted with the payload key.
        case embeddedEncrypted([UInt8])
        /// Type 3: the content, encrypted with a key agreed between `accessPrivateKey` (on the container's curve) and the
        /// KAS key; `locator` and the key's public half follow the content.
        case embeddedEncryptedWithKeyAccess([UInt8], locator: NanoTDFLocator, accessPrivateKey: [UInt8])
    }

    /// `L1L`, or `L1M` (which also writes the KAS key into the header).
    public var version: NanoTDFVersion
    /// The KAS locator.
    public var kas: NanoTDFLocator
    /// The KAS public key, compressed, on `curve`.
    public var kasPublicKey: [UInt8]
    /// The container's curve: the ephemeral key's.
    public var curve: NanoTDFCurve
    /// The payload cipher.
    public var cipher: NanoTDFCipher
    /// The policy.
    public var policy: Policy
    /// How the policy is bound (an ECDSA variant sets the ECC byte's binding bit).
    public var bindingVariant: NanoTDFBindingVariant
    /// The ephemeral private key on `curve`.
    public var ephemeralPrivateKey: [UInt8]
    /// The payload's 3-byte IV.
    public var iv: [UInt8]
    /// How the IV becomes the AES-GCM nonce.
    public var ivConvention: NanoTDFIVConvention
    /// The plaintext.
    public var plaintext: [UInt8]
    /// The creator's key, when the container is signed.
    public var signingKey: SigningKey?

    /// The creator's private key and its curve (the config byte's signature curve).
    public struct SigningKey: Equatable, Sendable {
        /// The signature curve.
        public var curve: NanoTDFCurve
        /// The raw scalar.
        public var privateKey: [UInt8]

        /// A signing key.
        public init(curve: NanoTDFCurve, privateKey: [UInt8]) {
            self.curve = curve
            self.privateKey = privateKey
        }
    }

    /// A request, every member given.
    public init(
        version: NanoTDFVersion, kas: NanoTDFLocator, kasPublicKey: [UInt8], curve: NanoTDFCurve, cipher: NanoTDFCipher,
        policy: Policy, bindingVariant: NanoTDFBindingVariant, ephemeralPrivateKey: [UInt8], iv: [UInt8],
        ivConvention: NanoTDFIVConvention, plaintext: [UInt8], signingKey: SigningKey?
    ) {
        self.version = version
        self.kas = kas
        self.kasPublicKey = kasPublicKey
        self.curve = curve
        self.cipher = cipher
        self.policy = policy
        self.bindingVariant = bindingVariant
        self.ephemeralPrivateKey = ephemeralPrivateKey
        self.iv = iv
        self.ivConvention = ivConvention
        self.plaintext = plaintext
        self.signingKey = signingKey
    }
}
