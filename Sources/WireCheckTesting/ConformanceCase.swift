import ConformanceKit
import Foundation
import Testing

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
    /// The vectors it comes from; nil for the case that reports a selection that could not be made.
    let vectors: VectorSet?
    /// Every case the same `WireCheckCases` call selected (shared by them), to tell a run that tests nothing.
    let selection: SharedSelection
    /// Why that call selected nothing it could run (globs that match no case, vectors that cannot be read); set only
    /// on the one case that reports it.
    let selectionFailure: String?

    public var description: String { id }

    /// Runs this case against `implementation`; throws a `ConformanceFailure` (whose description is the whole
    /// report: id, reason, input, expected, actual, first difference) when it fails. `strict` also compares error
    /// classes; `expectations` is the CLI's `--expect` file (`Expectations(contentsOf:)`).
    ///
    /// Nothing passes without being tested: a case whose op the implementation does not provide is recorded as a
    /// known issue ("not implemented"), visible in the test's result and the run's summary; a glob of
    /// `WireCheckCases` that matches no case fails; and when the implementation lists none of the selected cases'
    /// ops (an `OpTable`, or a `supportedOps`), or lists none and answers `unimplemented` to every selected case,
    /// every case fails unless `allowEmpty` is true.
    public func check(
        _ implementation: some Implementation, strict: Bool = false, expectations: Expectations = Expectations(),
        allowEmpty: Bool = false, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(ConformanceFailure) {
        guard let vectors else { throw ConformanceFailure(id: id, reason: selectionFailure ?? "no vectors") }
        if let problem = nothingImplementedProblem(
            count: selection.count, ops: selection.ops, implementation: implementation, allowEmpty: allowEmpty)
        {
            throw ConformanceFailure(id: id, reason: problem)
        }
        let results = ConformanceRun.run(
            implementation, selection: CaseSelection(only: [id]), strict: strict, expectations: expectations, in: vectors,
            files: vectors.files.filter { $0.suite == suite })
        guard let result = results.first(where: { $0.id == id }) else {
            throw ConformanceFailure(id: id, reason: "the vectors have no case \(id) any more")
        }
        if result.status == .unimplemented {
            // An implementation that lists no ops says what it lacks case by case: run the whole selection once to know
            // whether it tests anything at all, so that a selection of nothing it implements fails here too.
            if !allowEmpty, implementation.supportedOps == nil, !selection.testsAnything(implementation, in: vectors) {
                throw ConformanceFailure(
                    id: id,
                    reason: "\(implementation.name) answered `unimplemented` to every one of the \(selection.count) selected "
                        + "cases (\(selection.ops.sorted().joined(separator: ", "))): nothing was tested; "
                        + "pass allowEmpty: true if that is meant"
                )
            }
            let reason = "\(op) is not implemented by \(implementation.name): \(id) was not tested"
            // Recorded where the test calls `check`, not here.
            let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
            withKnownIssue(Comment(rawValue: reason), sourceLocation: location) { throw ConformanceFailure(result) }
        } else if result.status.failsRun {
            throw ConformanceFailure(result)
        }
    }
}

/// The cases whose ids match any of `globs` (`*` crosses `/`; a suite id such as `cdev/tokens`
/// selects its cases), in file order: `@Test(arguments: WireCheckCases("cdev/*"))`. `vectors` is the vectors
/// folder, when not the default (`ConformanceVectors`): on a device, a resource of the test target.
/// Globs that match nothing, or vectors that cannot be read, give one case that fails saying so (Swift Testing
/// would otherwise pass a test with no arguments).
public func WireCheckCases(_ globs: String..., vectors: URL? = nil) -> [ConformanceCase] {
    func failing(_ name: String, _ reason: String) -> [ConformanceCase] {
        [
            ConformanceCase(
                id: name, suite: "", flags: [], op: "", vectors: nil, selection: SharedSelection(globs: [], count: 0, ops: []),
                selectionFailure: reason)
        ]
    }
    let set: VectorSet
    switch ConformanceVectors.set(vectors) {
    case .success(let loaded): set = loaded
    case .failure(let failure): return failing("the vectors cannot be read", failure.message)
    }
    guard !globs.isEmpty else { return failing("no glob", "WireCheckCases() was given no glob; \"*\" selects every case") }
    let selected = SelectedCases(globs, in: set)
    let selection = SharedSelection(globs: globs, count: selected.entries.count, ops: selected.ops)
    var cases = selected.entries.map {
        ConformanceCase(
            id: $0.id, suite: $0.suite, flags: $0.flags, op: $0.op, vectors: set, selection: selection, selectionFailure: nil)
    }
    if let problem = unmatchedSelectionProblem(selected.unmatched) {
        cases += failing("no case matches " + selected.unmatched.map { "'\($0)'" }.joined(separator: ", "), problem)
    }
    return cases
}
