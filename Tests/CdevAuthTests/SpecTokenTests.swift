import CrossCheck
import WireCore
import XCTest

@testable import CdevAuth

/// cdev spec section 1.6: the three tokens reproduced, HMACs recomputed with OpenSSL.
final class SpecTokenTests: XCTestCase {
    static let secret = (0..<32).map(UInt8.init)
    static let serverId = "AbCdEfGhIjKlMnOp"
    static let v1Token =
        "cdev_p_eyJwIjoiZXlKMklqb3hMQ0owZVhCbElqb2ljR0ZwY21sdVp5SXNJbk5sY25abGNsOXBaQ0k2SWtGaVEyUkZaa2RvU1dwTGJFMXVUM0FpTENKcGMzTjFaV1JmW"
        + "VhRaU9qRTNNelUxTVRZNE1EQXNJbVY0Y0dseVpYTmZZWFFpT2pFM016VTFNakEwTURBc0ltNXZibU5sSWpvaVRqQnVZMlV0WHpBeE1qTTBOVFkzT0NJc0ltMXZ"
        + "aR1VpT2lKc2IyTmhiQ0lzSW1GblpXNTBYMmxrSWpvaVFXSkRaRVZtUjJoSmFrdHNUVzVQY0NKOSIsInMiOiJyQk1ZWEZCVUlTamZvRkdEOXoybVd1dFRBdHdyV"
        + "2doTENvMHJ2VThGY2IwIn0"

    static let v1 = TokenPayload(
        type: "pairing", serverId: serverId, issuedAt: 1_735_516_800, expiresAt: 1_735_520_400, nonce: "N0nce-_012345678")
    static let v2 = TokenPayload(
        type: "access", serverId: serverId, issuedAt: 1_735_516_800, expiresAt: 1_735_517_700, nonce: "AcCeSsNoNcE_0123",
        deviceId: "DeViCeId-0123456")
    static let v3 = TokenPayload(
        type: "refresh", serverId: serverId, issuedAt: 1_735_516_800, expiresAt: 1_736_121_600, nonce: "ReFrEsHnOnCe-012",
        deviceId: "DeViCeId-0123456")

    func testV1PairingTokenByteForByte() throws {
        XCTAssertEqual(
            String(decoding: Self.v1.bytes, as: UTF8.self),
            #"{"v":1,"type":"pairing","server_id":"AbCdEfGhIjKlMnOp","issued_at":1735516800,"expires_at":1735520400,"nonce":"N0nce-_0123"#
                + #"45678","mode":"local","agent_id":"AbCdEfGhIjKlMnOp"}"#
        )
        XCTAssertEqual(
            Hex.encode(OpenSSL.hmacSHA256(key: Self.secret, data: Self.v1.bytes)),
            "ac13185c50542128dfa05183f73da65aeb5302dc2b5a084b0a8d2bbd4f0571bd")
        XCTAssertEqual(CdevToken.mint(Self.v1, secret: Self.secret), Self.v1Token)
        XCTAssertEqual(Self.v1Token.count, 394)
        XCTAssertEqual(try CdevToken.validate(Self.v1Token, secret: Self.secret, serverId: Self.serverId, now: 1_735_516_800), Self.v1)
    }

    func testV2AndV3MACs() throws {
        for (payload, hex, s, prefix) in [
            (
                Self.v2, "43c7d06ce28bf0ad47146fa4098f4f4f0479c673437a84068df5f5ecc2a6201d", "Q8fQbOKL8K1HFG-kCY9PTwR5xnNDeoQGjfX17MKmIB0",
                "cdev_s_"
            ),
            (
                Self.v3, "a2639e4a185b49328d0935fc2c58ca52f01cd874f625fb04f8dc48b45b481943", "omOeShhbSTKNCTX8LFjKUvAc2HT2JfsE-NxItFtIGUM",
                "cdev_r_"
            ),
        ] {
            let mac = OpenSSL.hmacSHA256(key: Self.secret, data: payload.bytes)
            XCTAssertEqual(Hex.encode(mac), hex)
            XCTAssertEqual(Base64.encode(mac, variant: .goRawURL), s)
            let token = CdevToken.mint(payload, secret: Self.secret)
            XCTAssertTrue(token.hasPrefix(prefix))
            XCTAssertTrue(
                String(decoding: payload.bytes, as: UTF8.self).hasSuffix(#""agent_id":"AbCdEfGhIjKlMnOp","device_id":"DeViCeId-0123456"}"#))
            XCTAssertEqual(try CdevToken.validate(token, secret: Self.secret, serverId: Self.serverId, now: 1_735_516_800), payload)
        }
    }

    func testStepsInOrder() throws {
        func code(_ token: String, now: Int64 = 1_735_516_800, server: String = SpecTokenTests.serverId, revoked: [String] = [])
            -> String?
        {
            do {
                _ = try CdevToken.validate(token, secret: Self.secret, serverId: server, now: now, revokedNonces: revoked)
                return nil
            } catch {
                return error.code
            }
        }
        XCTAssertNil(code(Self.v1Token, now: 1_735_520_400), "valid during the second of expires_at")
        XCTAssertEqual(code(Self.v1Token, now: 1_735_520_401), "expired")
        XCTAssertEqual(code(Self.v1Token, revoked: ["N0nce-_012345678"]), "revoked")
        XCTAssertEqual(code(Self.v1Token, server: "other"), "invalid-token")
        // Go compares bytes; Swift's `==` would take U+212A KELVIN SIGN for the K of the server id, and a Set<String>
        // of nonces would hold a decomposed spelling of a composed one.
        XCTAssertEqual(code(Self.v1Token, server: "AbCdEfGhIj\u{212A}lMnOp"), "invalid-token")
        let accented = TokenPayload(
            type: "pairing", serverId: Self.serverId, issuedAt: 1_735_516_800, expiresAt: 1_735_520_400, nonce: "caf\u{E9}")
        let accentedToken = CdevToken.mint(accented, secret: Self.secret)
        XCTAssertNil(code(accentedToken, revoked: ["cafe\u{301}"]))
        XCTAssertEqual(code(accentedToken, revoked: ["cafe\u{301}", "caf\u{E9}"]), "revoked")
        XCTAssertEqual(code("cdev_s_" + Self.v1Token.dropFirst(7)), "invalid-format", "type pairing under cdev_s_")
        XCTAssertEqual(code("cdev_p_"), "invalid-format")
        XCTAssertEqual(code("cdev_c_" + Self.v1Token.dropFirst(7)), "invalid-format")
        XCTAssertEqual(code(Self.v1Token + "="), "invalid-format")
        var secret = Self.secret
        secret[0] ^= 1
        XCTAssertThrowsError(try CdevToken.validate(Self.v1Token, secret: secret, serverId: Self.serverId, now: 1_735_516_800)) {
            XCTAssertEqual(($0 as? CdevTokenError)?.code, "invalid-token")
        }
    }
}
