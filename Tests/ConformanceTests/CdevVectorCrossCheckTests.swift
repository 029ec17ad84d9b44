import CdevAuth
import CdevConformance
import CrossCheck
import Foundation
import WireCheckTestSupport
import WireCore
import XCTest

@testable import ConformanceKit

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
        // An outer object with invalid UTF-8 (GoJSONInvalidUTF8) is refused by Foundation; p and s are ASCII,
        // so the text with its bad bytes replaced holds them unchanged.
        guard token.count > 7, let outer = foundationDecode(token.dropFirst(7)).map({ Data(String(decoding: $0, as: UTF8.self).utf8) }),
            let object = try? JSONSerialization.jsonObject(with: outer) as? [String: String],
            let p = object["p"].flatMap({ foundationDecode(Substring($0)) }),
            let s = object["s"].flatMap({ foundationDecode(Substring($0)) })
        else { return nil }
        return (Array(p), Array(s))
    }

    func testMintedTokensAreGoBytesWithOpenSSLMACs() throws {
        var checked = 0
        try forEachCase(in: "cdev/tokens", of: CdevTokenSuite.mint) { _, test in
            let input = try XCTUnwrap(test.input.objectValue)
            let secret = try Hex.decode(input["secret"]!.stringValue!)
            let server = input["serverId"]!.stringValue!
            var payload =
                #"{"v":1,"type":"\#(input["type"]!.stringValue!)","server_id":"\#(server)","issued_at":\#(input["issuedAt"]!.intValue!),"#
                + #""expires_at":\#(input["expiresAt"]!.intValue!),"nonce":"\#(input["nonce"]!.stringValue!)","mode":"local","agent_"#
                + #"id":"\#(server)""#
            // Go's encoding/json writes these five as \u escapes (HTML-safe output), five control characters with their
            // short escapes, and the other controls as lower-case \u00xx.
            var goEscapes: [Unicode.Scalar: String] = [
                "<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u{2028}": "\\u2028", "\u{2029}": "\\u2029", "\u{8}": "\\b",
                "\u{C}": "\\f", "\t": "\\t", "\n": "\\n", "\r": "\\r",
            ]
            for control in 0..<0x20 where goEscapes[Unicode.Scalar(UInt8(control))] == nil {
                goEscapes[Unicode.Scalar(UInt8(control))] = String(format: "\\u%04x", control)
            }
            if let device = input["deviceId"]?.stringValue {
                payload += #","device_id":""# + device.unicodeScalars.map { goEscapes[$0] ?? String($0) }.joined() + #"""#
            }
            if let user = input["userId"]?.stringValue { payload += #","user_id":"\#(user)""# }
            payload += "}"
            let token = try XCTUnwrap(test.expected["token"]?.stringValue)
            let decoded = try XCTUnwrap(parts(token), test.id)
            XCTAssertEqual(String(decoding: decoded.payload, as: UTF8.self), payload, test.id)
            XCTAssertEqual(decoded.mac, OpenSSL.hmacSHA256(key: secret, data: decoded.payload), test.id)
            XCTAssertTrue(token.hasPrefix(["pairing": "cdev_p_", "refresh": "cdev_r_"][input["type"]!.stringValue!] ?? "cdev_s_"), test.id)
            checked += 1
        }
        XCTAssertEqual(checked, 11)
    }

    func testAcceptedTokensCarryOpenSSLMACs() throws {
        var checked = 0
        try forEachCase(in: "cdev/tokens", of: CdevTokenSuite.validate) { _, test in
            guard test.result != .invalid, !test.flags.contains("GoBase64LineBreak") else { return }
            let secret = try Hex.decode(test.input["secret"]!.stringValue!)
            let token = test.input["token"]!.stringValue!
            // Foundation's decoder rejects non-zero trailing bits; clear them for this check.
            let decoded = try XCTUnwrap(parts(test.flags.contains("GoBase64TrailingBits") ? canonical(token) : token), test.id)
            XCTAssertEqual(decoded.mac, OpenSSL.hmacSHA256(key: secret, data: decoded.payload), test.id)
            // Foundation reads the payload, except where the case is about a Go reading it refuses (invalid
            // UTF-8, a lone surrogate, 1e999, 10,000 levels); those are read by the case's own payload.
            let expiresAt: Int64
            if let payload = try? JSONSerialization.jsonObject(with: Data(decoded.payload)) as? [String: Any] {
                expiresAt = try XCTUnwrap((payload["expires_at"] as? NSNumber)?.int64Value, test.id)
            } else {
                XCTAssertTrue(test.flags.contains { $0.hasPrefix("GoJSON") }, "\(test.id): Foundation cannot read the payload")
                expiresAt = try XCTUnwrap(test.expected["payload"]?["expires_at"]?.intValue, test.id)
            }
            XCTAssertLessThanOrEqual(test.input["now"]!.intValue!, expiresAt, test.id)
            checked += 1
        }
        XCTAssertEqual(checked, 26)  // with the six PayloadForm tokens, which Foundation reads as well
    }

    /// The standard-alphabet twins differ from a valid token only in the alphabet: written back in base64url, the
    /// reference accepts them (so a reader of both alphabets would, and only the Base64 rule refuses them).
    func testStandardAlphabetTwinsAreValidTokensRespelled() throws {
        var checked = 0
        try forEachCase(in: "cdev/tokens", of: CdevTokenSuite.validate) { _, test in
            guard test.id.hasSuffix("-std-alphabet-twin") else { return }
            let token = test.input["token"]!.stringValue!
            XCTAssertTrue(token.hasPrefix("cdev_p_"), test.id)
            // p and s are inside the outer object: respell them there.
            func respelled(_ text: String) -> String {
                text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            }
            let outer = try JSONParser.parse(Base64.decode(String(token.dropFirst(7)), variant: .goRawURL)).objectValue!
            let (p, s) = (respelled(outer["p"]!.stringValue!), respelled(outer["s"]!.stringValue!))
            let body = Base64.encode(Array(#"{"p":"\#(p)","s":"\#(s)"}"#.utf8), variant: .goRawURL)
            XCTAssertNotEqual("cdev_p_" + body, token, test.id)
            XCTAssertNoThrow(
                try CdevToken.validate(
                    "cdev_p_" + body, secret: Hex.decode(test.input["secret"]!.stringValue!),
                    serverId: test.input["serverId"]!.stringValue!,
                    now: test.input["now"]!.intValue!), test.id)
            checked += 1
        }
        XCTAssertEqual(checked, 2)
    }

    /// Rejected by MAC: OpenSSL agrees the MAC does not match.
    func testInvalidTokenCasesFailTheOpenSSLMAC() throws {
        var checked = 0
        try forEachCase(in: "cdev/tokens", of: CdevTokenSuite.validate) { _, test in
            guard test.error == CdevTokenError.Code.invalidToken.rawValue, !test.flags.contains("ServerId"),
                let decoded = parts(test.input["token"]!.stringValue!)
            else { return }
            let secret = try Hex.decode(test.input["secret"]!.stringValue!)
            XCTAssertNotEqual(decoded.mac, OpenSSL.hmacSHA256(key: secret, data: decoded.payload), test.id)
            checked += 1
        }
        assertChecked(checked, "invalid-token cases with a decodable token")
    }

    func canonical(_ token: String) -> String {
        let body = Array(token.utf8.dropFirst(7))
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        let mask = [0, 0, 0x30, 0x3c][body.count % 4]
        var fixed = body
        fixed[fixed.count - 1] = alphabet[alphabet.firstIndex(of: body.last!)! & mask]
        return String(token.prefix(7)) + String(decoding: fixed, as: UTF8.self)
    }

    /// The tokens inside the pairing vectors are real tokens of the spec's secret (bytes 0x00..0x1f):
    /// OpenSSL recomputes their MACs, and Foundation's ISO 8601 parser agrees with every timestamp.
    func testPairingVectorTokensAndTimestampsCheckOut() throws {
        let secret = (0..<32).map(UInt8.init)
        let iso = ISO8601DateFormatter()
        let isoFraction = ISO8601DateFormatter()
        isoFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var tokens = 0
        var times = 0
        try forEachCase(in: "cdev/pairing") { _, test in
            guard test.result == .valid, let json = test.input["json"]?.stringValue,
                let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            else { return }
            for key in ["token", "access_token", "refresh_token"] {
                guard let token = object[key] as? String, token.hasPrefix("cdev_") else { continue }
                let decoded = try XCTUnwrap(parts(token), test.id)
                XCTAssertEqual(decoded.mac, OpenSSL.hmacSHA256(key: secret, data: decoded.payload), test.id)
                tokens += 1
            }
            for (key, expectedKey) in [
                ("token_expires_at", "tokenExpiresAt"), ("access_token_expires_at", "accessTokenExpiresAt"),
                ("refresh_token_expires_at", "refreshTokenExpiresAt"),
            ] {
                guard var text = object[key] as? String else { continue }
                // Foundation's formatter refuses second 60 and a lower-case t or z, which RFC 3339 allows: it reads second 59
                // (one second earlier) and the upper-cased text.
                let leapSecond = text.contains(":60")
                text = text.uppercased().replacingOccurrences(of: ":60", with: ":59")
                let date = try XCTUnwrap(iso.date(from: text) ?? isoFraction.date(from: text), "\(test.id): \(text)")
                XCTAssertEqual(
                    Int64(date.timeIntervalSince1970.rounded(.down)) + (leapSecond ? 1 : 0), test.expected[expectedKey]?.intValue, test.id)
                times += 1
            }
        }
        XCTAssertGreaterThanOrEqual(tokens, 15)
        XCTAssertGreaterThanOrEqual(times, 12)
    }

    /// The Go shapes of the pairing documents: struct order where Go marshals a struct, sorted keys
    /// where it marshals a map, and the newline json.Encoder.Encode and fmt.Println write.
    func testPairingDocumentsHaveGoKeyOrderAndNewlines() throws {
        let order: [String: [String]] = [
            "PairInfo": ["ws", "http", "session", "repo", "auth_required", "token", "token_expires_at"],
            "CLIJSON": ["ws", "http", "session", "token", "repo"], "TerminalQR": ["ws", "http", "session", "token", "repo"],
            "QRText": ["http", "repo", "session", "token", "ws"],
        ]
        var checked = 0
        try forEachCase(in: "cdev/pairing") { _, test in
            guard test.result == .valid, let flag = test.flags.first(where: { order[$0] != nil }),
                let json = test.input["json"]?.stringValue
            else { return }
            let keys = order[flag]!.compactMap { key in json.range(of: "\"\(key)\"").map { (key, $0.lowerBound) } }
            XCTAssertEqual(keys.map(\.0), keys.sorted { $0.1 < $1.1 }.map(\.0), "\(test.id): keys out of Go's order")
            XCTAssertEqual(json.hasSuffix("\n"), ["PairInfo", "CLIJSON"].contains(flag), "\(test.id): Go's trailing newline")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 8)
    }
}
