import Foundation
import WireCheckTestSupport
import WireCore
import XCTest

@testable import CdevAuth

/// The pairing JSON codecs (cdev spec section 4.2), RFC 3339 in the server's offset, and the
/// inputs FuzzCdevPairingJSON found.
final class PairingJSONTests: XCTestCase {
    let info = PairingInfo(
        ws: "ws://127.0.0.1:8766/ws", http: "http://127.0.0.1:8766", session: "6f57d617-8d94-4810-b135-cddff5bc1007",
        repo: "cdev", token: "cdev_p_x", tokenExpiresAt: 1_767_056_400)

    func testThreeEncodingsHaveTheirOwnKeyOrder() {
        XCTAssertEqual(
            JSONWriter.compact(.object(info.infoJSON(offsetSeconds: 7 * 3600))),
            #"{"ws":"ws://127.0.0.1:8766/ws","http":"http://127.0.0.1:8766","session":"6f57d617-8d94-4810-b135-cddff5bc1007","repo":"cde"#
                + #"v","token":"cdev_p_x","token_expires_at":"2025-12-30T08:00:00+07:00"}"#
        )
        XCTAssertEqual(
            info.qrText,
            #"{"http":"http://127.0.0.1:8766","repo":"cdev","session":"6f57d617-8d94-4810-b135-cddff5bc1007","token":"cdev_p_x","ws":"ws"#
                + #"://127.0.0.1:8766/ws"}"#
        )
        XCTAssertEqual(info.cliJSON.map(\.key), ["ws", "http", "session", "token", "repo"])
        var head = info
        head.authRequired = false
        head.token = nil
        head.tokenExpiresAt = nil
        XCTAssertEqual(head.infoJSON(offsetSeconds: 0).map(\.key), ["ws", "http", "session", "repo", "auth_required"])
    }

    func testRFC3339FormatsOffsetsAndParsesWhatClientsAccept() {
        XCTAssertEqual(RFC3339.format(unixSeconds: 1_767_056_400, offsetSeconds: 0), "2025-12-30T01:00:00Z")
        XCTAssertEqual(RFC3339.format(unixSeconds: 1_767_056_400, offsetSeconds: -(5 * 3600 + 1800)), "2025-12-29T19:30:00-05:30")
        XCTAssertEqual(RFC3339.format(unixSeconds: 0, offsetSeconds: 0), "1970-01-01T00:00:00Z")
        for text in [
            "2025-12-30T01:00:00Z", "2025-12-30T08:00:00+07:00", "2025-12-30T01:00:00.999Z", "2025-12-30t01:00:00z",
            "2025-12-29T19:30:00-05:30",
        ] {
            XCTAssertEqual(RFC3339.parse(text), 1_767_056_400, text)
        }
        for bad in [
            "2025-12-30T01:00:00", "2025-12-30 01:00:00Z", "2025-02-29T00:00:00Z", "2025-12-30T01:00:00+7:00", "2025-12-30T01:00:00.Z", "",
        ] {
            XCTAssertNil(RFC3339.parse(bad), bad)
        }
        XCTAssertEqual(RFC3339.parse("2024-02-29T00:00:00Z"), 1_709_164_800)
    }

    /// Dates before 1582: Foundation's Gregorian calendar switches to Julian, Go does not.
    func testFormatIsProlepticGregorianForEveryYear() {
        for seconds: Int64 in [-62_135_596_800 + 86_400, -30_610_224_000, -12_219_292_800, 951_782_400, 253_402_300_799 - 86_400] {
            for offset in [0, 7 * 3600, -8 * 3600] {
                let text = RFC3339.format(unixSeconds: seconds, offsetSeconds: offset)
                XCTAssertEqual(RFC3339.parse(text), seconds, text)
            }
        }
        XCTAssertEqual(RFC3339.format(unixSeconds: -30_610_224_000, offsetSeconds: 0), "1000-01-01T00:00:00Z")
    }

    func testParseRefusesWithTheFieldName() {
        XCTAssertThrowsError(try PairingInfo.parse(Array(#"{"ws":1,"http":"h","session":"s","repo":"r"}"#.utf8))) {
            XCTAssertEqual(($0 as? PairingJSONError)?.field, "ws")
        }
        XCTAssertThrowsError(try PairingInfo.parse(Array("[]".utf8))) { XCTAssertEqual(($0 as? PairingJSONError)?.code, "malformed") }
        XCTAssertThrowsError(try TokenPairResponse.parse(Array(#"{"error":"Invalid or expired pairing token"}"#.utf8))) {
            XCTAssertEqual(($0 as? PairingJSONError)?.field, "expires_in")
        }
    }

    func testFuzzFailCasesRoundTrip() throws {
        for (name, bytes) in try FuzzFailCases.inputs("FuzzCdevPairingJSON") {
            if let pair = try? TokenPairResponse.parse(bytes) {
                XCTAssertEqual(try TokenPairResponse.parse(JSONWriter().bytes(.object(pair.json(offsetSeconds: 0)))), pair, name)
            } else {
                let info = try PairingInfo.parse(bytes)
                XCTAssertEqual(try PairingInfo.parse(JSONWriter().bytes(.object(info.infoJSON(offsetSeconds: 7 * 3600)))), info, name)
            }
        }
    }

    func testInspectionReadsTokensWithoutTheSecret() {
        let token = CdevToken.mint(
            TokenPayload(type: "pairing", serverId: "AbCdEfGhIjKlMnOp", issuedAt: 100, expiresAt: 3700, nonce: "N0nce-_012345678"),
            secret: [UInt8](repeating: 9, count: 32))
        let fresh = TokenInspection(token, now: 3700)
        XCTAssertNil(fresh.problem.map(\.code))
        XCTAssertEqual(fresh.payload?.nonce, "N0nce-_012345678")
        XCTAssertEqual(fresh.mac?.count, 32)
        XCTAssertEqual(TokenInspection(token, now: 3701).problem?.code, "expired")
        XCTAssertEqual(TokenInspection("cdev_c_abc").problem?.code, "invalid-format")
        XCTAssertEqual(TokenInspection("cdev_s_" + token.dropFirst(7)).problem?.code, "invalid-format", "pairing type under cdev_s_")
    }
}
