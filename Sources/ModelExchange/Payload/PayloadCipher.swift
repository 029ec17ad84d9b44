import Crypto
import WireCore

/// Seals and opens the model payload: ephemeral X25519, HKDF-SHA256 (salt `"flowdown-model-exchange"`
/// + session, info = recipient's Ed25519 public key), ChaCha20-Poly1305 (FlowDown spec section 9).
public enum PayloadCipher {
    /// The HKDF salt is this followed by the session (FlowDown spec section 9).
    public static let saltPrefix = "flowdown-model-exchange"
    static let nonceLength = 12
    static let tagLength = 16

    /// The 32-byte key both sides derive from the X25519 output (CryptoKit's `hkdfDerivedSymmetricKey`).
    public static func derivedKey(ikm: [UInt8], session: String, recipientSigningKey: [UInt8]) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: ikm), salt: Array((saltPrefix + session).utf8), info: recipientSigningKey,
            outputByteCount: 32)
    }

    static func derivedKey(sharedSecret: SharedSecret, session: String, recipientSigningKey: [UInt8]) -> SymmetricKey {
        derivedKey(ikm: sharedSecret.withUnsafeBytes { Array($0) }, session: session, recipientSigningKey: recipientSigningKey)
    }

    /// ChaCha20-Poly1305 with a given key and nonce: `nonce ‖ ciphertext ‖ tag`. For vectors that need
    /// a box under a key no honest sender would derive.
    public static func sealRaw(_ plaintext: [UInt8], key: SymmetricKey, nonce: [UInt8]) -> [UInt8] {
        Array(try! ChaChaPoly.seal(plaintext, using: key, nonce: try! ChaChaPoly.Nonce(data: nonce)).combined)
    }

    /// A low-order X25519 point gives an all-zero secret, and so a key anyone can compute
    /// (RFC 7748 section 6.1). swift-crypto skips that check for parity with CryptoKit, so real FlowDown
    /// opens such a box (FINDINGS.md D1); the reference refuses it as hardening.
    static func refuseAllZero(_ shared: SharedSecret) throws(ModelExchangeError) {
        if shared.withUnsafeBytes({ $0.allSatisfy { $0 == 0 } }) {
            throw .badEphemeralKey("the X25519 shared secret is all zeros (a low-order point)")
        }
    }

    /// The sender's side (FlowDown). The ephemeral key and nonce are inputs so vectors are reproducible;
    /// pass nil for fresh random ones.
    public static func seal(
        _ plaintext: [UInt8], to recipient: ModelExchangePublicKey, session: String,
        ephemeralPrivateKey: [UInt8]? = nil, nonce: [UInt8]? = nil
    ) throws(ModelExchangeError) -> PayloadWrapper {
        do {
            let ephemeral =
                try ephemeralPrivateKey.map { try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: $0) }
                ?? Curve25519.KeyAgreement.PrivateKey()
            let shared = try ephemeral.sharedSecretFromKeyAgreement(with: try recipient.agreementKey())
            try refuseAllZero(shared)
            let key = derivedKey(sharedSecret: shared, session: session, recipientSigningKey: recipient.signing)
            let box = try ChaChaPoly.seal(
                plaintext, using: key, nonce: try nonce.map { try ChaChaPoly.Nonce(data: $0) } ?? ChaChaPoly.Nonce())
            return PayloadWrapper(
                session: session, sealed: Base64.encode(Array(box.combined), variant: .foundation),
                ephemeralPublicKey: Base64.encode(Array(ephemeral.publicKey.rawRepresentation), variant: .foundation))
        } catch let error as ModelExchangeError {
            throw error
        } catch {
            throw .badEphemeralKey("sealing failed: \(error)")
        }
    }

    /// The requester's side: receiver steps 1 to 6. The HKDF salt uses the JSON's `session`; when
    /// `expectedSession` is given, a payload for another session is refused before its box is read,
    /// as the documented requester compares the session first (a payload wrong twice, in its session
    /// and its box, is `session-mismatch`).
    public static func open(_ payload: String, keyPair: ModelExchangeKeyPair, expectedSession: String? = nil)
        throws(ModelExchangeError) -> (session: String, plaintext: [UInt8])
    {
        let wrapper = try PayloadWrapper(encoded: payload)
        if let expectedSession, expectedSession != wrapper.session {
            throw .sessionMismatch(expected: expectedSession, got: wrapper.session)
        }
        guard let combined = try? Base64.decode(wrapper.sealed, variant: .foundation) else {
            throw .payloadNotBase64("sealed")
        }
        guard let ephemeralBytes = try? Base64.decode(wrapper.ephemeralPublicKey, variant: .foundation) else {
            throw .payloadNotBase64("ephemeralPublicKey")
        }
        guard combined.count >= nonceLength + tagLength else { throw .boxTooShort(combined.count) }
        guard ephemeralBytes.count == 32 else {
            throw .badEphemeralKey("ephemeralPublicKey is \(ephemeralBytes.count) bytes, not 32")
        }
        let key: SymmetricKey
        do {
            let ephemeral = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: ephemeralBytes)
            let shared = try keyPair.agreement.sharedSecretFromKeyAgreement(with: ephemeral)
            try refuseAllZero(shared)
            key = derivedKey(sharedSecret: shared, session: wrapper.session, recipientSigningKey: keyPair.publicKey.signing)
        } catch let error as ModelExchangeError {
            throw error
        } catch {
            throw .badEphemeralKey("no usable shared secret: \(error)")
        }
        let plaintext: [UInt8]
        do {
            plaintext = Array(try ChaChaPoly.open(ChaChaPoly.SealedBox(combined: combined), using: key))
        } catch {
            throw .authenticationFailed
        }
        return (wrapper.session, plaintext)
    }
}
