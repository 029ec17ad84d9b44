import Foundation
import WireCore

/// A fuzz run's findings as vector files: one file per suite, `<dir>/<suite id>.json`, in the
/// `Vectors/` format with the suite's own id, so `wirecheck vectors verify --vectors <dir>` runs them
/// as regression cases (each expects the reference's answer).
public enum FuzzFindings {
    /// The case id of a finding: the id of the case it was made from (so an expectations file's globs over
    /// it apply), `fuzz-`, the implementation's label with several, and a hash of the request.
    public static func id(of finding: DifferentialFuzzer.Finding) -> String {
        let label = finding.implementation.isEmpty ? "" : "\(finding.implementation)-"
        let hash = VectorGenerator.fnv1a(Array(finding.input.request.line.utf8)).prefix(12)
        return "\(finding.input.seed.id)/fuzz-\(label)\(hash)"
    }

    /// The findings as vector files, by suite id; `sources` are the vector files the seeds came from
    /// (for the spec reference and the notes of the seeds' flags); `reproducer` makes a case's rerun command.
    public static func files(
        _ findings: [DifferentialFuzzer.Finding], sources: [VectorFile], reproducer: (String) -> String
    ) -> [VectorFile] {
        let cases = findings.map { finding in
            var test = finding.input.testCase(id: id(of: finding), expected: finding.reference)
            test.comment += "; \(finding.verdict.reason.prefix(300)); rerun: \(reproducer(test.id))"
            return (finding.input, test)
        }
        return vectorFiles(
            cases, sources: sources,
            header: "Findings of `wirecheck fuzz`: inputs on which the implementation and the reference disagreed, minimised. "
                + "Each case expects the reference's answer; run them with `wirecheck vectors verify --vectors DIR`.")
    }

    /// Fuzz inputs as vector files, one per suite, each case in a group of its own (its params are its
    /// own); the notes of the fuzz flags and of the seeds' flags come along.
    static func vectorFiles(_ cases: [(input: FuzzCase, test: TestCase)], sources: [VectorFile], header: String) -> [VectorFile] {
        let bySuite = Dictionary(grouping: cases, by: { $0.input.suite.id })
        return bySuite.keys.sorted().compactMap { suiteID in
            guard let source = sources.first(where: { $0.suite == suiteID }) else { return nil }
            let ofSuite = bySuite[suiteID]!
            var notes: [String: VectorFile.Note] = [:]
            for mutation in FuzzMutation.allCases { notes[mutation.rawValue] = mutation.note }
            for (_, test) in ofSuite {
                for flag in test.flags where notes[flag] == nil { notes[flag] = source.notes[flag] }
            }
            let groups = ofSuite.map { input, test in
                TestGroup(type: input.kind.type, op: input.kind.op, params: input.params, tests: [test])
            }
            return VectorFile(format: source.format, suite: suiteID, spec: source.spec, header: [header], notes: notes, testGroups: groups)
        }
    }

    /// Writes `files` below `directory` (`<suite id>.json`); returns the paths.
    public static func write(_ files: [VectorFile], to directory: String) throws -> [String] {
        try files.map { file in
            let path = "\(directory)/\(file.suite).json"
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(file.fileContents.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    /// A finding as a report line.
    public static func result(
        _ finding: DifferentialFuzzer.Finding, implementation: String, reproducer: String
    ) -> CaseResult {
        let test = finding.input.testCase(id: id(of: finding), expected: finding.reference)
        var result = CaseResult(
            kind: .vector, suite: finding.input.suite.id, format: finding.input.suite.format, id: test.id, tcId: 0, flags: test.flags,
            spec: test.spec, expectedResult: test.result, expectedError: test.error, actualResult: finding.verdict.actualResult,
            actualError: finding.verdict.actualError, actualOutput: finding.verdict.output, status: finding.verdict.status,
            reason: "\(finding.verdict.reason) (\(finding.count) input(s) like it; \(finding.input.comment))", durationMs: 0,
            implementation: implementation, vectorsVersion: Harness.vectorsVersion, reproducer: reproducer,
            stderr: finding.outcome.stderr)
        var answer: JSONObject? = nil
        if case .success(.success(let object)) = finding.outcome.response { answer = object }
        result.detail = FailureDetail(
            input: test.input, expected: test.expected, expectedError: test.error,
            actual: VectorRunner.describe(finding.outcome.response), actualResult: answer,
            comparedAsWritten: finding.input.suite.comparesAsWritten(finding.input.group))
        return result
    }
}
