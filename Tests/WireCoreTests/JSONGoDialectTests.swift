import Foundation
import XCTest

@testable import WireCore

/// `JSONParser`'s `.go` dialect reads strings, numbers and nesting as Go's `encoding/json` does, and
/// the strict dialect still refuses the same inputs.
final class JSONGoDialectTests: XCTestCase {
    func go(_ bytes: [UInt8]) throws -> JSONValue { try JSONParser.parse(bytes, dialect: .go) }
    func go(_ text: String) throws -> JSONValue { try go(Array(text.utf8)) }

    func testInvalidUTF8IsOneReplacementPerByte() throws {
        let cases: [([UInt8], String)] = [
            ([0xFF], "\u{FFFD}"),
            ([0x61, 0xE2, 0x82, 0x62], "a\u{FFFD}\u{FFFD}b"),  // truncated three-byte sequence: two bytes, two U+FFFD
            ([0xC0, 0xAF], "\u{FFFD}\u{FFFD}"),  // overlong '/'
            ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),  // an encoded surrogate
            ([0xF4, 0x90, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),  // above U+10FFFF
            ([0xE2, 0x82, 0xAC], "€"),
            ([0xF0, 0x9F, 0x98, 0x80], "😀"),
        ]
        for (bytes, expected) in cases {
            let json = [0x22] + bytes + [0x22]
            XCTAssertEqual(try go(json), .string(expected), "\(bytes)")
            XCTAssertEqual(GoUTF8.string(bytes), expected, "\(bytes)")
            // With an escape before it, the string goes through the general path: the same reading.
            XCTAssertEqual(try go(Array(#""\n"#.utf8) + bytes + [0x22]), .string("\n" + expected), "\(bytes)")
            if String(validating: bytes, as: UTF8.self) == nil {
                XCTAssertThrowsError(try JSONParser.parse(json), "strict refuses \(bytes)")
            }
        }
    }

    func testSwiftsOwnReplacementDiffersFromGos() {
        // Why GoUTF8 exists: Swift replaces the maximal invalid subpart, Go each byte.
        XCTAssertEqual(String(decoding: [0xE2, 0x82], as: UTF8.self), "\u{FFFD}")
        XCTAssertEqual(GoUTF8.string([0xE2, 0x82]), "\u{FFFD}\u{FFFD}")
    }

    func testLoneSurrogatesAreReplacementCharacters() throws {
        XCTAssertEqual(try go(#""\ud800""#), .string("\u{FFFD}"))
        XCTAssertEqual(try go(#""\udc00x""#), .string("\u{FFFD}x"))
        // A high half followed by an escape that is not a low half: U+FFFD, then that escape on its own.
        XCTAssertEqual(try go(#""\ud800\u0041""#), .string("\u{FFFD}A"))
        XCTAssertEqual(try go(#""\ud800\ud800\udc00""#), .string("\u{FFFD}\u{10000}"))
        XCTAssertEqual(try go(#""\ud83d\ude00""#), .string("😀"))
        XCTAssertThrowsError(try go(#""\ud800\u12""#), "a broken escape is still a syntax error")
        for text in [#""\ud800""#, #""\udc00""#, #""\ud800\u0041""#] {
            XCTAssertThrowsError(try JSONParser.parse(text), text)
        }
        XCTAssertEqual(try JSONParser.parse(#""\ud83d\ude00""#), .string("😀"))
    }

    func testNumbersBeyondADoubleAreInfinities() throws {
        XCTAssertEqual(try go("1e999"), .double(.infinity))
        XCTAssertEqual(try go("-1e999"), .double(-.infinity))
        XCTAssertEqual(try go(#"{"a":1e999,"b":2}"#)["b"], .int(2))
        XCTAssertThrowsError(try JSONParser.parse("1e999"))
        XCTAssertThrowsError(try go("1e"), "the grammar is the same")
    }

    func testNestingToGosLimitWithoutRecursion() throws {
        func nested(_ levels: Int) -> [UInt8] {
            // An object holding arrays: `levels` containers in all.
            Array(#"{"x":"#.utf8) + [UInt8](repeating: 0x5B, count: levels - 1) + [UInt8](repeating: 0x5D, count: levels - 1) + [0x7D]
        }
        // On a thread with a small stack: the skipped levels must not recurse.
        let result = OnSmallStack.run { () -> (Bool, Bool) in
            let atLimit = (try? JSONParser.parse(nested(JSONParser.goMaximumDepth), dialect: .go)) != nil
            let overLimit = (try? JSONParser.parse(nested(JSONParser.goMaximumDepth + 1), dialect: .go)) == nil
            return (atLimit, overLimit)
        }
        XCTAssertTrue(result.0, "10,000 levels are Go's limit, inclusive")
        XCTAssertTrue(result.1, "10,001 levels are refused")
        // The strict dialect recurses, to its own limit (here, on the test's thread with its full stack).
        XCTAssertNoThrow(try JSONParser.parse(nested(JSONParser.maximumDepth)))
        XCTAssertThrowsError(try JSONParser.parse(nested(JSONParser.maximumDepth + 1)))
        // The skipped value is an empty container of its kind; what is around it is read.
        let value = try go(#"{"a":[1,{"b":[2,3]}],"c":{"d":{}},"e":"f"}"#)
        XCTAssertEqual(value["a"], .array([]))
        XCTAssertEqual(value["c"], .object(JSONObject()))
        XCTAssertEqual(value["e"], .string("f"))
    }

    func testSkippedContainersAreCheckedForSyntax() {
        let broken = [
            #"{"a":[1,]}"#, #"{"a":[1 2]}"#, #"{"a":{"b"}}"#, #"{"a":{"b":}}"#, #"{"a":{1:2}}"#, #"{"a":[}"#, #"{"a":{]}"#,
            #"{"a":[[]"#, #"{"a":[[],{"b":tru}]}"#, #"{"a":{"b":1,}}"#, #"{"a":["\x"]}"#, #"{"a":["#, #"{"a":{"#,
        ]
        for text in broken {
            XCTAssertThrowsError(try go(text), text)
            XCTAssertThrowsError(try JSONParser.parse(text), text)
        }
        let fine = [#"{"a":[ ]}"#, #"{"a":{ }}"#, #"{"a":[ [ ] , { } , 1 , "x" , null ]}"#, #"{"a":{"b":{"c":[{}]}} }"#]
        for text in fine {
            XCTAssertNoThrow(try go(text), text)
            XCTAssertNoThrow(try JSONParser.parse(text), text)
        }
    }
}

/// Runs a closure on a thread with a 256 KiB stack and waits for its result.
enum OnSmallStack {
    static func run<T>(_ body: @escaping () -> T) -> T {
        let box = ResultBox(body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = box.body()
            done.signal()
        }
        thread.stackSize = 256 << 10
        thread.start()
        done.wait()
        return box.value!
    }
}

/// The closure and its result, handed to the thread and back (the semaphore orders the two).
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
    let body: () -> T
    init(_ body: @escaping () -> T) { self.body = body }
}
