import CrossCheck
import WireCore
import XCTest

@testable import CdevAuth

/// `CdevSigning.Key` builds HMAC-SHA256 from two prepared SHA-256 states itself, so it is checked
/// against OpenSSL's HMAC on every key length class RFC 2104 treats apart (empty, short, exactly one
/// block, longer than a block and hashed first) and payloads around SHA-256's padding boundaries.
final class CdevSigningTests: XCTestCase {
    func testPreparedKeyAgreesWithOpenSSLAndTheOneShotMAC() {
        for keyLength in [0, 1, 31, 32, 63, 64, 65, 131, 200] {
            let secret = (0..<keyLength).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
            let key = CdevSigning.Key(secret: secret)
            for payloadLength in [0, 1, 55, 56, 63, 64, 65, 119, 120, 204, 1000] {
                let payload = (0..<payloadLength).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ keyLength) }
                let expected = OpenSSL.hmacSHA256(key: secret, data: payload)
                XCTAssertEqual(key.mac(payload), expected, "key \(keyLength) bytes, payload \(payloadLength) bytes")
                XCTAssertEqual(CdevSigning.mac(payload, secret: secret), expected, "one-shot, key \(keyLength), payload \(payloadLength)")
            }
        }
    }

    /// RFC 4231 test cases 2 (a 4-byte key) and 6 (a 131-byte key, hashed before use).
    func testRFC4231KnownAnswers() {
        XCTAssertEqual(
            Hex.encode(CdevSigning.Key(secret: Array("Jefe".utf8)).mac(Array("what do ya want for nothing?".utf8))),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        XCTAssertEqual(
            Hex.encode(
                CdevSigning.Key(secret: Array(repeating: 0xAA, count: 131))
                    .mac(Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    /// One prepared key serves many MACs: each starts from the prepared states, not from the last MAC's.
    func testMACsFromOneKeyDoNotShareState() {
        let key = CdevSigning.Key(secret: Array(repeating: 1, count: 32))
        let first = key.mac([1, 2, 3])
        _ = key.mac(Array(repeating: 9, count: 300))
        XCTAssertEqual(key.mac([1, 2, 3]), first)
    }
}
