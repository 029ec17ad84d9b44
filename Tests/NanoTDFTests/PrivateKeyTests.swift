import NanoTDF
import WireCore
import XCTest

/// Private keys are read from PEM, PKCS#8 DER, SEC1 DER and raw scalars, to the same key.
final class PrivateKeyTests: XCTestCase {
    static let scalar = try! Hex.decode("472c179ab235274ecb6678bcc5aa0a8578fc59b7431dd8dd37adbeb60c637618")
    /// The recipient key of spec example 1.
    static let pkcs8 = try! Base64.decode(
        "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgRywXmrI1J07LZni8xaoKhXj8WbdDHdjdN62+tgxjdhihRANCAARon4RjqRNA40eEdBT172emATq3"
            + "I2siKccLcXl07nTrbAu4enVDo9T4LfQ4eZ0yx/KkIX2HylxzkAEoBxzVpBLN", variant: .foundation)

    func testEveryFormGivesTheSameKey() throws {
        let raw = try PrivateKey(scalar: Self.scalar, curve: .secp256r1)
        let fromDER = try PrivateKey(reading: Self.pkcs8)
        XCTAssertEqual(fromDER.curve, .secp256r1)
        XCTAssertEqual(fromDER.publicKey, raw.publicKey)
        let pem = "-----BEGIN PRIVATE KEY-----\n" + Base64.encode(Self.pkcs8, variant: .foundation) + "\n-----END PRIVATE KEY-----\n"
        XCTAssertEqual(try PrivateKey(reading: Array(pem.utf8)).publicKey, raw.publicKey)
        // SEC1 ECPrivateKey with the named curve: version 1, the scalar, [0] prime256v1.
        let sec1 =
            [0x30, 0x31, 0x02, 0x01, 0x01, 0x04, 0x20] + Self.scalar
            + [0xA0, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
        XCTAssertEqual(try PrivateKey(reading: sec1).publicKey, raw.publicKey)
        let sec1PEM = "-----BEGIN EC PRIVATE KEY-----\n" + Base64.encode(sec1, variant: .foundation) + "\n-----END EC PRIVATE KEY-----\n"
        XCTAssertEqual(try PrivateKey(reading: Array(sec1PEM.utf8)).publicKey, raw.publicKey)
        XCTAssertEqual(try PrivateKey(reading: Self.scalar, curve: .secp256r1).publicKey, raw.publicKey)
    }

    func testBadKeysAreRefusedWithoutShowingThem() throws {
        XCTAssertThrowsError(try PrivateKey(reading: Self.pkcs8, curve: .secp384r1)) {
            XCTAssertEqual($0 as? NanoTDFCryptoError, .keyCurveMismatch(key: .secp256r1, expected: .secp384r1))
        }
        XCTAssertThrowsError(try PrivateKey(reading: Array(Self.pkcs8.dropLast(20)))) {
            XCTAssertEqual(($0 as? NanoTDFCryptoError)?.code, "bad-private-key")
        }
        XCTAssertThrowsError(try PrivateKey(scalar: [UInt8](repeating: 0, count: 32), curve: .secp256r1)) {
            XCTAssertEqual(($0 as? NanoTDFCryptoError)?.code, "bad-private-key")
        }
        // n itself is out of range.
        let order = try Hex.decode("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
        XCTAssertThrowsError(try PrivateKey(scalar: order, curve: .secp256r1))
        let encrypted = "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAA==\n-----END ENCRYPTED PRIVATE KEY-----"
        XCTAssertThrowsError(try PrivateKey(reading: Array(encrypted.utf8)))
        let key = try PrivateKey(reading: Self.pkcs8)
        XCTAssertFalse("\(key)".contains("472c"))
        XCTAssertFalse(String(reflecting: key).lowercased().contains("472c"))
    }
}
