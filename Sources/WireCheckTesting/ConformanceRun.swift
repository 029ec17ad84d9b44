import ConformanceKit
import Foundation

/// A run of the conformance runner (the one the CLI uses) over an in-process `Implementation`.
public enum ConformanceRun {
    /// The results of the selected cases of the vectors in `vectors` (default: `ConformanceVectors.directory`); the
    /// cases the selection leaves out have no result. A folder that cannot be read throws the reason: where it looked,
    /// how that place was chosen, and how to give another (it stopped the program).
    public static func run(
        _ implementation: some Implementation, selection: CaseSelection = CaseSelection(), strict: Bool = false,
        expectations: Expectations = Expectations(), vectors: URL? = nil
    ) throws(VectorLoadFailure) -> [CaseResult] {
        run(implementation, selection: selection, strict: strict, expectations: expectations, in: try ConformanceVectors.set(vectors).get())
    }

    /// The results of the selected cases of `set` (of `files` of it, when given).
    static func run(
        _ implementation: some Implementation, selection: CaseSelection, strict: Bool, expectations: Expectations, in set: VectorSet,
        files: [VectorFile]? = nil
    ) -> [CaseResult] {
        let runner = VectorRunner(
            implementation: ImplementationAdapter(implementation, allOps: set.ops),
            judge: CaseJudge(strict: strict, expectations: expectations), selection: selection, suites: set.suites)
        // A case runs again in a test, not through the CLI.
        return runner.run(files: selection.narrowed(files ?? set.files).files).map { result in
            var result = result
            result.reproducer = "WireCheckCases(\"\(result.id)\")"
            return result
        }
    }
}
