import Foundation
import WireCore
import XCTest

@testable import ConformanceKit

/// `index.html` is one self-contained page: the counts written out, every case in its data (a value that holds
/// `</script>` cannot end the script), failures with their detail, and nothing fetched from elsewhere.
/// `scripts/html_report_check.sh` runs the page's script in Chromium.
final class HTMLReportTests: XCTestCase {
    func result(_ id: String, _ status: CaseStatus, reason: String = "", detail: FailureDetail? = nil) -> CaseResult {
        var result = CaseResult(
            kind: .vector, suite: "wirecore/base64", format: "wirecore", id: id, tcId: 1, flags: ["Padding"], spec: ["RFC 4648 4"],
            expectedResult: .valid, expectedError: nil, actualResult: .valid, actualError: nil, actualOutput: "", status: status,
            reason: reason, durationMs: 0, implementation: "test <shim>", vectorsVersion: "1.0.0",
            reproducer: "wirecheck vectors verify --only \(id)", stderr: "")
        result.detail = detail
        return result
    }

    func testThePageIsSelfContainedAndCarriesEveryCase() throws {
        let detail = FailureDetail(
            input: ["text": "</script><script>alert(1)</script>"], expected: ["bytes": "00"], expectedError: nil, actual: "{}",
            actualResult: ["bytes": "01"])
        var report = RunReport(
            runName: "verify-1", implementation: "test <shim>", vectorsVersion: "1.0.0", startedAt: Date(timeIntervalSince1970: 0),
            results: [result("wirecore/base64/a", .pass), result("wirecore/base64/b", .fail, reason: "bytes differ", detail: detail)])
        report.bugTypes = ["Padding": .edgeCase]
        let html = HTMLReport(report: report).html

        XCTAssertTrue(html.hasPrefix("<!doctype html>"))
        XCTAssertFalse(html.contains("src=\"http"), "no external script")
        XCTAssertFalse(html.contains("href=\"http"), "no external style")
        XCTAssertTrue(html.contains("test &lt;shim&gt;"), "text is escaped")
        XCTAssertTrue(html.contains("FAILURES (exit 1)"))
        // The data: one array per case, a failure with its detail; only the page's own two script elements close.
        XCTAssertEqual(html.components(separatedBy: "</script>").count - 1, 3)
        XCTAssertTrue(html.contains(#"<option>EDGE_CASE</option>"#), "the bug types of the run's flags are a filter")
        XCTAssertTrue(html.contains(#"{"Padding":"EDGE_CASE"}"#))
        let start = try XCTUnwrap(html.range(of: #"<script type="application/json" id="data">"#)).upperBound
        let end = try XCTUnwrap(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        let cases = try XCTUnwrap(try JSONParser.parse(Array(html[start..<end].utf8)).arrayValue)
        XCTAssertEqual(cases.count, 2)
        XCTAssertEqual(cases[1].arrayValue?[2], "wirecore/base64/b")
        let shown = try XCTUnwrap(cases[1].arrayValue?[5].objectValue)
        XCTAssertEqual(shown["firstDifference"], #"/bytes: expected "00", actual "01""#)
        XCTAssertTrue(shown["input"]?.stringValue?.contains("</script>") == true, "the value itself is intact once parsed")
        XCTAssertEqual(cases[0].arrayValue?.count, 5, "a passing case carries no detail")
        XCTAssertTrue(html.contains("<td>RFC 4648 4</td>"), "spec coverage")
    }
}
