import CrossCheck
import Foundation
import WireCheckTestSupport
import WireCore
import XCTest

/// Every input a fuzz target ever crashed on (Fuzz/FailCases/<Target>/) replayed as a unit test.
final class FuzzFailCaseTests: XCTestCase {
    /// FuzzBase64 found libsodium accepting bytes >= 0x80; WireCore must reject them in every variant.
    func testFuzzBase64FailCasesAreRejected() throws {
        for (name, bytes) in try FuzzFailCases.inputs("FuzzBase64") {
            for variant in Base64Variant.all {
                XCTAssertThrowsError(try Base64.decode(utf8: bytes, variant: variant), "\(name) \(variant)") { error in
                    XCTAssertEqual(
                        error as? WireError,
                        .invalidCharacter(encoding: "base64", offset: 1, byte: 0xab), "\(name) \(variant)")
                }
            }
        }
    }

    /// FuzzJSON found an object whose key repeats with another value unequal to itself (JSONObject's `==`
    /// compared every copy with the first); each such object equals itself, and the order of the copies counts.
    func testFuzzJSONFailCasesEqualThemselves() throws {
        let cases = try FuzzFailCases.inputs("FuzzJSON")
        XCTAssertFalse(cases.isEmpty)
        for (name, bytes) in cases {
            let value = try JSONParser.parse(bytes, duplicateKeys: .keepAll)
            XCTAssertEqual(value, value, name)
            XCTAssertEqual(try JSONParser.parse(bytes, duplicateKeys: .keepAll, dialect: .go), value, name)
        }
        var ab = JSONObject()
        ab.append("k", 1)
        ab.append("k", 2)
        var ba = JSONObject()
        ba.append("k", 2)
        ba.append("k", 1)
        XCTAssertEqual(ab, ab)
        XCTAssertNotEqual(ab, ba)
        let ordered: JSONObject = ["a": 1, "b": 2]
        XCTAssertEqual(ordered, ["b": 2, "a": 1], "other keys in any order")
    }

    /// Pins the libsodium behaviour the FuzzBase64 oracle works around. If a libsodium update fixes
    /// it, this fails: then drop the exclusion in Fuzz/Sources/FuzzBase64/main.swift.
    func testLibsodiumStillDecodesHighBytesAsSixtyThree() {
        XCTAssertTrue(Libsodium.initialize())
        XCTAssertEqual(Libsodium.base64Decode([0xab, 0xab, 0xab, 0xab], variant: .foundation), [0xff, 0xff, 0xff])
    }
}
