import NanoTDF
import WireCore
import XCTest

/// The spec examples decrypt with their published keys, under the 24-bit-IV reading only, with
/// the published ECDH and HKDF values; binding and signature verify.
final class SpecExampleCryptoTests: XCTestCase {
    struct Example {
        var container: Container
        var recipient: PrivateKey
        var plaintext: String
        var ecdhX: String
        var payloadKey: String
    }

    static func example(_ name: String) throws -> Example {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/nanotdf-spec-examples.json")
        let json = try JSONParser.parse(Array(try Data(contentsOf: url)))
        let entry = try XCTUnwrap(json["examples"]?.arrayValue?.first { $0["name"]?.stringValue == name })
        let key = try Base64.decode(try XCTUnwrap(entry["recipientPrivateKeyPkcs8Base64"]?.stringValue), variant: .foundation)
        return Example(
            container: try Container.parse(try Hex.decode(try XCTUnwrap(entry["containerHex"]?.stringValue))),
            recipient: try PrivateKey(reading: key), plaintext: try XCTUnwrap(entry["plaintext"]?.stringValue),
            ecdhX: try XCTUnwrap(entry["ecdhX"]?.stringValue), payloadKey: try XCTUnwrap(entry["payloadKey"]?.stringValue))
    }

    func testExampleOneDecryptsAndVerifies() throws {
        let example = try Self.example("spec-example-1")
        let header = example.container.header
        XCTAssertEqual(
            KeyAgreement.sharedSecret(example.recipient, peer: header.ephemeralPublicKey).map { Hex.encode($0) }, example.ecdhX)
        XCTAssertEqual(
            KeyAgreement.payloadKey(example.recipient, peer: header.ephemeralPublicKey, version: .l1l).map { Hex.encode($0) },
            example.payloadKey)
        let result = try example.container.decrypt(with: example.recipient)
        XCTAssertEqual(String(decoding: result.plaintext, as: UTF8.self), "DON'T")
        XCTAssertEqual(result.ivConvention, .specIV24)
        XCTAssertEqual(result.bindingVariant, .ecdsaFixed)
        XCTAssertEqual(result.signatureVerified, true)
        XCTAssertNil(result.policyPlaintext)
    }

    func testExampleTwoDecryptsAndVerifies() throws {
        let example = try Self.example("spec-example-2")
        let result = try example.container.decrypt(with: example.recipient)
        XCTAssertEqual(String(decoding: result.plaintext, as: UTF8.self), example.plaintext)
        XCTAssertEqual(result.ivConvention, .specIV24)
        XCTAssertEqual(result.bindingVariant, .ecdsaFixed)
        XCTAssertNil(result.signatureVerified)
    }

    func testTheExamplesDecryptUnderNoOtherConvention() throws {
        for name in ["spec-example-1", "spec-example-2"] {
            let example = try Self.example(name)
            for convention in [IVConvention.zeroPrefix, .zeroSuffix] {
                XCTAssertThrowsError(try example.container.decrypt(with: example.recipient, ivConvention: convention)) { error in
                    XCTAssertEqual((error as? NanoTDFCryptoError)?.code, "authentication-failed", name)
                }
            }
        }
    }

    func testAFlippedByteBreaksWhatItCovers() throws {
        let example = try Self.example("spec-example-1")
        var container = example.container
        container.payload.tag[0] ^= 1
        XCTAssertThrowsError(try container.decrypt(with: example.recipient)) { error in
            XCTAssertEqual(error as? NanoTDFCryptoError, .authenticationFailed(offset: 142 + 3 + 16 - 8))
        }
        container = example.container
        container.header.policy.binding[10] ^= 1
        XCTAssertNil(try container.decrypt(with: example.recipient).bindingVariant)
        container = example.container
        container.signature?.signature[3] ^= 1
        XCTAssertEqual(try container.decrypt(with: example.recipient).signatureVerified, false)
    }

    func testAKeyOfAnotherCurveIsRefused() throws {
        let example = try Self.example("spec-example-1")
        let other = try PrivateKey(scalar: [7], curve: .secp384r1)
        XCTAssertThrowsError(try example.container.decrypt(with: other)) { error in
            XCTAssertEqual(error as? NanoTDFCryptoError, .keyCurveMismatch(key: .secp384r1, expected: .secp256r1))
        }
    }

    func testAnEphemeralKeyOffTheCurveIsRefusedWithItsOffset() throws {
        let example = try Self.example("spec-example-2")
        var container = example.container
        // x = p, the field prime of P-256: not a field element, so not a point.
        container.header.ephemeralPublicKey = [0x02] + (try Hex.decode("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"))
        XCTAssertThrowsError(try container.decrypt(with: example.recipient)) { error in
            XCTAssertEqual(error as? NanoTDFCryptoError, .offCurve(field: "ephemeralPublicKey", offset: 151 - 33))
        }
    }
}
