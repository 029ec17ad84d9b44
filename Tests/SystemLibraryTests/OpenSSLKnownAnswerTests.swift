import COpenSSL
import XCTest

/// OpenSSL is the independent check for HMAC, HKDF, ECDH, ECDSA and AES-GCM values in vectors.
final class OpenSSLKnownAnswerTests: XCTestCase {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// RFC 4231 test case 2.
    func testHMACSHA256() {
        let key = Array("Jefe".utf8)
        let data = Array("what do ya want for nothing?".utf8)
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        XCTAssertNotNil(HMAC(EVP_sha256(), key, Int32(key.count), data, data.count, &out, &length))
        XCTAssertEqual(length, 32)
        XCTAssertEqual(Self.hex(out), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    /// RFC 5869 test case 1, through EVP_PKEY_HKDF.
    func testHKDFSHA256() {
        let ikm = [UInt8](repeating: 0x0b, count: 22)
        let salt = (0..<13).map(UInt8.init)
        let info = (0xf0...0xf9).map(UInt8.init)
        var okm = [UInt8](repeating: 0, count: 42)
        let context = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, nil)
        defer { EVP_PKEY_CTX_free(context) }
        XCTAssertEqual(EVP_PKEY_derive_init(context), 1)
        XCTAssertEqual(EVP_PKEY_CTX_set_hkdf_md(context, EVP_sha256()), 1)
        XCTAssertEqual(EVP_PKEY_CTX_set1_hkdf_salt(context, salt, Int32(salt.count)), 1)
        XCTAssertEqual(EVP_PKEY_CTX_set1_hkdf_key(context, ikm, Int32(ikm.count)), 1)
        XCTAssertEqual(EVP_PKEY_CTX_add1_hkdf_info(context, info, Int32(info.count)), 1)
        var length = okm.count
        XCTAssertEqual(EVP_PKEY_derive(context, &okm, &length), 1)
        XCTAssertEqual(length, 42)
        XCTAssertEqual(Self.hex(okm), "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
    }

    func testSHA256() {
        var out = [UInt8](repeating: 0, count: 32)
        let data = Array("abc".utf8)
        XCTAssertNotNil(SHA256(data, data.count, &out))
        XCTAssertEqual(Self.hex(out), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
