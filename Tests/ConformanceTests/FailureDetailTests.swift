import WireCore
import XCTest

@testable import ConformanceKit

/// A failure on a nested value names the place it differs, instead of two long lines cut at the same prefix.
final class FailureDetailTests: XCTestCase {
    func testTheFirstDifferenceIsNamedByItsPointer() {
        let expected: JSONValue = ["payload": ["type": "access", "agent_id": "a/b", "scopes": ["x", "y"]], "ok": true]
        func difference(_ actual: JSONValue) -> String? { FailureDetail.firstDifference(expected, actual) }
        XCTAssertNil(difference(["ok": true, "payload": ["scopes": ["x", "y"], "agent_id": "a/b", "type": "access"]]))
        XCTAssertEqual(
            difference(["payload": ["type": "refresh", "agent_id": "a/b", "scopes": ["x", "y"]], "ok": true]),
            #"/payload/type: expected "access", actual "refresh""#)
        XCTAssertEqual(
            difference(["payload": ["type": "access", "scopes": ["x", "y"]], "ok": true]), #"/payload/agent_id: missing (expected "a/b")"#)
        XCTAssertEqual(
            difference(["payload": ["type": "access", "agent_id": "a/b", "scopes": ["x", "y"], "extra": 1], "ok": true]),
            "/payload/extra: not expected (actual 1)")
        XCTAssertEqual(
            difference(["payload": ["type": "access", "agent_id": "a/b", "scopes": ["x"]], "ok": true]),
            "/payload/scopes: 2 items expected, 1 actual")
        XCTAssertEqual(FailureDetail.firstDifference(["a/b": 1], ["a/b": 2]), "/a~1b: expected 1, actual 2")
        XCTAssertEqual(FailureDetail.firstDifference("x", 1), "/: expected \"x\", actual 1")

        let detail = FailureDetail(input: [:], expected: expected, expectedError: nil, actual: "", actualResult: ["ok": false])
        XCTAssertEqual(detail.firstDifference, #"/payload: missing (expected {"type":"access","agent_id":"a/b","scopes":["x","y"]})"#)
        XCTAssertTrue(detail.text.contains("first difference at /payload: missing"), detail.text)
        XCTAssertNil(
            FailureDetail(input: [:], expected: [:], expectedError: "malformed", actual: "", actualResult: ["a": 1]).firstDifference)
    }

    func testALongStringNamesItsFirstDifferingCharacterWithAWindow() {
        let wanted = String(repeating: "QUJD", count: 2_500)
        var scalars = Array(wanted)
        scalars[6_001] = "x"
        let got = String(scalars) + "=="
        let difference = FailureDetail.firstDifference(["sealed": .string(wanted)], ["sealed": .string(got)])
        XCTAssertEqual(
            difference,
            "/sealed: 10000 characters expected, 10002 actual; first difference at character 6001: "
                + #"expected …"UJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQ"…, "#
                + #"actual …"UJDQUJDQUJDQUJDQUJDQUJDQxJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQ"…"#)
        // A string that is a prefix of the other: the shorter one's window ends without "…".
        let cut = FailureDetail.stringDifference(wanted, String(wanted.prefix(9_990)))
        XCTAssertEqual(
            cut,
            #"10000 characters expected, 9990 actual; first difference at character 9990: "#
                + #"expected …"JDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJD", "#
                + #"actual …"JDQUJDQUJDQUJDQUJDQUJDQU""#)
    }

    func testASuiteThatDoesNotCompareAsWrittenLeavesItsOwnReasonAlone() {
        let expected: JSONValue = ["payload": "{}", "sealed": "AAAA"]
        let detail = FailureDetail(
            input: [:], expected: expected, expectedError: nil, actual: "", actualResult: ["payload": "{ }"], comparedAsWritten: false)
        XCTAssertNil(detail.firstDifference)
        XCTAssertFalse(detail.text.contains("first difference"), detail.text)
    }
}
