import Foundation
import WireCore

/// Writes every suite's vector file, the JSON Schemas and the fuzz seed corpora.
/// Output is a pure function of the code: running it twice gives byte-identical trees.
public enum VectorGenerator {
    /// What the generator writes.
    public struct Output: Sendable {
        /// Path (relative to the output roots) → contents.
        public var files: [(path: String, bytes: [UInt8])] = []
    }

    /// Everything the generator would write, with paths relative to the repository root.
    public static func render(suites: [any VectorSuite]) -> Output {
        var output = Output()
        func add(_ path: String, _ text: String) { output.files.append((path, Array(text.utf8))) }
        add("Vectors/schema/\(VectorFile.envelopeSchema)", JSONWriter.pretty(SchemaBuilder.envelope) + "\n")
        for suite in suites {
            for kind in suite.groupKinds.sorted(by: { $0.type < $1.type }) {
                add("Vectors/schema/\(kind.type).schema.json", JSONWriter.pretty(kind.schema) + "\n")
            }
            let file = suite.generate().stampingOps(from: suite)
            add("Vectors/\(suite.id).json", file.fileContents)
            var seen = Set<[UInt8]>()
            // Every case's input as compact JSON seeds the JSON parser's corpus (up to 64 KiB: a
            // megabyte seed only slows the fuzzer, which truncates to its -max_len anyway).
            let jsonSeeds = file.allTests.map { CorpusSeed(target: "FuzzJSON", bytes: JSONWriter().bytes($0.test.input)) }
                .filter { $0.bytes.count <= 65_536 }
            for seed in suite.corpusSeeds(from: file) + jsonSeeds where seen.insert([UInt8](seed.target.utf8) + seed.bytes).inserted {
                output.files.append(("Corpus/\(seed.target)/seed-\(fnv1a(seed.bytes))", seed.bytes))
            }
        }
        return output
    }

    /// Writes the rendered files under `root`; returns the paths written.
    @discardableResult
    public static func write(root: String, suites: [any VectorSuite]) throws -> [String] {
        let output = render(suites: suites)
        for (path, bytes) in output.files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.contents(atPath: url.path).map(Array.init) != bytes {
                try Data(bytes).write(to: url)
            }
        }
        return output.files.map(\.path)
    }

    /// The paths under `root` whose contents differ from what the generator writes (or are missing).
    public static func differences(root: String, suites: [any VectorSuite]) -> [String] {
        render(suites: suites).files.compactMap { path, bytes in
            FileManager.default.contents(atPath: "\(root)/\(path)").map(Array.init) == bytes ? nil : path
        }
    }

    /// FNV-1a 64-bit, hex: a stable file name for a corpus seed.
    static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16).leftPadded(to: 16)
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
