import XCTest

@testable import CdevAuth

/// `GoJSONObject`'s shortcuts against its plain paths: `equalFold` compares ASCII keys byte by byte and
/// must give what comparing the two `fold`s gives; `requestString` builds no error text and must accept
/// and refuse exactly the bodies the throwing decoder does.
final class GoJSONObjectTests: XCTestCase {
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

    func testRequestStringAgreesWithTheThrowingDecoder() throws {
        var bodies = [
            #"{"refresh_token":"cdev_r_x"}"#, #"{"REFRESH_TOKEN":"a","refresh_token":"b"}"#, #"{"refresh_token":1}"#,
            #"{"refresh_token":null}"#, #"{}"#, "null", "[]", "\"x\"", "", " ", "{", #"{"refresh_token":"a"} trailing"#,
            #"{"refresh_token":"a"}{"#, #"{"refresh_token":"a","refresh_token":{}}"#, #"{"refre\u017fh_token":"s"}"#,
            #" {"refresh_token" : "spaced"} "#, #"{"refresh_token":"a\u0000"}"#, #"{"refresh_token":["a"]}"#,
        ].map { Array($0.utf8) }
        // And every one-byte cut of the first bodies, so that refusals of every kind come up.
        for body in bodies.prefix(3) { bodies += (0..<body.count).map { Array(body[..<$0]) } }
        for body in bodies {
            let expected: String?
            do {
                expected = try GoJSONObject(body, fieldNames: ["refresh_token"], firstValueOnly: true).string("refresh_token")
            } catch {
                expected = nil
            }
            XCTAssertEqual(GoJSONObject.requestString("refresh_token", in: body), expected, String(decoding: body, as: UTF8.self))
        }
        XCTAssertEqual(GoJSONObject.requestString("refresh_token", in: Array(#"{"Refresh_Token":"c"}"#.utf8)), "c")
        XCTAssertNil(GoJSONObject.requestString("refresh_token", in: Array("{".utf8)))
    }
}

/// Go's `encoding/json` keeps the first type error of any member and returns it after the rest: a
/// repeated key whose earlier copy has the wrong type fails the whole decode.
final class GoJSONObjectTypeTests: XCTestCase {
    func testAnEarlierCopyOfTheWrongTypeFails() {
        let bodies = [
            #"{"s":0,"p":"x","s":"y"}"#, #"{"p":1,"p":"x"}"#, #"{"p":["x"],"p":"x"}"#, #"{"P":true,"p":"x"}"#,
        ]
        for body in bodies {
            XCTAssertThrowsError(try GoJSONObject(Array(body.utf8), fieldNames: ["p", "s"]), body)
        }
        XCTAssertThrowsError(
            try GoJSONObject(Array(#"{"nonce":1,"v":1,"nonce":"n"}"#.utf8), fieldNames: TokenPayload.fieldNames,
                integerFields: TokenPayload.integerFields))
        XCTAssertThrowsError(
            try GoJSONObject(
                Array(#"{"v":"1","v":1}"#.utf8), fieldNames: TokenPayload.fieldNames, integerFields: TokenPayload.integerFields))
        XCTAssertNil(GoJSONObject.requestString("refresh_token", in: Array(#"{"refresh_token":1,"refresh_token":"r"}"#.utf8)))
    }

    func testNullAndUnknownKeysAreNoTypeError() throws {
        let object = try GoJSONObject(Array(#"{"p":null,"x":1,"p":"a","s":null}"#.utf8), fieldNames: ["p", "s"])
        XCTAssertEqual(try object.string("p"), "a")
        XCTAssertEqual(try object.string("s"), "")
        let payload = try GoJSONObject(
            Array(#"{"v":1,"v":2,"expires_at":5}"#.utf8), fieldNames: TokenPayload.fieldNames, integerFields: TokenPayload.integerFields)
        XCTAssertEqual(try payload.int("v"), 2)
        XCTAssertEqual(try payload.int("expires_at"), 5)
    }

    func testStringsAreReadAsGoReadsThem() throws {
        let body = Array(#"{"p":""#.utf8) + [0xE2, 0x82] + Array(#"\ud800","s":"x"}"#.utf8)
        XCTAssertEqual(try GoJSONObject(body, fieldNames: ["p", "s"]).string("p"), "\u{FFFD}\u{FFFD}\u{FFFD}")
    }
}
