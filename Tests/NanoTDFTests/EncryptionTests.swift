import NanoTDF
import WireCore
import XCTest

/// Encrypt then decrypt on every curve, convention, policy type and binding variant; decryption
/// under `auto` reports what was used, and the bytes re-parse to the same container.
final class EncryptionTests: XCTestCase {
    static func parameters(
        curve: Curve, convention: IVConvention = .zeroPrefix, policy kind: Policy.Kind = .embeddedPlaintext,
        variant: BindingVariant = .sha256Tail, cipher: Cipher = .aes256GCM96, signed: Bool = false
    ) throws -> (EncryptionParameters, kasKey: PrivateKey) {
        let kasKey = try PrivateKey(scalar: [0x4B, 0x41, 0x53], curve: curve)
        let kas = ResourceLocator(protocolCode: 1, body: Array("kas.example.com".utf8))
        let content = Array(#"{"body":{"dataAttributes":[]}}"#.utf8)
        let policy: PolicyContent =
            switch kind {
            case .remote: .remote(ResourceLocator(protocolCode: 1, body: Array("kas.example.com/policy/1".utf8)))
            case .embeddedPlaintext: .embeddedPlaintext(content)
            case .embeddedEncrypted: .embeddedEncrypted(content)
            case .embeddedEncryptedWithKeyAccess:
                .embeddedEncryptedWithKeyAccess(
                    content, locator: kas, ephemeralKey: try PrivateKey(scalar: [0x50, 0x4B, 0x41], curve: curve))
            }
        let parameters = EncryptionParameters(
            kas: kas, kasPublicKey: kasKey.publicKey, cipher: cipher, policy: policy, bindingVariant: variant,
            ephemeralKey: try PrivateKey(scalar: [0x45, 0x50, 0x48], curve: curve), iv: [0, 0, 1], ivConvention: convention,
            plaintext: Array("Keep this message secret".utf8),
            signingKey: signed ? try PrivateKey(scalar: [0x53, 0x49, 0x47], curve: .secp384r1) : nil)
        return (parameters, kasKey)
    }

    func testEveryCurveConventionPolicyAndVariantRoundTrips() throws {
        for curve in Curve.allCases {
            for convention in IVConvention.allCases {
                for kind in Policy.Kind.allCases {
                    for variant in BindingVariant.allCases {
                        let label = "\(curve) \(convention) \(kind) \(variant)"
                        let (parameters, kasKey) = try Self.parameters(curve: curve, convention: convention, policy: kind, variant: variant)
                        let container = try Container.encrypt(parameters)
                        XCTAssertEqual(container.header.ecdsaBinding, variant.isECDSA, label)
                        // The Go ECDSA form is not fixed-width: it re-parses only in that form.
                        let form: Container.ECDSABindingForm = variant == .ecdsaGo ? .goLengthPrefixed : .fixedWidth
                        XCTAssertEqual(try Container.parse(container.bytes, ecdsaBindingForm: form), container, label)
                        let result = try container.decrypt(with: kasKey)
                        XCTAssertEqual(result.plaintext, parameters.plaintext, label)
                        XCTAssertEqual(result.ivConvention, convention, label)
                        XCTAssertEqual(result.bindingVariant, variant, label)
                        XCTAssertNil(result.signatureVerified, label)
                        if kind == .embeddedEncrypted || kind == .embeddedEncryptedWithKeyAccess {
                            XCTAssertEqual(result.policyPlaintext, Array(#"{"body":{"dataAttributes":[]}}"#.utf8), label)
                        }
                    }
                }
            }
        }
    }

    func testEveryCipherKeepsTheLeftmostTagBytes() throws {
        for cipher in Cipher.allCases {
            let (parameters, kasKey) = try Self.parameters(curve: .secp256r1, cipher: cipher)
            let container = try Container.encrypt(parameters)
            XCTAssertEqual(container.payload.tag.count, cipher.tagLength)
            var longer = parameters
            longer.cipher = .aes256GCM128
            XCTAssertEqual(Array(try Container.encrypt(longer).payload.tag.prefix(cipher.tagLength)), container.payload.tag)
            XCTAssertEqual(try container.decrypt(with: kasKey).plaintext, parameters.plaintext)
        }
    }

    func testASignedContainerVerifiesAndATamperedOneDoesNot() throws {
        let (parameters, kasKey) = try Self.parameters(curve: .secp256k1, signed: true)
        var container = try Container.encrypt(parameters)
        XCTAssertEqual(container.header.signatureCurve, .secp384r1)
        XCTAssertEqual(container.signature?.signature.count, 96)
        XCTAssertEqual(try container.decrypt(with: kasKey).signatureVerified, true)
        container.header.kas.body[0] ^= 0x20
        XCTAssertEqual(container.verifySignature(), false)
    }

    func testEncryptionIsDeterministic() throws {
        let (parameters, _) = try Self.parameters(curve: .secp521r1, variant: .ecdsaFixed, signed: true)
        XCTAssertEqual(try Container.encrypt(parameters).bytes, try Container.encrypt(parameters).bytes)
    }

    /// payload.length is a uint24 over the IV, the ciphertext and the tag: the longest plaintext fills it exactly, and one
    /// byte more is refused as a parameter before the writer, whose uint24 would trap (a mutant of the limit did; too
    /// large for a vector, at 16 MiB).
    func testTheLongestPlaintextFillsThePayloadLength() throws {
        var (parameters, kasKey) = try Self.parameters(curve: .secp256r1)
        let limit = 0xFF_FFFF - 3 - parameters.cipher.tagLength
        parameters.plaintext = [UInt8](repeating: 0x41, count: limit)
        let container = try Container.encrypt(parameters)
        XCTAssertEqual(try Container.parse(container.bytes).decrypt(with: kasKey).plaintext.count, limit)
        parameters.plaintext.append(0x41)
        XCTAssertThrowsError(try Container.encrypt(parameters)) { XCTAssertEqual(($0 as? NanoTDFCryptoError)?.code, "bad-parameter") }
    }

    func testUnwritableParametersAreRefused() throws {
        var (parameters, _) = try Self.parameters(curve: .secp256r1)
        parameters.iv = [0, 0, 0]
        XCTAssertThrowsError(try Container.encrypt(parameters)) { XCTAssertEqual(($0 as? NanoTDFCryptoError)?.code, "bad-parameter") }
        parameters.iv = [1, 2]
        XCTAssertThrowsError(try Container.encrypt(parameters)) { XCTAssertEqual(($0 as? NanoTDFCryptoError)?.code, "bad-parameter") }
        parameters.iv = [1, 2, 3]
        parameters.policy = .embeddedPlaintext([])
        XCTAssertThrowsError(try Container.encrypt(parameters)) { XCTAssertEqual(($0 as? NanoTDFCryptoError)?.code, "bad-parameter") }
        parameters.policy = .embeddedPlaintext([1])
        parameters.kasPublicKey = [0x02] + [UInt8](repeating: 0xFF, count: 32)
        XCTAssertThrowsError(try Container.encrypt(parameters)) { XCTAssertEqual(($0 as? NanoTDFCryptoError)?.code, "off-curve") }
    }
}
