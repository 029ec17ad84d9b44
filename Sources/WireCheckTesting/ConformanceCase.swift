import ConformanceKit
import Testing
import WireCheckFamilies
import WireCore

/// One vector case, for a parameterised test: Swift Testing names each argument by its
/// `description`, the case's stable id.
public struct ConformanceCase: Sendable, CustomStringConvertible {
    /// The case's stable id (`cdev/tokens/validate-expired`).
    public let id: String
    /// The suite it belongs to (`cdev/tokens`).
    public let suite: String
    /// Its flags.
    public let flags: [String]
    /// The shim op the case calls (`cdev.validate`).
    public let op: String
    /// The ops of every case the same `WireCheckCases` call selected, to tell a run that tests nothing.
    let selectionOps: Set<String>
    /// How many cases that call selected.
    let selectionCount: Int
    /// The globs of that call that matched no case; set only on the one case that reports them.
    let unmatched: [String]

    public var description: String { id }

    /// Runs this case against `implementation`; throws a `ConformanceFailure` (whose description is the whole
    /// report: id, reason, input, expected, actual, first difference) when it fails. `strict` also compares error
    /// classes; `expectations` is the CLI's `--expect` file (`Expectations(contentsOf:)`).
    ///
    /// Nothing passes without being tested: a case whose op the implementation does not provide is recorded as a
    /// known issue ("not implemented"), visible in the test's result and the run's summary; a glob of
    /// `WireCheckCases` that matches no case fails; and when the implementation lists none of the selected cases'
    /// ops (an `OpTable`, or a `supportedOps`), every case fails unless `allowEmpty` is true.
    public func check(
        _ implementation: some Implementation, strict: Bool = false, expectations: Expectations = Expectations(),
        allowEmpty: Bool = false
    ) throws(ConformanceFailure) {
        if let problem = emptySelectionProblem(
            unmatched: unmatched, count: selectionCount, ops: selectionOps, implementation: implementation, allowEmpty: allowEmpty)
        {
            throw ConformanceFailure(id: id, reason: problem)
        }
        let results = ConformanceRun.run(
            implementation, selection: CaseSelection(only: [id]), strict: strict, expectations: expectations,
            files: ConformanceVectors.files.filter { $0.suite == suite })
        guard let result = results.first(where: { $0.id == id }) else {
            throw ConformanceFailure(id: id, reason: "the vectors have no case \(id) any more")
        }
        if result.status == .unimplemented {
            let reason = "\(op) is not implemented by \(implementation.name): \(id) was not tested"
            withKnownIssue(Comment(rawValue: reason)) { throw ConformanceFailure(result) }
        } else if result.status.failsRun {
            throw ConformanceFailure(result)
        }
    }
}

/// The cases whose ids match any of `globs` (`*` crosses `/`; a suite id such as `cdev/tokens`
/// selects its cases), in file order: `@Test(arguments: WireCheckCases("cdev/*"))`. Globs that match nothing
/// add one case that fails, naming them (Swift Testing would otherwise pass a test with no arguments).
public func WireCheckCases(_ globs: String...) -> [ConformanceCase] {
    let selected = SelectedCases(globs)
    let ops = selected.ops
    var cases = selected.entries.map {
        ConformanceCase(
            id: $0.id, suite: $0.suite, flags: $0.flags, op: $0.op, selectionOps: ops, selectionCount: selected.entries.count,
            unmatched: [])
    }
    if !selected.unmatched.isEmpty {
        let name = "no case matches " + selected.unmatched.map { "'\($0)'" }.joined(separator: ", ")
        cases.append(
            ConformanceCase(id: name, suite: "", flags: [], op: "", selectionOps: [], selectionCount: 0, unmatched: selected.unmatched))
    }
    return cases
}
