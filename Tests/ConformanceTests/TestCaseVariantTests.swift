import ConformanceKit
import WireCheckTestSupport
import WireCore
import XCTest

/// Invalid variants differ from their valid case in exactly the one field they name.
final class TestCaseVariantTests: XCTestCase {
    enum Code: String { case broken }
    enum Flag: String, CaseFlag { case F }
    static let b: Field<String> = .string("b", "A field of the test.")

    func testVariantChangesOneFieldAndKeepsTheOrder() {
        let valid = TestCase(
            id: "f/s/valid", comment: "valid", spec: ["X 1"], input: ["a": 1, "b": "two", "c": true], expected: ["out": 1], result: .valid)
        let variant = valid.invalidVariant(
            id: "f/s/b-changed", comment: "b changed", flags: [Flag.F], changing: Self.b, to: "three", error: Code.broken)
        XCTAssertEqual(variant.input.objectValue?.keys, ["a", "b", "c"])
        XCTAssertEqual(variant.input["b"], "three")
        XCTAssertEqual(variant.input["a"], valid.input["a"])
        XCTAssertEqual(variant.input["c"], valid.input["c"])
        XCTAssertEqual(variant.result, .invalid)
        XCTAssertEqual(variant.error, "broken")
        XCTAssertEqual(variant.expected, .object([:]))
        XCTAssertEqual(variant.spec, ["X 1"])
    }

    /// The committed cdev variants: each differs from validate-spec-v1 in exactly one input field.
    func testCommittedCdevVariantsDifferInOneField() throws {
        var cases: [String: JSONObject] = [:]
        try forEachCase(in: "cdev/tokens") { _, test in cases[test.id] = test.input.objectValue }
        let base = try XCTUnwrap(cases["cdev/tokens/validate-spec-v1"])
        for (slug, field) in [("wrong-secret", "secret"), ("server-id", "serverId"), ("after-expires-at", "now")] {
            let variant = try XCTUnwrap(cases["cdev/tokens/validate-\(slug)"], slug)
            XCTAssertEqual(variant.keys, base.keys, slug)
            XCTAssertEqual(variant.keys.filter { variant[$0] != base[$0] }, [field], slug)
        }
    }
}
