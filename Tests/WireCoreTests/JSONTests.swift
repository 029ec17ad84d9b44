import WireCore
import XCTest

final class JSONTests: XCTestCase {
    func testParseKeepsKeyOrderAndWriterReproducesIt() throws {
        let text = #"{"v":1,"type":"access","server_id":"s","nested":{"z":[true,false,null],"a":-1.5e3}}"#
        let value = try JSONParser.parse(text)
        XCTAssertEqual(value.objectValue?.keys, ["v", "type", "server_id", "nested"])
        XCTAssertEqual(JSONWriter.compact(value), #"{"v":1,"type":"access","server_id":"s","nested":{"z":[true,false,null],"a":-1500.0}}"#)
        XCTAssertEqual(try JSONParser.parse(JSONWriter.pretty(value)), value)
    }

    func testErrorsCarryTheByteOffset() {
        func offset(_ text: String) -> Int? {
            do {
                _ = try JSONParser.parse(text)
                return nil
            } catch { return error.offset }
        }
        XCTAssertEqual(offset(#"{"a":1,}"#), 7)
        XCTAssertEqual(offset(#"[1,2"#), 4)
        XCTAssertEqual(offset(#"{"a":01}"#), 6)
        XCTAssertEqual(offset("\"a\u{01}\""), 2)
        XCTAssertEqual(offset(#"{"a":1,"a":2}"#), 7)
        XCTAssertEqual(offset(#""\ud800""#), 1)
        XCTAssertEqual(offset("1 2"), 2)
    }

    func testDuplicateKeyPolicies() throws {
        let text = #"{"a":1,"a":2}"#
        XCTAssertEqual(try JSONParser.parse(text, duplicateKeys: .keepFirst)["a"], 1)
        XCTAssertEqual(try JSONParser.parse(text, duplicateKeys: .keepLast)["a"], 2)
    }

    func testDepthLimitIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(deep)) { error in
            XCTAssertTrue("\(error)".contains("nesting"))
        }
    }

    func testStringEscapes() throws {
        XCTAssertEqual(try JSONParser.parse(#""\u00e9\ud83e\udd16\/\n""#), .string("é🤖/\n"))
        let value: JSONValue = .string("a/b<c>&\u{2028}\u{01}")
        XCTAssertEqual(JSONWriter.compact(value), "\"a/b<c>&\u{2028}\\u0001\"")
        XCTAssertEqual(JSONWriter(options: .init(escapeSlash: true)).string(value), "\"a\\/b<c>&\u{2028}\\u0001\"")
        XCTAssertEqual(JSONWriter(options: .init(escapeHTML: true)).string(value), #""a/b\u003cc\u003e\u0026\u2028\u0001""#)
    }

    func testInvalidUTF8IsRejected() {
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xff, 0x22]))
    }

    func testObjectEqualityIgnoresOrder() {
        let a: JSONValue = ["x": 1, "y": "2"]
        let b: JSONValue = ["y": "2", "x": 1]
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, ["x": 1])
    }
}
