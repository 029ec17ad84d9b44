import XCTest

@testable import CdevAuth

/// Key matching of Go's `encoding/json` in `GoJSONObject`: `equalFold` compares ASCII keys byte by byte
/// and must give exactly what comparing the two `fold`s gives, for every key a body can hold.
final class GoJSONObjectFoldTests: XCTestCase {
    func testEqualFoldAgreesWithFoldOnEveryPair() {
        let keys = [
            "pairing_token", "PAIRING_TOKEN", "Pairing_Token", "pairing_toke", "pairing_tokens", "", "p", "P", "_", "@", "[",
            "pairing\u{17F}token", "token", "TOKEN", "\u{212A}ey", "key", "KEY", "k\u{E9}y", "K\u{C9}Y", "refresh_token",
            "refresh_tokeN", "refresh_token\u{0}", "ſ", "s", "S", "\u{212A}", "k", "K", "é", "É", "pairing_token ",
        ]
        for a in keys {
            for b in keys {
                XCTAssertEqual(
                    GoJSONObject.equalFold(a, b), GoJSONObject.fold(a) == GoJSONObject.fold(b),
                    "\(a.debugDescription) vs \(b.debugDescription)")
            }
        }
    }

    func testCaseAndGoFoldingMatchAFieldButNothingElseDoes() throws {
        XCTAssertTrue(GoJSONObject.equalFold("pairing_token", "PAIRING_TOKEN"))
        // U+212A KELVIN SIGN folds to k and U+017F LATIN SMALL LETTER LONG S to s, as in Go.
        XCTAssertTrue(GoJSONObject.equalFold("key", "\u{212A}EY"))
        XCTAssertTrue(GoJSONObject.equalFold("refresh_token", "refre\u{17F}h_to\u{212A}en"))
        // '@' and '[' sit next to 'A' and 'Z' (0x40, 0x5B): not letters, so not folded.
        XCTAssertFalse(GoJSONObject.equalFold("`", "@"))
        XCTAssertFalse(GoJSONObject.equalFold("{", "["))
        XCTAssertFalse(GoJSONObject.equalFold("pairing_token", "pairing_tokens"))
        XCTAssertFalse(GoJSONObject.equalFold("pairing_token", "pairing-token"))

        // Through the decoder: the last member matching the field wins, whatever its case.
        let body = Array(#"{"PAIRING_TOKEN":"a","other":"b","Pairing_Token":"c"}"#.utf8)
        let object = try GoJSONObject(body, fieldNames: ["pairing_token"])
        XCTAssertEqual(try object.string("pairing_token"), "c")
    }
}
