import Crypto
import Foundation
import NanoTDF
import NanoTDFConformance
import WireCheckTestSupport
import WireCore
import XCTest

/// Every valid `nanotdf/crypto` case recomputed without OpenSSL (which the reference uses): ECDH and
/// ECDSA with swift-crypto (P-256/384/521) and libsecp256k1, HKDF and SHA-256 with swift-crypto,
/// AES-GCM with the SP 800-38D construction of `ReferenceGCM` (any IV length, so the 24-bit IV too).
final class NanoTDFCryptoCrossCheckTests: XCTestCase {
    /// What a case says the container holds.
    struct Claim {
        var container: [UInt8]
        /// Our half of the ECDH: the KAS scalar (decrypt) or the ephemeral scalar (encrypt).
        var scalar: [UInt8]
        /// The other half: the ephemeral key (decrypt) or the KAS key (encrypt).
        var peer: [UInt8]?
        var keyAccessScalar: [UInt8]?
        var plaintext: [UInt8]
        var convention: String
        var variant: String?
        var signatureVerified: Bool?
        var policyPlaintext: [UInt8]?
    }

    static func nonce(_ convention: String, _ iv: [UInt8]) -> [UInt8] {
        switch convention {
        case "zero-prefix": [UInt8](repeating: 0, count: 9) + iv
        case "zero-suffix": iv + [UInt8](repeating: 0, count: 9)
        default: iv
        }
    }

    /// The scalar of a hex key argument: raw, or PKCS#8 (swift-crypto reads the NIST ones; the
    /// secp256k1 SEC1 scalar is the 32-byte OCTET STRING after version 1).
    static func scalar(_ bytes: [UInt8], curve: Curve) throws -> [UInt8] {
        if bytes.count <= curve.signatureLength / 2 {
            return [UInt8](repeating: 0, count: curve.signatureLength / 2 - bytes.count) + bytes
        }
        if curve != .secp256k1 { return try IndependentCurves.scalar(pkcs8: bytes, curve: curve) }
        let marker: [UInt8] = [0x02, 0x01, 0x01, 0x04, 0x20]
        let start = try XCTUnwrap((0..<bytes.count - marker.count).first { Array(bytes[$0..<$0 + marker.count]) == marker })
        return Array(bytes[(start + marker.count)..<(start + marker.count + 32)])
    }

    func check(_ claim: Claim, _ id: String) throws {
        let container = try Container.parseEitherBindingForm(claim.container)
        let header = container.header
        let curve = header.curve
        let x = try IndependentCurves.sharedX(scalar: claim.scalar, peer: claim.peer ?? header.ephemeralPublicKey, curve: curve)
        let salt = Data(SHA256.hash(data: header.version.magic))
        func hkdf(_ secret: [UInt8]) -> [UInt8] {
            HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: secret), salt: salt, info: Data(), outputByteCount: 32)
                .withUnsafeBytes { Array($0) }
        }
        let key = hkdf(x)

        let sealed = ReferenceGCM.seal(key: key, iv: Self.nonce(claim.convention, container.payload.iv), plaintext: claim.plaintext)
        XCTAssertEqual(sealed.ciphertext, container.payload.ciphertext, "\(id): payload ciphertext")
        XCTAssertEqual(Array(sealed.tag.prefix(header.cipher.tagLength)), container.payload.tag, "\(id): payload tag")

        let policy = header.policy
        let bound = policy.kind == .remote ? policy.locator!.bytes : policy.content
        let sha256Tail = Array(SHA256.hash(data: bound).suffix(8))
        let gmacTag = Array(
            ReferenceGCM.seal(key: key, iv: [UInt8](repeating: 0, count: 12), plaintext: [], aad: policy.body).tag.prefix(8))
        var matched: [String] = []
        if !header.ecdsaBinding {
            if policy.binding == sha256Tail { matched.append("sha256-tail") }
            if policy.binding == gmacTag { matched.append("gmac-tag") }
        } else if IndependentCurves.verify(policy.binding, of: bound, publicKey: header.ephemeralPublicKey, curve: curve) {
            matched.append("ecdsa-fixed")
        } else if let fixed = Self.fixedWidth(goForm: policy.binding, half: curve.signatureLength / 2),
            IndependentCurves.verify(fixed, of: bound, publicKey: header.ephemeralPublicKey, curve: curve)
        {
            matched.append("ecdsa-go")
        }
        XCTAssertEqual(matched, claim.variant.map { [$0] } ?? [], "\(id): binding")

        if let signature = container.signature, let signatureCurve = header.signatureCurve {
            let signed = Array(claim.container.prefix(claim.container.count - signature.publicKey.count - signature.signature.count))
            let verified = IndependentCurves.verify(
                signature.signature, of: signed, publicKey: signature.publicKey, curve: signatureCurve)
            XCTAssertEqual(verified, claim.signatureVerified, "\(id): signature")
        } else {
            XCTAssertNil(claim.signatureVerified, "\(id): unsigned")
        }

        if let policyPlaintext = claim.policyPlaintext {
            var policyKey = key
            if policy.kind == .embeddedEncryptedWithKeyAccess {
                let secret =
                    try claim.keyAccessScalar.map { try IndependentCurves.sharedX(scalar: $0, peer: claim.peer!, curve: curve) }
                    ?? IndependentCurves.sharedX(scalar: claim.scalar, peer: policy.keyAccessPublicKey, curve: curve)
                policyKey = hkdf(secret)
            }
            let sealedPolicy = ReferenceGCM.seal(key: policyKey, iv: Self.nonce(claim.convention, [0, 0, 0]), plaintext: policyPlaintext)
            XCTAssertEqual(sealedPolicy.ciphertext + sealedPolicy.tag.prefix(header.cipher.tagLength), policy.content, "\(id): policy")
        }
    }

    static func fixedWidth(goForm bytes: [UInt8], half: Int) -> [UInt8]? {
        guard bytes.count > 2, Int(bytes[0]) <= half, bytes.count > 1 + Int(bytes[0]) else { return nil }
        let r = Array(bytes[1..<(1 + Int(bytes[0]))])
        let sLength = Int(bytes[1 + r.count])
        guard sLength <= half, bytes.count == 2 + r.count + sLength else { return nil }
        let s = Array(bytes.suffix(sLength))
        return [UInt8](repeating: 0, count: half - r.count) + r + [UInt8](repeating: 0, count: half - s.count) + s
    }

    typealias F = NanoTDFFields

    func testEveryValidDecryptCaseRecomputesIndependently() throws {
        var checked = 0
        try forEachCase(of: NanoTDFCryptoSuite.decrypt, in: "nanotdf/crypto") { input, expected, test in
            guard test.result == .valid else { return }
            let bytes = try XCTUnwrap(input[F.container])
            let curve = try Container.parseEitherBindingForm(bytes).header.curve
            try check(
                Claim(
                    container: bytes, scalar: try Self.scalar(try XCTUnwrap(input[F.privateKey]), curve: curve),
                    plaintext: try XCTUnwrap(expected[F.plaintext]), convention: try XCTUnwrap(expected[F.ivConvention]).rawValue,
                    variant: (expected[F.verifiedBindingVariant] ?? nil)?.rawValue, signatureVerified: expected[F.signatureVerified] ?? nil,
                    policyPlaintext: expected[F.policyPlaintext] ?? nil), test.id)
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 390)
    }

    func testEveryValidEncryptCaseRecomputesIndependently() throws {
        var checked = 0
        try forEachCase(of: NanoTDFCryptoSuite.encrypt, in: "nanotdf/crypto") { input, expected, test in
            guard test.result == .valid else { return }
            let curve = try XCTUnwrap(input[F.curve])
            let bytes = try XCTUnwrap(expected[F.container])
            let container = try Container.parseEitherBindingForm(bytes)
            let ephemeral = try XCTUnwrap(input[F.ephemeralPrivateKey])
            XCTAssertEqual(container.header.ephemeralPublicKey, try IndependentCurves.publicKey(scalar: ephemeral, curve: curve), test.id)
            var signatureVerified: Bool? = nil
            if let signing = input[F.signingPrivateKey], let signatureCurve = input[F.signatureCurveParameter] {
                let publicKey = try IndependentCurves.publicKey(scalar: signing, curve: signatureCurve)
                XCTAssertEqual(container.signature?.publicKey, publicKey, test.id)
                signatureVerified = true
            }
            let policy = try XCTUnwrap(input[F.policyParameters])
            let kind = try XCTUnwrap(policy[F.policyType])
            let keyAccess = policy[F.keyAccessPrivateKey]
            if let keyAccess {
                XCTAssertEqual(
                    container.header.policy.keyAccessPublicKey, try IndependentCurves.publicKey(scalar: keyAccess, curve: curve), test.id)
            }
            let encryptedPolicy = kind == .embeddedEncrypted || kind == .embeddedEncryptedWithKeyAccess
            try check(
                Claim(
                    container: bytes, scalar: ephemeral, peer: try XCTUnwrap(input[F.kasPublicKey]), keyAccessScalar: keyAccess,
                    plaintext: try XCTUnwrap(input[F.plaintext]), convention: try XCTUnwrap(input[F.ivConvention]).rawValue,
                    variant: try XCTUnwrap(input[F.bindingVariant]).rawValue, signatureVerified: signatureVerified,
                    policyPlaintext: encryptedPolicy ? try XCTUnwrap(policy[F.policyContent]) : nil), test.id)
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 385)
    }

    /// The test's GCM is itself checked: against swift-crypto's AES-GCM on 12-byte nonces, and
    /// against spec example 1's published key, IV and plaintext on the 3-byte IV.
    func testTheReferenceGCMAgreesWithSwiftCryptoAndTheSpecExample() throws {
        var random = SeededRandom(seed: 7)
        for length in [0, 1, 15, 16, 17, 100] {
            let key = random.bytes(32)
            let nonce = random.bytes(12)
            let plaintext = random.bytes(length)
            let aad = random.bytes(length % 7)
            let box = try AES.GCM.seal(
                plaintext, using: SymmetricKey(data: key), nonce: try AES.GCM.Nonce(data: nonce), authenticating: aad)
            let ours = ReferenceGCM.seal(key: key, iv: nonce, plaintext: plaintext, aad: aad)
            XCTAssertEqual(ours.ciphertext, Array(box.ciphertext))
            XCTAssertEqual(ours.tag, Array(box.tag))
        }
        let key = try Hex.decode("671e094b808e8d51b816581ab65a4aec02906e28f81159c4210b93086a78a163")
        let example = ReferenceGCM.seal(key: key, iv: try Hex.decode("9ebd09"), plaintext: Array("DON'T".utf8))
        XCTAssertEqual(Hex.encode(example.ciphertext), "1752268e03")
        XCTAssertEqual(Hex.encode(example.tag.prefix(8)), "f9fd8014af7ccb06")
    }

    /// The reference's RFC 6979 nonces on secp256k1 are libsecp256k1's own (after its low-s rule),
    /// and a high-s signature verifies after normalization.
    func testSecp256k1SignaturesMatchLibsecp256k1() throws {
        for n in 1...20 {
            var random = SeededRandom(seed: UInt64(n))
            var scalar = random.bytes(32)
            scalar[0] &= 0x7F
            let key = try PrivateKey(scalar: scalar, curve: .secp256k1)
            let message = random.bytes(n * 3)
            let ours = ECDSA.sign(message, with: key)
            let theirs = Secp256k1.sign(Array(SHA256.hash(data: message)), scalar: scalar)
            XCTAssertEqual(ours.prefix(32), theirs.prefix(32), "r, message \(n)")
            XCTAssertTrue(Secp256k1.verify(ours, digest: Array(SHA256.hash(data: message)), publicKey: key.publicKey))
            XCTAssertTrue(ECDSA.verify(theirs, of: message, publicKey: key.publicKey, curve: .secp256k1))
            XCTAssertEqual(key.publicKey, try Secp256k1.publicKey(scalar))
        }
    }

    /// FuzzNanoTDF decrypts with the vectors' KAS keys (so its corpus reaches past the tag check):
    /// every raw key of a decrypt case is in its key list, split lines joined.
    func testTheFuzzerDecryptsWithTheVectorsKeys() throws {
        let source = try String(contentsOfFile: "\(Repository.root)/Fuzz/Sources/FuzzNanoTDF/FuzzKeys.swift", encoding: .utf8)
        let joined = source.replacingOccurrences(of: "\"\n", with: "").replacingOccurrences(of: " ", with: "")
            .replacingOccurrences(of: "+\"", with: "")
        var keys = Set<String>()
        try forEachCase(in: "nanotdf/crypto", of: NanoTDFCryptoSuite.decrypt) { _, test in
            guard test.result == .valid, let key = test.input["privateKey"]?.stringValue, [64, 96, 132].contains(key.count) else { return }
            keys.insert(key)
        }
        XCTAssertGreaterThanOrEqual(keys.count, 4)
        for key in keys { XCTAssertTrue(joined.contains(key), "FuzzKeys.swift lacks \(key.prefix(8))…") }
    }
}
