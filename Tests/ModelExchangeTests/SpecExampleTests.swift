import CrossCheck
import WireCore
import XCTest

@testable import ModelExchange

/// FlowDown spec section 13, reproduced byte for byte, and every crypto value recomputed with
/// libsodium (Ed25519, X25519, ChaCha20-Poly1305) and OpenSSL (SHA-256, HKDF).
final class SpecExampleTests: XCTestCase {
    static let seed = (1...32).map(UInt8.init)
    static let pk = "ebVWLo/mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQHo3y8FCCTyLdV3BsQ6Gy0JjdK0WqoU+0L38CyuG0cfA=="
    static let canonical =
        "/exchange?session=session-1&app_name=Tester&reason=Need%20a%20model&capabilities=audio,developerRole&multiple_selection=false&ti"
        + "mestamp=1700000000"
    static let sig = "MK3Ebqv+dd3QUAdDF7W8UplBvROs8AZAF1BM9ggohnjbGsoFS9wbD7ArrIkHCXN51IUzewlcelpIsEuSTQWDDw=="
    static let payload =
        "eyJzZXNzaW9uIjoic2Vzc2lvbi1hYmMiLCJzZWFsZWQiOiJBQUVDQXdRRkJnY0lDUW9MYzMwYzg5Ukd4NEI3bTYyZnpGUkEzVEk2enJxOWM0cXJTUksrRit5XC9UQnUx"
        + "OVE9PSIsImVwaGVtZXJhbFB1YmxpY0tleSI6IkV5eEVLK0FRKzlWK2NtQXpLS3AyNXhcL013VkE2cmlHVEo5Rk5uSm1UOUhJPSJ9"

    override func setUp() { XCTAssertTrue(Libsodium.initialize()) }

    func testKeysFromSeed() throws {
        let pair = try ModelExchangeKeyPair(seed: Self.seed)
        XCTAssertEqual(Hex.encode(pair.publicKey.signing), "79b5562e8fe654f94078b112e8a98ba7901f853ae695bed7e0e3910bad049664")
        XCTAssertEqual(Hex.encode(pair.publicKey.agreement), "07a37cbc142093c8b755dc1b10e86cb426374ad16aa853ed0bdfc0b2b86d1c7c")
        XCTAssertEqual(pair.publicKey.encoded, Self.pk)
        XCTAssertEqual(Libsodium.ed25519PublicKey(seed: Self.seed), pair.publicKey.signing)
        XCTAssertEqual(Libsodium.x25519PublicKey(scalar: Self.seed), pair.publicKey.agreement)
        XCTAssertEqual(try ModelExchangePublicKey(encoded: Self.pk), pair.publicKey)
        XCTAssertFalse("\(pair)".contains(Hex.encode(Self.seed)))
    }

    func testHandshakeURL() throws {
        let pair = try ModelExchangeKeyPair(seed: Self.seed)
        XCTAssertEqual(
            HandshakeRequest.url(publicKey: pair.publicKey, callbackScheme: "example-callback"),
            "flowdown://models/exchange?pk=ebVWLo/mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQHo3y8FCCTyLdV3BsQ6Gy0JjdK0WqoU+0L38CyuG0cfA%3D%3D&c"
                + "allback=example-callback"
        )
    }

    func testExchangeCanonicalDigestAndSignature() throws {
        let pair = try ModelExchangeKeyPair(seed: Self.seed)
        let request = ExchangeRequest(
            session: "session-1", appName: "Tester", reason: "Need a model",
            capabilities: [.audio, .developerRole], multipleSelection: false, timestamp: 1_700_000_000)
        let signed = try request.signedURL(keyPair: pair)
        XCTAssertEqual(signed.canonical, Self.canonical)
        XCTAssertEqual(Hex.encode(signed.digest), "0694f9cfd6b68636c880164f5b2d39e81c5f4e9f86d2bce346711042a02ee4dc")
        XCTAssertEqual(OpenSSL.sha256(Array(Self.canonical.utf8)), signed.digest)
        XCTAssertEqual(signed.signature, Self.sig)
        XCTAssertEqual(
            Libsodium.ed25519Sign(message: signed.digest, seed: Self.seed).map { Base64.encode($0, variant: .foundation) }, Self.sig)
        XCTAssertTrue(
            Libsodium.ed25519Verify(
                signature: try Base64.decode(Self.sig, variant: .foundation),
                message: signed.digest, publicKey: pair.publicKey.signing))
        XCTAssertEqual(signed.url, "flowdown://models" + Self.canonical + "&sig=" + Self.sig.replacingOccurrences(of: "=", with: "%3D"))
        let verified = try ExchangeVerifier.verify(signed.url, publicKey: pair.publicKey, clock: FixedClock(1_700_000_100))
        XCTAssertEqual(verified.request, request)
    }

    func testPayloadSealsExactlyAndOpens() throws {
        let pair = try ModelExchangeKeyPair(seed: Self.seed)
        let ephemeral = [UInt8](repeating: 0x42, count: 32)
        let nonce = (0..<12).map(UInt8.init)
        let wrapper = try PayloadCipher.seal(
            Array("super-secret-model".utf8), to: pair.publicKey, session: "session-abc",
            ephemeralPrivateKey: ephemeral, nonce: nonce)
        XCTAssertEqual(wrapper.ephemeralPublicKey, "EyxEK+AQ+9V+cmAzKKp25x/MwVA6riGTJ9FNnJmT9HI=")
        XCTAssertEqual(wrapper.sealed, "AAECAwQFBgcICQoLc30c89RGx4B7m62fzFRA3TI6zrq9c4qrSRK+F+y/TBu19Q==")
        XCTAssertEqual(wrapper.encoded, Self.payload)

        // Recompute with libsodium and OpenSSL.
        let shared = try XCTUnwrap(Libsodium.x25519(scalar: ephemeral, point: pair.publicKey.agreement))
        XCTAssertEqual(Hex.encode(shared), "cee33c43821b272c6d690aea5cbdddca86bdc0812203cc004656bda4c37f3a26")
        XCTAssertEqual(Libsodium.x25519(scalar: Self.seed, point: try XCTUnwrap(Libsodium.x25519PublicKey(scalar: ephemeral))), shared)
        let key = try XCTUnwrap(
            OpenSSL.hkdfSHA256(
                ikm: shared, salt: Array("flowdown-model-exchangesession-abc".utf8),
                info: pair.publicKey.signing, length: 32))
        XCTAssertEqual(Hex.encode(key), "8fc3d0422b0b253f9d5ceaaf297fc140aca90c68f536215126eaad13ec9e01b6")
        let combined = try Base64.decode(wrapper.sealed, variant: .foundation)
        XCTAssertEqual(Hex.encode(combined), "000102030405060708090a0b737d1cf3d446c7807b9bad9fcc5440dd323acebabd738aab4912be17ecbf4c1bb5f5")
        XCTAssertEqual(
            Libsodium.chaCha20Poly1305Open(ciphertextAndTag: Array(combined[12...]), nonce: nonce, key: key),
            Array("super-secret-model".utf8))

        let opened = try PayloadCipher.open(Self.payload, keyPair: pair, expectedSession: "session-abc")
        XCTAssertEqual(opened.session, "session-abc")
        XCTAssertEqual(opened.plaintext, Array("super-secret-model".utf8))
    }

    func testCallbackURLOfTheExample() {
        XCTAssertEqual(
            try Callback.completed(session: "session-abc", format: "plist", payload: Self.payload).url(scheme: "example-callback"),
            "example-callback://models/exchange?stage=completed&session=session-abc&format=plist&payload=" + Self.payload)
    }
}
