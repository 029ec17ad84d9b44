import WireCheckTesting
import XCTest

/// XCTest: one assertion over whole suites, one recorded failure per failing case; the shim-shaped implementation.
final class XCTestStyleTests: XCTestCase {
    func testStrictBase64Conforms() {
        let results = assertConforms(ExampleImplementation(), suites: ["wirecore/base64/*-padded-strict/*"], strict: true)
        XCTAssertEqual(results.filter { $0.status != .skip }.count, 42, "the 21 cases of each strict padded variant ran")
    }
}
