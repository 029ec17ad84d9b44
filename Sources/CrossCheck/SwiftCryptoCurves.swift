import Crypto

/// swift-crypto (BoringSSL) on the NIST curves, by the curve names of the NanoTDF vectors
/// (`secp256r1`, `secp384r1`, `secp521r1`): the side of the elliptic-curve cross-checks that is not
/// OpenSSL. Every function answers nil or false for another curve name or for input swift-crypto refuses.
public enum SwiftCryptoCurves {
    /// Whether `point` is a compressed point swift-crypto accepts (it also checks the point's order).
    public static func decodes(_ point: [UInt8], curve: String) -> Bool {
        switch curve {
        case "secp256r1": (try? P256.KeyAgreement.PublicKey(compressedRepresentation: point)) != nil
        case "secp384r1": (try? P384.KeyAgreement.PublicKey(compressedRepresentation: point)) != nil
        case "secp521r1": (try? P521.KeyAgreement.PublicKey(compressedRepresentation: point)) != nil
        default: false
        }
    }

    /// The compressed public key of a raw scalar.
    public static func publicKey(scalar: [UInt8], curve: String) -> [UInt8]? {
        switch curve {
        case "secp256r1":
            (try? P256.KeyAgreement.PrivateKey(rawRepresentation: scalar)).map { Array($0.publicKey.compressedRepresentation) }
        case "secp384r1":
            (try? P384.KeyAgreement.PrivateKey(rawRepresentation: scalar)).map { Array($0.publicKey.compressedRepresentation) }
        case "secp521r1":
            (try? P521.KeyAgreement.PrivateKey(rawRepresentation: scalar)).map { Array($0.publicKey.compressedRepresentation) }
        default: nil
        }
    }

    /// The raw scalar of a PKCS#8 DER key.
    public static func scalar(pkcs8: [UInt8], curve: String) -> [UInt8]? {
        switch curve {
        case "secp256r1": (try? P256.KeyAgreement.PrivateKey(derRepresentation: pkcs8)).map { Array($0.rawRepresentation) }
        case "secp384r1": (try? P384.KeyAgreement.PrivateKey(derRepresentation: pkcs8)).map { Array($0.rawRepresentation) }
        case "secp521r1": (try? P521.KeyAgreement.PrivateKey(derRepresentation: pkcs8)).map { Array($0.rawRepresentation) }
        default: nil
        }
    }

    /// The ECDH x-coordinate of a raw scalar and a compressed point.
    public static func sharedX(scalar: [UInt8], peer: [UInt8], curve: String) -> [UInt8]? {
        func raw(_ secret: SharedSecret?) -> [UInt8]? { secret?.withUnsafeBytes { Array($0) } }
        switch curve {
        case "secp256r1":
            guard let key = try? P256.KeyAgreement.PrivateKey(rawRepresentation: scalar),
                let point = try? P256.KeyAgreement.PublicKey(compressedRepresentation: peer)
            else { return nil }
            return raw(try? key.sharedSecretFromKeyAgreement(with: point))
        case "secp384r1":
            guard let key = try? P384.KeyAgreement.PrivateKey(rawRepresentation: scalar),
                let point = try? P384.KeyAgreement.PublicKey(compressedRepresentation: peer)
            else { return nil }
            return raw(try? key.sharedSecretFromKeyAgreement(with: point))
        case "secp521r1":
            guard let key = try? P521.KeyAgreement.PrivateKey(rawRepresentation: scalar),
                let point = try? P521.KeyAgreement.PublicKey(compressedRepresentation: peer)
            else { return nil }
            return raw(try? key.sharedSecretFromKeyAgreement(with: point))
        default: return nil
        }
    }

    /// Whether `signature` (fixed-width `r‖s`) is an ECDSA-SHA256 signature by `publicKey` over `message`.
    public static func verify(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8], curve: String) -> Bool {
        let digest = SHA256.hash(data: message)
        switch curve {
        case "secp256r1":
            guard let key = try? P256.Signing.PublicKey(compressedRepresentation: publicKey),
                let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: signature)
            else { return false }
            return key.isValidSignature(parsed, for: digest)
        case "secp384r1":
            guard let key = try? P384.Signing.PublicKey(compressedRepresentation: publicKey),
                let parsed = try? P384.Signing.ECDSASignature(rawRepresentation: signature)
            else { return false }
            return key.isValidSignature(parsed, for: digest)
        case "secp521r1":
            guard let key = try? P521.Signing.PublicKey(compressedRepresentation: publicKey),
                let parsed = try? P521.Signing.ECDSASignature(rawRepresentation: signature)
            else { return false }
            return key.isValidSignature(parsed, for: digest)
        default: return false
        }
    }
}
