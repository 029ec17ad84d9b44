/// What the policy section of a new container holds, before encryption and binding.
public enum PolicyContent: Sendable {
    /// Type 0: a locator of the policy.
    case remote(ResourceLocator)
    /// Type 1: the content in the clear.
    case embeddedPlaintext([UInt8])
    /// Type 2: the content, encrypted with the payload key.
    case embeddedEncrypted([UInt8])
    /// Type 3: the content, encrypted with a key agreed between `ephemeralKey` and the KAS key;
    /// the locator and the key's public half follow the content.
    case embeddedEncryptedWithKeyAccess([UInt8], locator: ResourceLocator, ephemeralKey: PrivateKey)
}

/// Everything a new NanoTDF is made of. Every random input (ephemeral keys, IV) is a parameter,
/// so the same parameters give the same bytes.
public struct EncryptionParameters: Sendable {
    /// `L1L`, or `L1M` (which also writes the KAS key into the header).
    public var version: Header.Version
    /// The KAS locator.
    public var kas: ResourceLocator
    /// The KAS public key (compressed, on the ephemeral key's curve).
    public var kasPublicKey: [UInt8]
    /// The payload cipher.
    public var cipher: Cipher
    /// The policy.
    public var policy: PolicyContent
    /// How the policy is bound; ECDSA variants set the ECC byte's binding bit.
    public var bindingVariant: BindingVariant
    /// The ephemeral key; its curve is the container's curve.
    public var ephemeralKey: PrivateKey
    /// The payload IV: 3 bytes, not `000000`.
    public var iv: [UInt8]
    /// How the IV becomes the GCM nonce (the payload's and the encrypted policy's).
    public var ivConvention: IVConvention
    /// The payload.
    public var plaintext: [UInt8]
    /// The creator's key, when the container is signed.
    public var signingKey: PrivateKey?

    /// The parameters of one container; defaults are what deployed writers use.
    public init(
        version: Header.Version = .l1l, kas: ResourceLocator, kasPublicKey: [UInt8], cipher: Cipher = .aes256GCM96,
        policy: PolicyContent, bindingVariant: BindingVariant = .sha256Tail, ephemeralKey: PrivateKey, iv: [UInt8],
        ivConvention: IVConvention = .zeroPrefix, plaintext: [UInt8], signingKey: PrivateKey? = nil
    ) {
        self.version = version
        self.kas = kas
        self.kasPublicKey = kasPublicKey
        self.cipher = cipher
        self.policy = policy
        self.bindingVariant = bindingVariant
        self.ephemeralKey = ephemeralKey
        self.iv = iv
        self.ivConvention = ivConvention
        self.plaintext = plaintext
        self.signingKey = signingKey
    }
}

extension Container {
    /// A new container: ECDH with the KAS key, HKDF, the policy (encrypted for types 2 and 3)
    /// and its binding, the payload, and the creator signature over everything before it.
    public static func encrypt(_ parameters: EncryptionParameters) throws(NanoTDFCryptoError) -> Container {
        let curve = parameters.ephemeralKey.curve
        let cipher = parameters.cipher
        try checkWritable(parameters)
        guard let key = KeyAgreement.payloadKey(parameters.ephemeralKey, peer: parameters.kasPublicKey, version: parameters.version)
        else { throw .offCurve(field: "kasPublicKey", offset: nil) }

        var policy: Policy
        switch parameters.policy {
        case .remote(let locator):
            policy = Policy(kind: .remote, locator: locator, binding: [])
        case .embeddedPlaintext(let content):
            policy = Policy(kind: .embeddedPlaintext, content: content, binding: [])
        case .embeddedEncrypted(let content):
            let sealed = PolicyEncryption.seal(content, key: key, convention: parameters.ivConvention, cipher: cipher)
            policy = Policy(kind: .embeddedEncrypted, content: sealed, binding: [])
        case .embeddedEncryptedWithKeyAccess(let content, let locator, let accessKey):
            guard accessKey.curve == curve else { throw .keyCurveMismatch(key: accessKey.curve, expected: curve) }
            guard let policyKey = KeyAgreement.payloadKey(accessKey, peer: parameters.kasPublicKey, version: parameters.version) else {
                throw .offCurve(field: "kasPublicKey", offset: nil)
            }
            let sealed = PolicyEncryption.seal(content, key: policyKey, convention: parameters.ivConvention, cipher: cipher)
            policy = Policy(
                kind: .embeddedEncryptedWithKeyAccess, locator: locator, content: sealed, keyAccessPublicKey: accessKey.publicKey,
                binding: [])
        }
        guard policy.content.count <= 0xFFFF else { throw .badParameter("the policy content is over 65535 bytes once encrypted") }
        policy.binding = PolicyBinding.compute(
            parameters.bindingVariant, policy: policy, payloadKey: key, ephemeralKey: parameters.ephemeralKey)

        let signing = parameters.signingKey
        let header = Header(
            version: parameters.version, kas: parameters.kas,
            kasKey: parameters.version == .l1m ? Header.KASKey(curve: curve, publicKey: parameters.kasPublicKey) : nil,
            ecdsaBinding: parameters.bindingVariant.isECDSA, curve: curve, hasSignature: signing != nil,
            signatureCurveBits: signing?.curve.rawValue ?? 0, cipher: cipher, policy: policy,
            ephemeralPublicKey: parameters.ephemeralKey.publicKey)
        let sealed = AESGCM.seal(
            key: key, nonce: parameters.ivConvention.nonce(parameters.iv), plaintext: parameters.plaintext, tagLength: cipher.tagLength)
        var container = Container(header: header, payload: Payload(iv: parameters.iv, ciphertext: sealed.ciphertext, tag: sealed.tag))
        if let signing {
            let signature = ECDSA.sign(container.signedBytes, with: signing)
            container.signature = CreatorSignature(publicKey: signing.publicKey, signature: signature)
        }
        return container
    }

    /// Refuses parameters the wire format cannot carry, before any crypto.
    static func checkWritable(_ parameters: EncryptionParameters) throws(NanoTDFCryptoError) {
        guard parameters.iv.count == 3 else { throw .badParameter("the payload IV is 3 bytes, not \(parameters.iv.count)") }
        guard parameters.iv != PolicyEncryption.iv else { throw .badParameter("the payload IV 000000 is reserved for the policy") }
        let limit = 0xFF_FFFF - 3 - parameters.cipher.tagLength
        guard parameters.plaintext.count <= limit else {
            throw .badParameter("the plaintext is \(parameters.plaintext.count) bytes; the uint24 payload length allows \(limit)")
        }
        var locators = [("kas", parameters.kas)]
        switch parameters.policy {
        case .remote(let locator): locators.append(("policy.locator", locator))
        case .embeddedPlaintext(let content), .embeddedEncrypted(let content):
            guard (1...0xFFFF).contains(content.count) else { throw .badParameter("the policy content is 1 to 65535 bytes") }
        case .embeddedEncryptedWithKeyAccess(let content, let locator, _):
            guard (1...0xFFFF).contains(content.count) else { throw .badParameter("the policy content is 1 to 65535 bytes") }
            locators.append(("policy.keyAccess.locator", locator))
        }
        for (field, locator) in locators {
            guard locator.body.count <= 255 else { throw .badParameter("\(field).body is at most 255 bytes") }
            guard ResourceLocator.identifierSizes.contains(locator.identifier.count) else {
                throw .badParameter("\(field).identifier is 0, 2, 8 or 32 bytes, not \(locator.identifier.count)")
            }
            guard [0x0, 0x1, 0xF].contains(locator.protocolCode) else {
                throw .badParameter("\(field).protocol is http (0), https (1) or the shared directory (F)")
            }
        }
    }
}
