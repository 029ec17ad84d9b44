import ConformanceKit
import WireCheckFamilies

/// A run of the conformance runner (the one the CLI uses) over an in-process `Implementation`.
public enum ConformanceRun {
    /// The results of the selected cases of `files` (default: every vector file); the cases the selection leaves
    /// out have no result.
    public static func run(
        _ implementation: some Implementation, selection: CaseSelection = CaseSelection(), strict: Bool = false,
        expectations: Expectations = Expectations(), files: [VectorFile] = ConformanceVectors.files
    ) -> [CaseResult] {
        let runner = VectorRunner(
            implementation: ImplementationAdapter(implementation, allOps: ConformanceVectors.allOps),
            judge: CaseJudge(strict: strict, expectations: expectations), selection: selection, families: WireCheckFamilies.all)
        return runner.run(files: selection.narrowed(files).files)
    }
}
