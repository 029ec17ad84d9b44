import COpenSSL
import Foundation
import WireCore

/// An EC private key of a NanoTDF curve, read from any of the forms keys come in: PEM (`PRIVATE
/// KEY` or `EC PRIVATE KEY`), PKCS#8 DER, SEC1 DER, or the raw big-endian scalar (for which the
/// curve must be known). Its description never shows the scalar.
public struct PrivateKey: Sendable, CustomStringConvertible, CustomReflectable {
    /// The key's curve.
    public let curve: Curve
    /// The scalar d, big-endian, `curve.signatureLength / 2` bytes.
    let scalar: [UInt8]

    /// The raw scalar of `curve` (at most the curve's scalar size; shorter is left-padded); it
    /// must be in 1…n−1.
    public init(scalar: [UInt8], curve: Curve) throws(NanoTDFCryptoError) {
        let group = CurveGroup(curve)
        guard scalar.count <= group.scalarLength else {
            throw .badPrivateKey("a raw \(curve.name) scalar is at most \(group.scalarLength) bytes, not \(scalar.count)")
        }
        let value = BigNumber(bytes: scalar)
        guard value.isInRange(below: group.order) else { throw .badPrivateKey("the scalar is not in 1…n−1 of \(curve.name)") }
        self.curve = curve
        self.scalar = value.bytes(length: group.scalarLength)!
    }

    /// A fresh random key of `curve` (the system's CSPRNG).
    public static func generate(_ curve: Curve) -> PrivateKey {
        var generator = SystemRandomNumberGenerator()
        while true {
            var scalar = (0..<curve.signatureLength / 2).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if curve == .secp521r1 { scalar[0] &= 0x01 }
            if let key = try? PrivateKey(scalar: scalar, curve: curve) { return key }
        }
    }

    /// Reads `bytes` as PEM text, DER (PKCS#8 or SEC1) or, when its length is the scalar size of
    /// `curve`, a raw scalar. `curve` is required for a raw scalar; when given, a key of another
    /// curve is refused.
    public init(reading bytes: [UInt8], curve: Curve? = nil) throws(NanoTDFCryptoError) {
        if let curve, bytes.count <= curve.signatureLength / 2 {
            try self.init(scalar: bytes, curve: curve)
            return
        }
        let der = bytes.starts(with: Array("-----BEGIN".utf8)) ? try Self.pemBody(bytes) : bytes
        let (keyCurve, scalar) = try Self.decodeDER(der)
        if let curve, curve != keyCurve { throw .keyCurveMismatch(key: keyCurve, expected: curve) }
        try self.init(scalar: scalar, curve: keyCurve)
    }

    /// The raw scalar, for writing the key back out (vectors, `--print-key`); never logged.
    public var scalarBytes: [UInt8] { scalar }

    /// The key as PKCS#8 DER (RFC 5208 around a SEC1 ECPrivateKey with a named curve, no public
    /// key): what `openssl pkcs8 -nocrypt -outform DER` reads. Every length fits one byte here.
    public var pkcs8: [UInt8] {
        func element(_ tag: UInt8, _ body: [UInt8]) -> [UInt8] { [tag, UInt8(body.count)] + body }
        let curveOID: [UInt8] =
            switch curve {
            case .secp256r1: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
            case .secp384r1: [0x2B, 0x81, 0x04, 0x00, 0x22]
            case .secp521r1: [0x2B, 0x81, 0x04, 0x00, 0x23]
            case .secp256k1: [0x2B, 0x81, 0x04, 0x00, 0x0A]
            }
        let ecPublicKeyOID: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
        let sec1 = element(0x30, element(0x02, [1]) + element(0x04, scalar))
        return element(
            0x30, element(0x02, [0]) + element(0x30, element(0x06, ecPublicKeyOID) + element(0x06, curveOID)) + element(0x04, sec1))
    }

    /// The compressed public key d·G.
    public var publicKey: [UInt8] {
        let group = CurveGroup(curve)
        return group.compressed(group.multiply(generatorScalar: BigNumber(bytes: scalar))!)
    }

    public var description: String { "PrivateKey(\(curve.name), scalar not shown)" }

    /// `dump` and debuggers see the curve only.
    public var customMirror: Mirror { Mirror(self, children: ["curve": curve]) }

    /// The DER inside the first `… PRIVATE KEY` block (`openssl ecparam -genkey` writes an
    /// `EC PARAMETERS` block first).
    static func pemBody(_ text: [UInt8]) throws(NanoTDFCryptoError) -> [UInt8] {
        let lines = String(decoding: text, as: UTF8.self).split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN") && $0.hasSuffix("PRIVATE KEY-----") }) else {
            throw .badPrivateKey("PEM without a PRIVATE KEY block")
        }
        guard !lines[begin].contains("ENCRYPTED") else { throw .badPrivateKey("encrypted PEM keys are not supported") }
        guard let end = lines[begin...].firstIndex(where: { $0.hasPrefix("-----END") }) else {
            throw .badPrivateKey("PEM block without an END line")
        }
        do {
            return try Base64.decode(lines[(begin + 1)..<end].joined(), variant: .foundation)
        } catch {
            throw .badPrivateKey("PEM body is not Base64: \(error)")
        }
    }

    static let groupNames: [String: Curve] = [
        "prime256v1": .secp256r1, "secp256r1": .secp256r1, "secp384r1": .secp384r1, "secp521r1": .secp521r1,
        "secp256k1": .secp256k1,
    ]

    /// The curve and scalar of a PKCS#8 or SEC1 DER key, by OpenSSL's decoders.
    static func decodeDER(_ der: [UInt8]) throws(NanoTDFCryptoError) -> (Curve, [UInt8]) {
        let key: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return d2i_AutoPrivateKey(nil, &cursor, buffer.count)
        }
        guard let key else { throw .badPrivateKey("not a PKCS#8 or SEC1 DER private key (nor a raw scalar of the curve)") }
        defer { EVP_PKEY_free(key) }
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC else { throw .badPrivateKey("not an elliptic-curve key") }
        var name = [CChar](repeating: 0, count: 64)
        var nameLength = 0
        guard EVP_PKEY_get_utf8_string_param(key, "group", &name, name.count, &nameLength) == 1 else {
            throw .badPrivateKey("the key names no curve (explicit parameters are not supported)")
        }
        let groupName = String(decoding: name.prefix(nameLength).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let curve = groupNames[groupName] else { throw .badPrivateKey("curve \(groupName) is not a NanoTDF curve") }
        var scalar: OpaquePointer? = nil
        guard EVP_PKEY_get_bn_param(key, "priv", &scalar) == 1, let scalar else {
            throw .badPrivateKey("the key has no private scalar")
        }
        let value = BigNumber(owning: scalar)
        return (curve, value.minimalBytes)
    }
}
