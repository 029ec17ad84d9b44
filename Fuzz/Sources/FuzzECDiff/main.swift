import CrossCheck
import FuzzSupport
import NanoTDF

/// Differential: NanoTDF's OpenSSL elliptic-curve code against swift-crypto (BoringSSL) on
/// P-256/384/521. Input: a selector byte (curve = selector % 3, check = selector / 3 % 3), then a
/// scalar, a compressed point and a message cut from the rest. One check per input, since each
/// costs scalar multiplications in both libraries:
/// 0. the point decodes in both or neither, and ECDH gives the same x-coordinate;
/// 1. both accept the same scalars with the same public key, and what NanoTDF signs verifies in swift-crypto;
/// 2. a NanoTDF signature with one bit flipped (chosen by the input) is judged alike by both, under the
///    signer's key and under the fuzzed point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = inputBytes(start, count)
    guard let selector = bytes.first else { return 0 }
    let curve = [Curve.secp256r1, .secp384r1, .secp521r1][Int(selector % 3)]
    let size = curve.signatureLength / 2
    let rest = Array(bytes.dropFirst())
    guard rest.count >= size + curve.publicKeyLength else { return 0 }
    let scalar = Array(rest.prefix(size))
    let point = Array(rest[size..<(size + curve.publicKeyLength)])
    let message = Array(rest.suffix(from: size + curve.publicKeyLength))

    guard let key = try? PrivateKey(scalar: scalar, curve: curve) else {
        require(SwiftCryptoCurves.publicKey(scalar: scalar, curve: curve.name) == nil, "swift-crypto accepts a scalar NanoTDF refuses")
        return 0
    }
    switch selector / 3 % 3 {
    case 0:
        let ours = KeyAgreement.sharedSecret(key, peer: point)
        require((ours != nil) == SwiftCryptoCurves.decodes(point, curve: curve.name), "point \(point) decodes in one library only")
        if let ours { require(ours == SwiftCryptoCurves.sharedX(scalar: scalar, peer: point, curve: curve.name), "ECDH x differs") }
    case 1:
        // `publicKey` is a scalar multiplication each time it is read: read once.
        let publicKey = key.publicKey
        require(
            publicKey == SwiftCryptoCurves.publicKey(scalar: scalar, curve: curve.name),
            "public keys differ (or swift-crypto refuses the scalar)")
        require(
            SwiftCryptoCurves.verify(ECDSA.sign(message, with: key), of: message, publicKey: publicKey, curve: curve.name),
            "swift-crypto refuses NanoTDF's signature")
    default:
        let publicKey = key.publicKey
        var signature = ECDSA.sign(message, with: key)
        let bit = Int(rest[0]) * 7 % (signature.count * 8)
        signature[bit / 8] ^= 1 << UInt8(bit % 8)
        require(
            ECDSA.verify(signature, of: message, publicKey: publicKey, curve: curve)
                == SwiftCryptoCurves.verify(signature, of: message, publicKey: publicKey, curve: curve.name),
            "verdicts on a flipped signature differ")
        require(
            ECDSA.verify(signature, of: message, publicKey: point, curve: curve)
                == SwiftCryptoCurves.verify(signature, of: message, publicKey: point, curve: curve.name),
            "verdicts under a fuzzed key differ")
    }
    return 0
}
