import Foundation
import WireCore

/// `wirecheck fuzz --corpus DIR`: the inputs worth keeping across runs. An input is kept when the
/// reference answered it in a way no seed and no earlier input did (another error rule, another shape
/// of result: `DifferentialFuzzer.signature`), a stand-in for new reference code reached. The folder
/// holds vector files in the `Vectors/` format, one per suite, each case expecting the reference's
/// answer: the next run starts from them as from vector cases, and `wirecheck vectors verify --vectors DIR`
/// runs them as regression cases.
public enum FuzzCorpus {
    /// Cases kept per suite at most: the oldest stay, so a corpus grows to a bound and then holds.
    public static let maxCasesPerSuite = 5000

    /// The corpus's vector files; none when the folder does not exist yet.
    public static func load(directory: String, suiteOrder: [String]) throws -> [VectorFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else { return [] }
        return try VectorLoader.load(directory: directory, suiteOrder: suiteOrder)
    }

    /// The case id of a kept input: its seed's id (without an earlier `/corpus-…`, when the seed was itself
    /// a corpus case), `corpus-` and a hash of the request.
    static func id(of input: FuzzCase) -> String {
        let seed = input.seed.id.range(of: "/corpus-").map { String(input.seed.id[..<$0.lowerBound]) } ?? input.seed.id
        return "\(seed)/corpus-\(VectorGenerator.fnv1a(Array(input.request.line.utf8)).prefix(12))"
    }

    /// The corpus `existing` with `novel` added, as vector files by suite; `sources` give each suite's
    /// spec and notes. Cases already there (by id) are not added twice.
    public static func files(
        existing: [VectorFile], novel: [(input: FuzzCase, reference: Result<JSONObject, ShimError>)], sources: [VectorFile]
    ) -> [VectorFile] {
        let header =
            "Corpus of `wirecheck fuzz --corpus`: inputs on which the reference answered as no earlier input did. "
            + "Each case expects the reference's answer; the next fuzz run starts from them."
        let fresh = FuzzFindings.vectorFiles(
            novel.map { ($0.input, $0.input.testCase(id: id(of: $0.input), expected: $0.reference)) }, sources: sources, header: header)
        var merged: [VectorFile] = []
        for suite in Set(existing.map(\.suite) + fresh.map(\.suite)).sorted() {
            let old = existing.first { $0.suite == suite }
            guard let new = fresh.first(where: { $0.suite == suite }) else {
                if let old { merged.append(old) }
                continue
            }
            guard let old else {
                merged.append(new)
                continue
            }
            var groups = old.testGroups
            var known = Set(old.allTests.map(\.test.id))
            for group in new.testGroups {
                guard known.count < maxCasesPerSuite, let test = group.tests.first, known.insert(test.id).inserted else { continue }
                groups.append(group)
            }
            // Made again so the case numbers (tcId) run through the whole file.
            merged.append(
                VectorFile(
                    format: old.format, suite: suite, spec: old.spec, header: old.header,
                    notes: old.notes.merging(new.notes) { kept, _ in kept }, testGroups: groups))
        }
        return merged
    }
}
