import Crypto
import NanoTDF

/// swift-crypto's side of the differential, one switch per operation over the three NIST curves.
enum SwiftCryptoCurve {
    static func decodes(_ point: [UInt8], _ curve: Curve) -> Bool {
        switch curve {
        case .secp256r1: (try? P256.KeyAgreement.PublicKey(compressedRepresentation: point)) != nil
        case .secp384r1: (try? P384.KeyAgreement.PublicKey(compressedRepresentation: point)) != nil
        case .secp521r1: (try? P521.KeyAgreement.PublicKey(compressedRepresentation: point)) != nil
        case .secp256k1: false
        }
    }

    static func acceptsScalar(_ scalar: [UInt8], _ curve: Curve) -> Bool { publicKey(scalar, curve) != nil }

    static func publicKey(_ scalar: [UInt8], _ curve: Curve) -> [UInt8]? {
        switch curve {
        case .secp256r1: (try? P256.KeyAgreement.PrivateKey(rawRepresentation: scalar)).map { Array($0.publicKey.compressedRepresentation) }
        case .secp384r1: (try? P384.KeyAgreement.PrivateKey(rawRepresentation: scalar)).map { Array($0.publicKey.compressedRepresentation) }
        case .secp521r1: (try? P521.KeyAgreement.PrivateKey(rawRepresentation: scalar)).map { Array($0.publicKey.compressedRepresentation) }
        case .secp256k1: nil
        }
    }

    static func sharedX(_ scalar: [UInt8], _ point: [UInt8], _ curve: Curve) -> [UInt8]? {
        func raw(_ secret: SharedSecret?) -> [UInt8]? { secret?.withUnsafeBytes { Array($0) } }
        switch curve {
        case .secp256r1:
            guard let key = try? P256.KeyAgreement.PrivateKey(rawRepresentation: scalar),
                let peer = try? P256.KeyAgreement.PublicKey(compressedRepresentation: point)
            else { return nil }
            return raw(try? key.sharedSecretFromKeyAgreement(with: peer))
        case .secp384r1:
            guard let key = try? P384.KeyAgreement.PrivateKey(rawRepresentation: scalar),
                let peer = try? P384.KeyAgreement.PublicKey(compressedRepresentation: point)
            else { return nil }
            return raw(try? key.sharedSecretFromKeyAgreement(with: peer))
        case .secp521r1:
            guard let key = try? P521.KeyAgreement.PrivateKey(rawRepresentation: scalar),
                let peer = try? P521.KeyAgreement.PublicKey(compressedRepresentation: point)
            else { return nil }
            return raw(try? key.sharedSecretFromKeyAgreement(with: peer))
        case .secp256k1: return nil
        }
    }

    static func verify(_ signature: [UInt8], _ message: [UInt8], _ publicKey: [UInt8], _ curve: Curve) -> Bool {
        let digest = SHA256.hash(data: message)
        switch curve {
        case .secp256r1:
            guard let key = try? P256.Signing.PublicKey(compressedRepresentation: publicKey),
                let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: signature)
            else { return false }
            return key.isValidSignature(parsed, for: digest)
        case .secp384r1:
            guard let key = try? P384.Signing.PublicKey(compressedRepresentation: publicKey),
                let parsed = try? P384.Signing.ECDSASignature(rawRepresentation: signature)
            else { return false }
            return key.isValidSignature(parsed, for: digest)
        case .secp521r1:
            guard let key = try? P521.Signing.PublicKey(compressedRepresentation: publicKey),
                let parsed = try? P521.Signing.ECDSASignature(rawRepresentation: signature)
            else { return false }
            return key.isValidSignature(parsed, for: digest)
        case .secp256k1: return false
        }
    }
}
