import CrossCheck
import Foundation
import XCTest
@testable import Conformance
import WireCore

/// The cdev vectors checked without CdevAuth: Foundation decodes the tokens, OpenSSL recomputes
/// every HMAC, and minted payloads are compared with a hand-formatted Go `json.Marshal` string.
final class CdevVectorCrossCheckTests: XCTestCase {
    /// base64url without padding, decoded by Foundation after restoring the standard alphabet.
    func foundationDecode(_ text: Substring) -> Data? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard)
    }

    /// (payload bytes, MAC) of a well-formed token, or nil.
    func parts(_ token: String) -> (payload: [UInt8], mac: [UInt8])? {
        guard token.count > 7, let outer = foundationDecode(token.dropFirst(7)),
              let object = try? JSONSerialization.jsonObject(with: outer) as? [String: String],
              let p = object["p"].flatMap({ foundationDecode(Substring($0)) }), let s = object["s"].flatMap({ foundationDecode(Substring($0)) })
        else { return nil }
        return (Array(p), Array(s))
    }

    func testMintedTokensAreGoBytesWithOpenSSLMACs() throws {
        var checked = 0
        try forEachCase(in: "cdev/tokens") { group, test in
            guard group.type == "CdevMintTest" else { return }
            let input = try XCTUnwrap(test.input.objectValue)
            let secret = try Hex.decode(input["secret"]!.stringValue!)
            let server = input["serverId"]!.stringValue!
            var payload = #"{"v":1,"type":"\#(input["type"]!.stringValue!)","server_id":"\#(server)","issued_at":\#(input["issuedAt"]!.intValue!),"expires_at":\#(input["expiresAt"]!.intValue!),"nonce":"\#(input["nonce"]!.stringValue!)","mode":"local","agent_id":"\#(server)""#
            if let device = input["deviceId"]?.stringValue { payload += #","device_id":"\#(device)""# }
            if let user = input["userId"]?.stringValue { payload += #","user_id":"\#(user)""# }
            payload += "}"
            let token = try XCTUnwrap(test.expected["token"]?.stringValue)
            let decoded = try XCTUnwrap(parts(token), test.id)
            XCTAssertEqual(String(decoding: decoded.payload, as: UTF8.self), payload, test.id)
            XCTAssertEqual(decoded.mac, OpenSSL.hmacSHA256(key: secret, data: decoded.payload), test.id)
            XCTAssertTrue(token.hasPrefix(["pairing": "cdev_p_", "refresh": "cdev_r_"][input["type"]!.stringValue!] ?? "cdev_s_"), test.id)
            checked += 1
        }
        XCTAssertEqual(checked, 7)
    }

    func testAcceptedTokensCarryOpenSSLMACs() throws {
        var checked = 0
        try forEachCase(in: "cdev/tokens") { group, test in
            guard group.type == "CdevValidateTest", test.result != .invalid, !test.flags.contains("GoBase64LineBreak") else { return }
            let secret = try Hex.decode(test.input["secret"]!.stringValue!)
            let token = test.input["token"]!.stringValue!
            // Foundation's decoder rejects non-zero trailing bits; clear them for this check.
            let decoded = try XCTUnwrap(parts(test.flags.contains("GoBase64TrailingBits") ? canonical(token) : token), test.id)
            XCTAssertEqual(decoded.mac, OpenSSL.hmacSHA256(key: secret, data: decoded.payload), test.id)
            let payload = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(decoded.payload)) as? [String: Any], test.id)
            let expiresAt = try XCTUnwrap((payload["expires_at"] as? NSNumber)?.int64Value, test.id)
            XCTAssertLessThanOrEqual(test.input["now"]!.intValue!, expiresAt, test.id)
            checked += 1
        }
        XCTAssertEqual(checked, 11)
    }

    /// Rejected by MAC: OpenSSL agrees the MAC does not match.
    func testInvalidTokenCasesFailTheOpenSSLMAC() throws {
        try forEachCase(in: "cdev/tokens") { group, test in
            guard test.error == "invalid-token", !test.flags.contains("ServerId"), let decoded = parts(test.input["token"]!.stringValue!) else { return }
            let secret = try Hex.decode(test.input["secret"]!.stringValue!)
            XCTAssertNotEqual(decoded.mac, OpenSSL.hmacSHA256(key: secret, data: decoded.payload), test.id)
        }
    }

    func canonical(_ token: String) -> String {
        let body = Array(token.utf8.dropFirst(7))
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        let mask = [0, 0, 0x30, 0x3c][body.count % 4]
        var fixed = body
        fixed[fixed.count - 1] = alphabet[alphabet.firstIndex(of: body.last!)! & mask]
        return String(token.prefix(7)) + String(decoding: fixed, as: UTF8.self)
    }
}
