/// A whole NanoTDF container as your decoder reads it: header, payload, and the creator signature when there is one.
public struct NanoTDFContainer: Equatable, Sendable {
    /// The payload section: the 3-byte IV, the ciphertext and the tag, without the length prefix.
    public struct Payload: Equatable, Sendable {
        /// The 3-byte IV.
        public var iv: [UInt8]
        /// The ciphertext.
        public var ciphertext: [UInt8]
        /// The tag, as long as the header's cipher says.
        public var tag: [UInt8]

        /// A payload, every member given.
        public init(iv: [UInt8], ciphertext: [UInt8], tag: [UInt8]) {
            self.iv = iv
            self.ciphertext = ciphertext
            self.tag = tag
        }
    }

    /// The creator signature section: the creator's compressed public key and `r‖s`.
    public struct Signature: Equatable, Sendable {
        /// The creator's compressed public key.
        public var publicKey: [UInt8]
        /// `r‖s`, each as wide as the curve.
        public var signature: [UInt8]

        /// A signature section, every member given.
        public init(publicKey: [UInt8], signature: [UInt8]) {
            self.publicKey = publicKey
            self.signature = signature
        }
    }

    /// The header.
    public var header: NanoTDFHeader
    /// The payload.
    public var payload: Payload
    /// The creator signature, when the header says one follows.
    public var signature: Signature?

    /// A container, every member given.
    public init(header: NanoTDFHeader, payload: Payload, signature: Signature?) {
        self.header = header
        self.payload = payload
        self.signature = signature
    }
}

/// What opening a container found: the plaintext and what was checked on the way.
public struct NanoTDFDecryption: Equatable, Sendable {
    /// The payload's plaintext.
    public var plaintext: [UInt8]
    /// The IV convention the payload opened with.
    public var ivConvention: NanoTDFIVConvention
    /// The binding form that verified; nil when none did.
    public var bindingVariant: NanoTDFBindingVariant?
    /// Whether the creator signature verified; nil when the container has none.
    public var signatureVerified: Bool?
    /// The decrypted policy content (types 2 and 3); nil when there is none or it does not authenticate.
    public var policyPlaintext: [UInt8]?

    /// A decryption, every member given.
    public init(
        plaintext: [UInt8], ivConvention: NanoTDFIVConvention, bindingVariant: NanoTDFBindingVariant?, signatureVerified: Bool?,
        policyPlaintext: [UInt8]?
    ) {
        self.plaintext = plaintext
        self.ivConvention = ivConvention
        self.bindingVariant = bindingVariant
        self.signatureVerified = signatureVerified
        self.policyPlaintext = policyPlaintext
    }
}
