import Crypto
import Foundation
import _CryptoExtras

/// How the OpenTDF KAS wraps a released NanoTDF key for the client (`GenerateECSessionKey` and `Export` in the platform
/// before NanoTDF was removed, opentdf/platform 90ff7ce50^): to an EC client key, ECIES: a fresh key pair on the client's
/// curve, HKDF-SHA256 of their ECDH secret with salt SHA-256("L1L") and no info, AES-256-GCM under a random 12-byte nonce,
/// sent as nonce ‖ ciphertext ‖ tag, with the fresh public key as `sessionPublicKey`; to an RSA client key, RSA-OAEP with
/// SHA-1, with the client's own key as `sessionPublicKey` (what otdf-python sends and expects).
enum KASSessionKey {
    /// Why a client key cannot be used.
    struct Unusable: Error { var reason: String }

    /// The `sessionPublicKey` (PEM) and the wrapping of a key for the client key in `clientPEM`.
    static func make(clientPEM: String) throws(Unusable) -> (sessionPublicKey: String, wrap: ([UInt8]) -> [UInt8]?) {
        if let rsa = try? _RSA.Encryption.PublicKey(pemRepresentation: clientPEM) {
            return (pem(rsa.derRepresentation), { key in (try? rsa.encrypt(key, padding: .PKCS1_OAEP)).map(Array.init) })
        }
        if let p256 = try? P256.KeyAgreement.PublicKey(pemRepresentation: clientPEM) {
            let ephemeral = P256.KeyAgreement.PrivateKey()
            guard let secret = try? ephemeral.sharedSecretFromKeyAgreement(with: p256) else { throw Unusable(reason: "keypair mismatch") }
            return (pem(ephemeral.publicKey.derRepresentation), { key in seal(key, secret: secret) })
        }
        if let p384 = try? P384.KeyAgreement.PublicKey(pemRepresentation: clientPEM) {
            let ephemeral = P384.KeyAgreement.PrivateKey()
            guard let secret = try? ephemeral.sharedSecretFromKeyAgreement(with: p384) else { throw Unusable(reason: "keypair mismatch") }
            return (pem(ephemeral.publicKey.derRepresentation), { key in seal(key, secret: secret) })
        }
        if let p521 = try? P521.KeyAgreement.PublicKey(pemRepresentation: clientPEM) {
            let ephemeral = P521.KeyAgreement.PrivateKey()
            guard let secret = try? ephemeral.sharedSecretFromKeyAgreement(with: p521) else { throw Unusable(reason: "keypair mismatch") }
            return (pem(ephemeral.publicKey.derRepresentation), { key in seal(key, secret: secret) })
        }
        throw Unusable(reason: "clientPublicKey is neither an RSA nor a P-256/P-384/P-521 public key in PEM")
    }

    /// The salt of the NanoTDF session key: SHA-256 of the magic and version, "L1L".
    static let salt = Array(SHA256.hash(data: Array("L1L".utf8)))

    /// The client's side of the EC wrapping: the key in `wrapped` (nonce ‖ ciphertext ‖ tag) for the session key
    /// `sessionPublicKey` (PEM) and the client's P-256 `clientKey`.
    static func unwrap(_ wrapped: [UInt8], sessionPublicKey: String, clientKey: P256.KeyAgreement.PrivateKey) -> [UInt8]? {
        guard wrapped.count >= 28, let session = try? P256.KeyAgreement.PublicKey(pemRepresentation: sessionPublicKey),
            let secret = try? clientKey.sharedSecretFromKeyAgreement(with: session),
            let box = try? AES.GCM.SealedBox(combined: wrapped)
        else { return nil }
        return try? Array(AES.GCM.open(box, using: key(secret)))
    }

    private static func key(_ secret: SharedSecret) -> SymmetricKey {
        secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: salt, sharedInfo: [], outputByteCount: 32)
    }

    private static func seal(_ plaintext: [UInt8], secret: SharedSecret) -> [UInt8]? {
        (try? AES.GCM.seal(plaintext, using: key(secret)))?.combined.map(Array.init)
    }

    /// A `PUBLIC KEY` PEM block of `der` (SubjectPublicKeyInfo), 64-column Base64, as Go's `pem.EncodeToMemory` writes.
    static func pem(_ der: Data) -> String {
        "-----BEGIN PUBLIC KEY-----\n" + der.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
            + "\n-----END PUBLIC KEY-----\n"
    }
}
