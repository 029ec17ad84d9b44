import ConformanceKit
import WireCheckTestSupport
import WireCore
import XCTest

/// The Arkavo encode ops refuse what flatc refuses with a judged error class, not as an argument error,
/// so an implementation that builds such a table is a finding (the fuzzer does not send bad-request inputs).
final class ArkavoEncodeRefusalTests: XCTestCase {
    func testATableFlatcRefusesIsInvalidTable() throws {
        let reference = TestEnvironment.families.reference
        let tables: [JSONValue] = [
            ["action": "join", "timestamp": -1],
            ["data_type": "CacheEvent", "data": ["ttl": 5, "undeclared": 1]],
            ["action": "join", "undeclared": true],
        ]
        for table in tables {
            guard case .failure(let error) = reference.call(ShimRequest("arkavo.encodeEvent", JSONObject([("table", table)]))) else {
                return XCTFail("\(table) was built")
            }
            XCTAssertEqual(error.code, "invalid-table", "\(table): \(error.message)")
        }
        // An argument that is no table at all stays an argument error.
        guard case .failure(let error) = reference.call(ShimRequest("arkavo.encodeEvent", JSONObject([("table", "x")]))) else {
            return XCTFail("a string was built")
        }
        XCTAssertEqual(error.code, ShimError.badRequestCode)
    }
}
