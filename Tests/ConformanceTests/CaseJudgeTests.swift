import WireCore
import WireCoreConformance
import XCTest

@testable import ConformanceKit

final class CaseJudgeTests: XCTestCase {
    let valid = TestCase(id: "x/y/valid", comment: "", spec: ["s"], input: [:], expected: ["bytes": "00"], result: .valid)
    let invalid = TestCase(id: "x/y/invalid", comment: "", spec: ["s"], input: [:], result: .invalid, error: "bad-padding")
    let acceptable = TestCase(id: "x/y/acceptable", comment: "", spec: ["s"], input: [:], expected: ["bytes": "00"], result: .acceptable)

    func judge(
        _ answer: Result<JSONObject, ShimError>, _ test: TestCase, strict: Bool = false,
        expectations: Expectations = Expectations()
    ) -> CaseJudge.Verdict {
        let suite = Base64Suite()
        let group = TestGroup(type: "T", tests: [test])
        return CaseJudge(strict: strict, expectations: expectations)
            .judge(.success(answer), test: test) { suite.mismatch(result: $0, for: test, in: group) }
    }

    func testValidCases() {
        XCTAssertEqual(judge(.success(["bytes": "00"]), valid).status, .pass)
        let wrong = judge(.success(["bytes": "01"]), valid)
        XCTAssertEqual(wrong.status, .fail)
        XCTAssertTrue(wrong.reason.contains("'bytes' is \"01\", expected \"00\""), wrong.reason)
        XCTAssertEqual(judge(.failure(ShimError(code: "bad-padding")), valid).status, .fail)
    }

    func testInvalidCasesAndStrictErrorClass() {
        XCTAssertEqual(judge(.success([:]), invalid).status, .fail)
        XCTAssertEqual(judge(.failure(ShimError(code: "whatever")), invalid).status, .pass)
        XCTAssertEqual(judge(.failure(ShimError(code: "whatever")), invalid, strict: true).status, .fail)
        XCTAssertEqual(judge(.failure(ShimError(code: "bad-padding")), invalid, strict: true).status, .pass)
        var map = Expectations()
        map.errorMap = ["ErrPadding": "bad-padding"]
        let mapped = judge(.failure(ShimError(code: "ErrPadding")), invalid, strict: true, expectations: map)
        XCTAssertEqual(mapped.status, .pass)
        XCTAssertEqual(mapped.actualError, "bad-padding")
    }

    /// An answer canonically equivalent to the expected one is another answer (Swift's `==` says equal): a nonce
    /// decomposed, a `K` spelled with U+212A KELVIN SIGN, an error class with one.
    func testAnswersCompareByScalars() {
        XCTAssertNotNil(defaultMismatch(result: ["nonce": "cafe\u{301}"], expected: ["nonce": "caf\u{E9}"]))
        XCTAssertNotNil(defaultMismatch(result: ["payload": ["server_id": "\u{212A}"]], expected: ["payload": ["server_id": "K"]]))
        XCTAssertNil(defaultMismatch(result: ["nonce": "caf\u{E9}"], expected: ["nonce": "caf\u{E9}"]))
        let kelvin = TestCase(id: "x/y/kelvin", comment: "", spec: ["s"], input: [:], result: .invalid, error: "bad-Key")
        XCTAssertEqual(judge(.failure(ShimError(code: "bad-\u{212A}ey")), kelvin, strict: true).status, .fail)
        XCTAssertEqual(judge(.failure(ShimError(code: "bad-Key")), kelvin, strict: true).status, .pass)
    }

    func testAcceptableCases() {
        XCTAssertEqual(judge(.failure(ShimError(code: "x")), acceptable).status, .pass)
        XCTAssertEqual(judge(.success(["bytes": "00"]), acceptable).status, .pass)
        XCTAssertEqual(judge(.success(["bytes": "01"]), acceptable).status, .pass)
        XCTAssertEqual(judge(.success(["bytes": "01"]), acceptable, strict: true).status, .fail)
        var rejects = Expectations()
        rejects.acceptable = [(pattern: "x/y/*", verdict: "reject")]
        XCTAssertEqual(judge(.success(["bytes": "00"]), acceptable, strict: true, expectations: rejects).status, .fail)
        XCTAssertEqual(judge(.failure(ShimError(code: "x")), acceptable, strict: true, expectations: rejects).status, .pass)
    }

    func testUnimplementedAndExpectedFailures() {
        XCTAssertEqual(judge(.failure(ShimError(code: "unimplemented")), valid).status, .unimplemented)
        var known = Expectations()
        known.expectedFailures = ["x/y/valid": "known bug #1"]
        XCTAssertEqual(judge(.success(["bytes": "01"]), valid, expectations: known).status, .xfail)
        XCTAssertEqual(judge(.success(["bytes": "00"]), valid, expectations: known).status, .xpass)
        XCTAssertTrue(CaseStatus.xpass.failsRun)
        XCTAssertFalse(CaseStatus.xfail.failsRun)
    }

    func testTransportFailureFails() {
        let verdict = CaseJudge(strict: false, expectations: Expectations())
            .judge(.failure(.timedOut(seconds: 1)), test: valid) { _ in nil }
        XCTAssertEqual(verdict.status, .fail)
        XCTAssertTrue(verdict.reason.contains("did not answer within 1.0 s"))
    }

    func testExpectationsFileParsingNamesTheProblem() throws {
        let parsed = try Expectations(
            json: Array(#"{"disabled":{"wirecore/base64/*":"not in scope"},"errorMap":{"E1":"bad-padding"}}"#.utf8))
        XCTAssertEqual(parsed.disabledReason(for: "wirecore/base64/std-padded-strict/space"), "disabled: not in scope")
        XCTAssertEqual(parsed.mapError("E1"), "bad-padding")
        XCTAssertThrowsError(try Expectations(json: Array(#"{"disabled":{"a":""}}"#.utf8))) {
            XCTAssertTrue("\($0)".contains("disabled[\"a\"]"))
        }
        XCTAssertThrowsError(try Expectations(json: Array(#"{"disable":{}}"#.utf8))) {
            XCTAssertTrue("\($0)".contains("unknown key 'disable'"))
        }
    }

    func testSelectionGlobs() {
        XCTAssertTrue(CaseSelection.matches("wirecore", "wirecore/base64/x"))
        XCTAssertFalse(CaseSelection.matches("wire", "wirecore/base64/x"))
        XCTAssertTrue(CaseSelection.matches("*/base64/*-go/*", "wirecore/base64/url-raw-go/space"))
        XCTAssertFalse(CaseSelection.matches("*/base64/*-go/*", "wirecore/base64/url-raw-strict/space"))
        let selection = CaseSelection(only: ["wirecore/base64"], skip: ["*/space"], flags: ["Padding"])
        XCTAssertNil(selection.exclusionReason(id: "wirecore/base64/a/b", flags: ["Padding"], bugTypes: []))
        XCTAssertNotNil(selection.exclusionReason(id: "wirecore/base64/a/space", flags: ["Padding"], bugTypes: []))
        XCTAssertNotNil(selection.exclusionReason(id: "wirecore/base64/a/b", flags: ["Alphabet"], bugTypes: []))
        XCTAssertNotNil(selection.exclusionReason(id: "wirecore/query-encoding/a", flags: ["Padding"], bugTypes: []))
    }
}
