import XCTest

@testable import WireCore

/// Swift's `String ==` treats canonically equivalent text as equal; JSON values, keys and `ExactString`
/// compare the scalars, as Go, Rust and JavaScript do.
final class ExactStringTests: XCTestCase {
    let kelvin = "\u{212A}"  // KELVIN SIGN, canonically equivalent to "K"
    let composed = "\u{E9}"  // é
    let decomposed = "e\u{301}"  // e + COMBINING ACUTE ACCENT

    func testSwiftEqualityIsCanonicalAndExactIsNot() {
        // The premise: if Swift ever compared scalars, these helpers would be redundant, not wrong.
        XCTAssertEqual("K", kelvin)
        XCTAssertEqual(composed, decomposed)
        XCTAssertFalse("K".isExactly(kelvin))
        XCTAssertFalse(composed.isExactly(decomposed))
        XCTAssertTrue(decomposed.isExactly("e\u{301}"))
        XCTAssertTrue("AbC".hasExactPrefix("Ab"))
        XCTAssertFalse("\(kelvin)ey".hasExactPrefix("K"))
        XCTAssertFalse("image/\(composed)".hasExactSuffix(decomposed))
        XCTAssertTrue(["a", decomposed].containsExactly(decomposed))
        XCTAssertFalse(["a", decomposed].containsExactly(composed))
    }

    func testExactStringKeysDoNotMerge() {
        let set: Set<ExactString> = [ExactString(composed), ExactString(decomposed), "K", ExactString(kelvin)]
        XCTAssertEqual(set.count, 4)
        XCTAssertEqual(Set([composed, decomposed]).count, 1)
    }

    func testJSONValuesCompareScalars() {
        XCTAssertNotEqual(JSONValue.string(composed), JSONValue.string(decomposed))
        XCTAssertNotEqual(JSONValue.string("K"), JSONValue.string(kelvin))
        XCTAssertEqual(JSONValue.string(decomposed), JSONValue.string("e\u{301}"))
        let a: JSONValue = [composed: 1]
        let b: JSONValue = [decomposed: 1]
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(JSONValue.array([.string(composed)]), [.string(composed)])
    }

    func testObjectMembersAreFoundByScalars() throws {
        let object = try XCTUnwrap(JSONParser.parse(#"{"e\u0301":1,"\u00e9":2}"#).objectValue)
        XCTAssertEqual(object.count, 2, "two keys, not a repeated one")
        XCTAssertEqual(object[composed], 2)
        XCTAssertEqual(object[decomposed], 1)
        XCTAssertNil(try XCTUnwrap(JSONParser.parse(#"{"\u212Aid":1}"#).objectValue)["Kid"])
    }
}
