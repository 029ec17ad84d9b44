import ConformanceKit
import Foundation
import WireCheckFamilies
import WireCore

// libFuzzer calls LLVMFuzzerInitialize once, then LLVMFuzzerTestOneInput per input. The environment says
// what to fuzz:
//   WIRECHECK_SHIM       the implementation's shim command (run with /bin/sh -c); without it the reference
//                        is checked against itself in process, which only exercises the harness
//   WIRECHECK_OPS        ops to fuzz, comma-separated globs or families (default: every op the shim lists)
//   WIRECHECK_STRICT     1: also require the error class of refused inputs (`--strict`)
//   WIRECHECK_TIMEOUT    seconds the shim may take for one input (default 10)
//   WIRECHECK_VECTORS    a Vectors/ folder to start from (default: the suites of the chosen ops generate their
//                        files in process, as `wirecheck vectors generate` does, which takes a while under ASan)
//   WIRECHECK_CORPUS_OUT write the seed corpus (one file per vector case and string argument) there and exit
// A variable not in the environment is read from `<this executable>.conf` when it exists: KEY=VALUE lines,
// where {here} stands for the executable's folder (ClusterFuzzLite and OSS-Fuzz run a target with no way to
// set its environment, and mount the build output elsewhere than where it was built).
// A disagreement prints the input as a vector case and aborts, so libFuzzer keeps the input as a crash.

/// The settings: the environment first, then the .conf file beside the executable.
func settings() -> [String: String] {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    var values: [String: String] = [:]
    if let text = try? String(contentsOf: executable.appendingPathExtension("conf"), encoding: .utf8) {
        let here = executable.deletingLastPathComponent().path
        // isNewline: "\r\n" is one Character, which a split on "\n" would not see.
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespacesAndNewlines)
            values[key] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "{here}", with: here)
        }
    }
    return values.merging(ProcessInfo.processInfo.environment.filter { $0.key.hasPrefix("WIRECHECK_") }) { _, environment in environment }
}

nonisolated(unsafe) var oracle: EngineOracle! = nil

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
)
    -> CInt
{
    let environment = settings()
    let families = WireCheckFamilies.all
    let ops = (environment["WIRECHECK_OPS"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    let files: [VectorFile]
    if let folder = environment["WIRECHECK_VECTORS"], !folder.isEmpty {
        do { files = try VectorLoader.load(directory: folder, suiteOrder: families.suites.map(\.id)) } catch {
            FileHandle.standardError.write(Data("FuzzShimDifferential: cannot read the vectors in \(folder): \(error)\n".utf8))
            exit(2)
        }
    } else {
        // Made here, as `wirecheck vectors generate` makes them, for the chosen ops' suites only: nothing to ship
        // beside the binary.
        let chosen = families.suites.filter { suite in
            ops.isEmpty || suite.groupKinds.contains { kind in ops.contains { DifferentialFuzzer.op(kind.op, matches: $0) } }
        }
        files = chosen.map { $0.generate() }
    }
    let implementation: any ImplementationUnderTest
    if let command = environment["WIRECHECK_SHIM"], !command.isEmpty {
        do {
            implementation = try ShimImplementation(command: command, timeout: Double(environment["WIRECHECK_TIMEOUT"] ?? "") ?? 10)
        } catch {
            FileHandle.standardError.write(Data("FuzzShimDifferential: the shim never answered hello: \(error)\n".utf8))
            exit(2)
        }
    } else {
        implementation = InProcessImplementation(shim: ReferenceShim(table: families.reference))
    }
    let judge = CaseJudge(strict: environment["WIRECHECK_STRICT"] == "1", expectations: Expectations())
    oracle = EngineOracle(families: families, files: files, implementation: implementation, ops: ops, judge: judge)
    guard oracle.seedCount > 0 else {
        FileHandle.standardError.write(Data("FuzzShimDifferential: no vector case of the ops \(ops) that the shim lists\n".utf8))
        exit(2)
    }
    if let directory = environment["WIRECHECK_CORPUS_OUT"], !directory.isEmpty {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (index, bytes) in oracle.corpus().enumerated() {
            FileManager.default.createFile(atPath: "\(directory)/seed-\(index)", contents: Data(bytes))
        }
        FileHandle.standardOutput.write(Data("FuzzShimDifferential: wrote \(oracle.corpus().count) seeds to \(directory)\n".utf8))
        // _exit: LeakSanitizer would count the oracle's live objects at exit as leaks and fail the build step.
        _exit(0)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let disagreement = oracle.check(data) else { return 0 }
    FileHandle.standardError.write(
        Data(
            """
            FuzzShimDifferential: the implementation disagrees with the reference on \(disagreement.input.kind.op):
              \(disagreement.reason)
            As a vector case (a group of Vectors/\(disagreement.input.suite.id).json):
            \(disagreement.vectorCase)

            """.utf8))
    abort()
}
