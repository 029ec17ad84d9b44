import WireCore

/// What `wirecheck fuzz` and the libFuzzer oracle start from, chosen one way for both.
extension FuzzCase {
    /// The vector cases of `files` that seed a run, in file order: those of the ops `ops` selects (globs or
    /// families; all when empty) that every implementation lists, less the cases `expectations` disables.
    /// `skippedOps` are the selected ops some implementation does not list.
    static func seeds(
        in files: [VectorFile], families: ProtocolFamilies, ops: [String], listedBy implementations: [any ImplementationUnderTest],
        expectations: Expectations
    ) -> (seeds: [FuzzCase], skippedOps: [String]) {
        var seeds: [FuzzCase] = []
        var skipped = Set<String>()
        for file in files {
            guard let suite = families.suite(id: file.suite) else { continue }
            for group in file.testGroups {
                guard let kind = suite.kind(of: group) else { continue }
                guard ops.isEmpty || ops.contains(where: { DifferentialFuzzer.op(kind.op, matches: $0) }) else { continue }
                guard implementations.allSatisfy({ $0.supportedOps.contains(kind.op) }) else {
                    skipped.insert(kind.op)
                    continue
                }
                for test in group.tests where expectations.disabledReason(for: test.id) == nil {
                    seeds.append(
                        FuzzCase(
                            suite: suite, kind: kind, params: group.params.objectValue ?? [:], input: test.input.objectValue ?? [:],
                            seed: test))
                }
            }
        }
        return (seeds, skipped.sorted())
    }
}

extension CaseJudge {
    /// This judge for inputs made from vector cases: without `expectedFailures`, since a mutated or
    /// generated input is a new case, whose agreement with the reference must not count as an XPASS.
    var forNewCases: CaseJudge {
        var expectations = expectations
        expectations.expectedFailures = [:]
        return CaseJudge(strict: strict, expectations: expectations)
    }
}
