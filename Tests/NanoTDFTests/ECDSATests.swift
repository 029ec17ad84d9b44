import NanoTDF
import WireCore
import XCTest

/// Deterministic ECDSA reproduces RFC 6979 appendix A.2 (SHA-256, message "sample"), and the Go
/// length-prefixed binding form converts both ways.
final class ECDSATests: XCTestCase {
    func testP256MatchesRFC6979() throws {
        let key = try PrivateKey(
            scalar: try Hex.decode("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"), curve: .secp256r1)
        let signature = ECDSA.sign(Array("sample".utf8), with: key)
        XCTAssertEqual(
            Hex.encode(signature),
            "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
                + "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8")
        XCTAssertTrue(ECDSA.verify(signature, of: Array("sample".utf8), publicKey: key.publicKey, curve: .secp256r1))
        XCTAssertFalse(ECDSA.verify(signature, of: Array("samplf".utf8), publicKey: key.publicKey, curve: .secp256r1))
    }

    /// P-521: qlen (521) > hlen (256), so nonce candidates take three HMAC blocks and a shift.
    func testP521MatchesRFC6979() throws {
        let key = try PrivateKey(
            scalar: try Hex.decode(
                "00fad06daa62ba3b25d2fb40133da757205de67f5bb0018fee8c86e1b68c7e75c"
                    + "aa896eb32f1f47c70855836a6d16fcc1466f6d8fbec67db89ec0c08b0e996b83538"), curve: .secp521r1)
        let signature = ECDSA.sign(Array("sample".utf8), with: key)
        XCTAssertEqual(
            Hex.encode(signature),
            "01511bb4d675114fe266fc4372b87682baecc01d3cc62cf2303c92b3526012659"
                + "d16876e25c7c1e57648f23b73564d67f61c6f14d527d54972810421e7d87589e1a7"
                + "004a171143a83163d6df460aaf61522695f207a58b95c0644d87e52aa1a347916"
                + "e4f7a72930b1bc06dbe22ce3f58264afd23704cbb63b29b931f7de6c9d949a7ecfc")
        XCTAssertTrue(ECDSA.verify(signature, of: Array("sample".utf8), publicKey: key.publicKey, curve: .secp521r1))
    }

    func testGoLengthPrefixedFormRoundTrips() throws {
        var fixed = [UInt8](repeating: 0, count: 64)
        fixed[1] = 0x80  // r has one leading zero byte
        fixed[63] = 0x01  // s is 1
        let go = ECDSA.goLengthPrefixed(fixed)
        XCTAssertEqual(go.count, 1 + 31 + 1 + 1)
        XCTAssertEqual(go[0], 31)
        XCTAssertEqual(Array(go.suffix(2)), [1, 1])
        XCTAssertEqual(ECDSA.fixedWidth(goLengthPrefixed: go, curve: .secp256r1), fixed)
        XCTAssertNil(ECDSA.fixedWidth(goLengthPrefixed: go + [0], curve: .secp256r1))
        XCTAssertNil(ECDSA.fixedWidth(goLengthPrefixed: [33] + [UInt8](repeating: 1, count: 33) + [1, 1], curve: .secp256r1))
    }

    func testOutOfRangeSignaturesDoNotVerify() throws {
        let key = try PrivateKey(scalar: [42], curve: .secp256k1)
        let message = Array("m".utf8)
        let signature = ECDSA.sign(message, with: key)
        XCTAssertTrue(ECDSA.verify(signature, of: message, publicKey: key.publicKey, curve: .secp256k1))
        XCTAssertFalse(ECDSA.verify([UInt8](repeating: 0, count: 64), of: message, publicKey: key.publicKey, curve: .secp256k1))
        XCTAssertFalse(ECDSA.verify([UInt8](repeating: 0xFF, count: 64), of: message, publicKey: key.publicKey, curve: .secp256k1))
    }
}
