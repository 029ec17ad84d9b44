import CSodium
import XCTest

/// libsodium is the independent check for X25519, Ed25519 and ChaCha20-Poly1305 values in vectors;
/// these known answers prove the binding calls the real library.
final class LibsodiumKnownAnswerTests: XCTestCase {
    override func setUp() { XCTAssertGreaterThanOrEqual(sodium_init(), 0) }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
    static let seed = (1...32).map(UInt8.init)

    /// FlowDown spec section 13: Ed25519 public key of seed 0102…1f20.
    func testEd25519PublicKeyFromSeed() {
        var pk = [UInt8](repeating: 0, count: 32)
        var sk = [UInt8](repeating: 0, count: 64)
        XCTAssertEqual(crypto_sign_seed_keypair(&pk, &sk, Self.seed), 0)
        XCTAssertEqual(Self.hex(pk), "79b5562e8fe654f94078b112e8a98ba7901f853ae695bed7e0e3910bad049664")
    }

    /// FlowDown spec section 13: X25519 public key of the same 32 bytes used as a scalar.
    func testX25519PublicKeyFromScalar() {
        var pk = [UInt8](repeating: 0, count: 32)
        XCTAssertEqual(crypto_scalarmult_base(&pk, Self.seed), 0)
        XCTAssertEqual(Self.hex(pk), "07a37cbc142093c8b755dc1b10e86cb426374ad16aa853ed0bdfc0b2b86d1c7c")
    }

    /// FlowDown spec section 13: ChaCha20-Poly1305 (IETF) of "super-secret-model" under the derived key.
    func testChaCha20Poly1305IETF() {
        let key = [UInt8]([
            0x8f, 0xc3, 0xd0, 0x42, 0x2b, 0x0b, 0x25, 0x3f, 0x9d, 0x5c, 0xea, 0xaf, 0x29, 0x7f, 0xc1, 0x40,
            0xac, 0xa9, 0x0c, 0x68, 0xf5, 0x36, 0x21, 0x51, 0x26, 0xea, 0xad, 0x13, 0xec, 0x9e, 0x01, 0xb6,
        ])
        let nonce = (0..<12).map(UInt8.init)
        let message = Array("super-secret-model".utf8)
        var out = [UInt8](repeating: 0, count: message.count + 16)
        var outLength: UInt64 = 0
        XCTAssertEqual(
            crypto_aead_chacha20poly1305_ietf_encrypt(&out, &outLength, message, UInt64(message.count), nil, 0, nil, nonce, key), 0)
        XCTAssertEqual(
            Self.hex(nonce + out), "000102030405060708090a0b737d1cf3d446c7807b9bad9fcc5440dd323acebabd738aab4912be17ecbf4c1bb5f5")
    }
}
