/// What decrypting a container found out.
public struct Decryption: Sendable, Equatable {
    /// The payload plaintext.
    public var plaintext: [UInt8]
    /// The IV convention under which the payload authenticated.
    public var ivConvention: IVConvention
    /// The binding variant that matched, nil when none did.
    public var bindingVariant: BindingVariant?
    /// Whether the creator signature verifies; nil when the container is not signed.
    public var signatureVerified: Bool?
    /// The decrypted policy content (types 2 and 3), nil when there is none or it does not authenticate.
    public var policyPlaintext: [UInt8]?

    /// Whether the policy binding verified.
    public var bindingVerified: Bool { bindingVariant != nil }

    /// A decryption's findings (the typed `WireCheckTesting` product builds one from a user's answer).
    public init(
        plaintext: [UInt8], ivConvention: IVConvention, bindingVariant: BindingVariant?, signatureVerified: Bool?, policyPlaintext: [UInt8]?
    ) {
        self.plaintext = plaintext
        self.ivConvention = ivConvention
        self.bindingVariant = bindingVariant
        self.signatureVerified = signatureVerified
        self.policyPlaintext = policyPlaintext
    }
}

extension Container {
    /// The bytes the creator signature covers: header (with HAS_SIGNATURE) and payload.
    public var signedBytes: [UInt8] {
        var unsigned = self
        unsigned.signature = nil
        return unsigned.bytes
    }

    /// Decrypts with the KAS private key `key`: ECDH with the ephemeral key, HKDF, then the payload
    /// under `ivConvention` (nil = `auto`: each of `IVConvention.autoOrder` until one
    /// authenticates). The binding and the signature are checked and reported, not enforced.
    public func decrypt(with key: PrivateKey, ivConvention: IVConvention? = nil) throws(NanoTDFCryptoError) -> Decryption {
        guard key.curve == header.curve else { throw .keyCurveMismatch(key: key.curve, expected: header.curve) }
        let headerLength = header.bytes.count
        guard let payloadKey = KeyAgreement.payloadKey(key, peer: header.ephemeralPublicKey, version: header.version) else {
            throw .offCurve(field: "ephemeralPublicKey", offset: headerLength - header.curve.publicKeyLength)
        }
        guard let (plaintext, convention) = openPayload(payloadKey: payloadKey, ivConvention: ivConvention) else {
            throw .authenticationFailed(offset: headerLength + 3 + payload.length - payload.tag.count)
        }
        return Decryption(
            plaintext: plaintext, ivConvention: convention, bindingVariant: PolicyBinding.matchingVariant(header, payloadKey: payloadKey),
            signatureVerified: verifySignature(),
            policyPlaintext: openPolicy(key: key, payloadKey: payloadKey, convention: convention))
    }

    /// The payload plaintext and the convention that authenticated, given the payload key.
    public func openPayload(payloadKey: [UInt8], ivConvention: IVConvention? = nil) -> ([UInt8], IVConvention)? {
        for convention in ivConvention.map({ [$0] }) ?? IVConvention.autoOrder {
            if let plaintext = AESGCM.open(
                key: payloadKey, nonce: convention.nonce(payload.iv), ciphertext: payload.ciphertext, tag: payload.tag)
            {
                return (plaintext, convention)
            }
        }
        return nil
    }

    /// The binding variant that matches without any key (ECDSA, `sha256-tail`), or with the payload
    /// key (`gmac-tag`); nil when none does.
    public func verifyBinding(payloadKey: [UInt8]? = nil) -> BindingVariant? {
        PolicyBinding.matchingVariant(header, payloadKey: payloadKey)
    }

    /// Whether the creator signature verifies over `signedBytes`; nil when unsigned.
    public func verifySignature() -> Bool? {
        guard let signature, let curve = header.signatureCurve else { return nil }
        return ECDSA.verify(signature.signature, of: signedBytes, publicKey: signature.publicKey, curve: curve)
    }

    /// The policy content of types 2 and 3 in the clear: type 3's key comes from the key access
    /// key and the same KAS key. (A KAS reads it from the header alone, before any payload: the mock KAS's policy rule.)
    public func openPolicy(key: PrivateKey, payloadKey: [UInt8], convention: IVConvention) -> [UInt8]? {
        let policyKey: [UInt8]?
        switch header.policy.kind {
        case .remote, .embeddedPlaintext: return nil
        case .embeddedEncrypted: policyKey = payloadKey
        case .embeddedEncryptedWithKeyAccess:
            policyKey = KeyAgreement.payloadKey(key, peer: header.policy.keyAccessPublicKey, version: header.version)
        }
        return policyKey.flatMap { PolicyEncryption.open(header.policy.content, key: $0, convention: convention, cipher: header.cipher) }
    }
}
