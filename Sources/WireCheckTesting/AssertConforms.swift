import ConformanceKit
import Foundation
import XCTest

/// XCTest: runs every case of `suites` (globs, as `--only`) against `implementation` and records one
/// failure per failing case, with its id, input, expected and actual values. `expectationsFile` is
/// the CLI's `--expect` file (disabled cases, expected failures, error map, acceptable verdicts).
/// Returns the results, for further assertions.
@discardableResult
public func assertConforms(
    _ implementation: some Implementation, suites: [String] = ["*"], strict: Bool = false, expectationsFile: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
) -> [CaseResult] {
    var expectations = Expectations()
    if let expectationsFile {
        guard let data = FileManager.default.contents(atPath: expectationsFile),
            let parsed = try? Expectations(json: Array(data))
        else {
            XCTFail("cannot read the expectations file \(expectationsFile)", file: file, line: line)
            return []
        }
        expectations = parsed
    }
    let selection = CaseSelection(only: suites)
    let results = ConformanceRun.run(implementation, selection: selection, strict: strict, expectations: expectations)
    for result in results where result.status.failsRun {
        XCTFail(ConformanceFailure(result).description, file: file, line: line)
    }
    if !results.contains(where: { $0.status == .pass || $0.status == .xfail }) {
        XCTFail("no case of \(suites) passed or ran: is every op unimplemented?", file: file, line: line)
    }
    return results
}
