import ConformanceKit
import Foundation
import XCTest

/// XCTest: runs every case of `suites` (globs, as `--only`) against `implementation` and records one
/// failure per failing case, with its id, input, expected and actual values, then prints one summary line
/// (passed, failed, expected failures, and the unimplemented cases with their ops). `expectations` is the CLI's
/// `--expect` file, by URL (`Bundle.module.url(forResource:withExtension:)` for one in the test target's
/// resources); `expectationsFile` is the same as a path, relative to the working directory. `vectors` is the vectors
/// folder when not the default (`ConformanceVectors`): on a device, a resource of the test target.
///
/// Nothing passes without being tested: a glob that matches no case fails, and so does a run in which no case
/// was executed (every selected op unimplemented) unless `allowEmpty` is true. Returns the results of the selected
/// cases only, for further assertions.
@discardableResult
public func assertConforms(
    _ implementation: some Implementation, suites: [String] = ["*"], strict: Bool = false, expectations: URL? = nil,
    expectationsFile: String? = nil, allowEmpty: Bool = false, vectors: URL? = nil, file: StaticString = #filePath,
    line: UInt = #line
) -> [CaseResult] {
    let check = ConformanceCheck(
        implementation, suites: suites, strict: strict, expectations: expectations ?? expectationsFile.map { URL(fileURLWithPath: $0) },
        allowEmpty: allowEmpty, vectors: vectors)
    if let summary = check.summary { print(summary) }
    for failure in check.failures { XCTFail(failure, file: file, line: line) }
    return check.results
}

/// What `assertConforms` reports: the results of the selected cases, one failure message per failing case or
/// problem, and the summary line.
struct ConformanceCheck {
    var results: [CaseResult] = []
    var failures: [String] = []
    var summary: String?

    init(_ implementation: some Implementation, suites: [String], strict: Bool, expectations: URL?, allowEmpty: Bool, vectors: URL? = nil) {
        var loaded = Expectations()
        if let expectations {
            do throws(Expectations.Invalid) {
                loaded = try Expectations(contentsOf: expectations)
            } catch {
                failures = ["\(error)"]
                return
            }
        }
        guard !suites.isEmpty else {
            failures = ["assertConforms was given no suite; [\"*\"] selects every case"]
            return
        }
        let set: VectorSet
        switch ConformanceVectors.set(vectors) {
        case .success(let loaded): set = loaded
        case .failure(let failure):
            failures = [failure.message]
            return
        }
        let selected = SelectedCases(suites, in: set)
        if let problem = unmatchedSelectionProblem(selected.unmatched)
            ?? nothingImplementedProblem(
                count: selected.entries.count, ops: selected.ops, implementation: implementation, allowEmpty: allowEmpty)
        {
            failures = [problem]
            return
        }
        results = ConformanceRun.run(implementation, selection: CaseSelection(only: suites), strict: strict, expectations: loaded, in: set)
        failures = results.filter(\.status.failsRun).map { ConformanceFailure($0).description }
        let opOfCase = Dictionary(selected.entries.map { ($0.id, $0.op) }, uniquingKeysWith: { first, _ in first })
        let unimplemented = Set(results.filter { $0.status == .unimplemented }.compactMap { opOfCase[$0.id] }).sorted()
        summary = Self.summary(results, implementation: implementation.name, suites: suites, unimplementedOps: unimplemented)
        if !allowEmpty && !results.contains(where: \.status.wasExecuted) {
            let why =
                unimplemented.isEmpty
                ? "the expectations file disables every one"
                : "\(implementation.name) does not implement \(unimplemented.joined(separator: ", "))"
            failures.append("none of the \(results.count) selected cases was tested: \(why); pass allowEmpty: true if that is meant")
        }
    }

    /// One line of counts: `WireCheckTesting: Mine on cdev/*: 40 passed, 2 failed, 10 not implemented (cdev.mint)`.
    static func summary(_ results: [CaseResult], implementation: String, suites: [String], unimplementedOps: [String]) -> String {
        let counts = Dictionary(grouping: results, by: \.status).mapValues(\.count)
        var parts: [String] = []
        for (status, label) in [
            (CaseStatus.pass, "passed"), (.fail, "failed"), (.xpass, "passed unexpectedly"), (.xfail, "failed as expected"),
            (.skip, "disabled"), (.unimplemented, "not implemented"),
        ] {
            if let count = counts[status], count > 0 { parts.append("\(count) \(label)") }
        }
        if !unimplementedOps.isEmpty { parts[parts.count - 1] += " (\(unimplementedOps.joined(separator: ", ")))" }
        return "WireCheckTesting: \(implementation) on \(suites.joined(separator: " ")): "
            + (parts.isEmpty ? "no case" : parts.joined(separator: ", "))
    }
}
