import CSecp256k1
import CrossCheck
import Crypto
import Foundation
import NanoTDF

/// ECDH, public keys and ECDSA verification for the NanoTDF curves from libraries that are not
/// OpenSSL: swift-crypto (BoringSSL, through `CrossCheck`) for P-256/384/521, libsecp256k1 for secp256k1.
enum IndependentCurves {
    struct Refused: Error {}

    /// The compressed public key of a raw scalar.
    static func publicKey(scalar: [UInt8], curve: Curve) throws -> [UInt8] {
        if curve == .secp256k1 { return try Secp256k1.publicKey(scalar) }
        guard let key = SwiftCryptoCurves.publicKey(scalar: scalar, curve: curve.name) else { throw Refused() }
        return key
    }

    /// The raw scalar of a PKCS#8 DER key, read by swift-crypto (NIST curves only).
    static func scalar(pkcs8: [UInt8], curve: Curve) throws -> [UInt8] {
        guard let scalar = SwiftCryptoCurves.scalar(pkcs8: pkcs8, curve: curve.name) else { throw Refused() }
        return scalar
    }

    /// The ECDH x-coordinate.
    static func sharedX(scalar: [UInt8], peer: [UInt8], curve: Curve) throws -> [UInt8] {
        if curve == .secp256k1 { return try Secp256k1.sharedX(scalar, peer) }
        guard let x = SwiftCryptoCurves.sharedX(scalar: scalar, peer: peer, curve: curve.name) else { throw Refused() }
        return x
    }

    /// ECDSA-SHA256 verification of a fixed-width `r‖s`.
    static func verify(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8], curve: Curve) -> Bool {
        if curve == .secp256k1 {
            return Secp256k1.verify(signature, digest: Array(SHA256.hash(data: message)), publicKey: publicKey)
        }
        return SwiftCryptoCurves.verify(signature, of: message, publicKey: publicKey, curve: curve.name)
    }
}

/// libsecp256k1 through its C API.
enum Secp256k1 {
    struct Failure: Error {}
    // SECP256K1_CONTEXT_NONE and SECP256K1_EC_COMPRESSED, whose macros are not imported.
    static let contextNone: UInt32 = 1
    static let compressed: UInt32 = 0x102
    nonisolated(unsafe) static let context = secp256k1_context_create(contextNone)!

    static func parse(_ bytes: [UInt8]) throws -> secp256k1_pubkey {
        var key = secp256k1_pubkey()
        guard secp256k1_ec_pubkey_parse(context, &key, bytes, bytes.count) == 1 else { throw Failure() }
        return key
    }

    static func publicKey(_ scalar: [UInt8]) throws -> [UInt8] {
        var key = secp256k1_pubkey()
        guard secp256k1_ec_pubkey_create(context, &key, scalar) == 1 else { throw Failure() }
        var out = [UInt8](repeating: 0, count: 33)
        var length = 33
        _ = secp256k1_ec_pubkey_serialize(context, &out, &length, &key, compressed)
        return out
    }

    static func sharedX(_ scalar: [UInt8], _ peer: [UInt8]) throws -> [UInt8] {
        var key = try parse(peer)
        var out = [UInt8](repeating: 0, count: 32)
        // The default hash is SHA-256 of the point; NanoTDF wants the bare x-coordinate.
        let copyX: secp256k1_ecdh_hash_function = { output, x, _, _ in
            output!.update(from: x!, count: 32)
            return 1
        }
        guard secp256k1_ecdh(context, &out, &key, scalar, copyX, nil) == 1 else { throw Failure() }
        return out
    }

    /// libsecp256k1 accepts only low-s signatures; a NanoTDF signature may have either s, so it is
    /// normalized first (both verify under plain ECDSA).
    static func verify(_ signature: [UInt8], digest: [UInt8], publicKey: [UInt8]) -> Bool {
        guard var key = try? parse(publicKey), signature.count == 64 else { return false }
        var parsed = secp256k1_ecdsa_signature()
        guard secp256k1_ecdsa_signature_parse_compact(context, &parsed, signature) == 1 else { return false }
        var normalized = secp256k1_ecdsa_signature()
        _ = secp256k1_ecdsa_signature_normalize(context, &normalized, &parsed)
        return secp256k1_ecdsa_verify(context, &normalized, digest, &key) == 1
    }

    /// libsecp256k1's own RFC 6979 signature, low-s, as `r‖s`.
    static func sign(_ digest: [UInt8], scalar: [UInt8]) -> [UInt8] {
        var signature = secp256k1_ecdsa_signature()
        _ = secp256k1_ecdsa_sign(context, &signature, digest, scalar, nil, nil)
        var out = [UInt8](repeating: 0, count: 64)
        _ = secp256k1_ecdsa_signature_serialize_compact(context, &out, &signature)
        return out
    }
}
