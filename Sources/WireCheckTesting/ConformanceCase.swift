import ConformanceKit
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

    public var description: String { id }

    /// Runs this case against `implementation`; throws a `ConformanceFailure` (whose description is
    /// the whole report: id, reason, input, expected, actual) when it fails. An unimplemented op, a
    /// disabled case or an expected failure does not throw. `strict` also compares error classes.
    public func check(
        _ implementation: some Implementation, strict: Bool = false, expectations: Expectations = Expectations()
    ) throws(ConformanceFailure) {
        let results = ConformanceRun.run(
            implementation, selection: CaseSelection(only: [id]), strict: strict, expectations: expectations,
            files: ConformanceVectors.files.filter { $0.suite == suite })
        for result in results where result.id == id && result.status.failsRun {
            throw ConformanceFailure(result)
        }
    }
}

/// The cases whose ids match any of `globs` (`*` crosses `/`; a suite id such as `cdev/tokens`
/// selects its cases), in file order: `@Test(arguments: WireCheckCases("cdev/*"))`.
public func WireCheckCases(_ globs: String...) -> [ConformanceCase] {
    return ConformanceVectors.files.flatMap { file in
        file.allTests.compactMap { _, test in
            globs.contains { CaseSelection.matches($0, test.id) }
                ? ConformanceCase(id: test.id, suite: file.suite, flags: test.flags) : nil
        }
    }
}
