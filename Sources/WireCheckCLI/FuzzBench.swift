import ConformanceKit
import Foundation
import WireCore

/// `wirecheck bench --suite fuzz`: `wirecheck fuzz`'s speed on three ops, through this binary's own
/// pipelined `wirecheck shim`, each beside the shim round trip of the same inputs as its floor. The whole
/// loop's time over the floor says what fuzzing costs beyond talking to the shim; the reference side's
/// (making inputs, answering them in process, judging) at or below 1× floor means the harness is not
/// the bottleneck: a shim as fast as the reference's is.
enum FuzzBench {
    /// The ops measured: a cheap decoder, a MACed token and public-key crypto, from 5,000 to 500 inputs/s and more
    /// through a fast shim on two cores.
    static let ops = ["wirecore.base64Decode", "cdev.validate", "nanotdf.decrypt"]
    /// Inputs per iteration: one pipelined batch, as `wirecheck fuzz` sends them by default.
    static let batch = 128

    /// Answers every request at once with an empty result: the reference side measured alone.
    final class Instant: ImplementationUnderTest {
        let supportedOps: Set<String>
        init(ops: Set<String>) { supportedOps = ops }
        var name: String { "instant" }
        var reproducerPrefix: String { "" }
        func call(_ request: ShimRequest) -> CallOutcome { CallOutcome(response: .success(.success(JSONObject())), stderr: "") }
    }

    static let set = BenchSet(summary: "wirecheck fuzz through this binary's own shim, beside the shim round trip") { _ in
        let families = Families.all
        // The vectors as the generator makes them: the bench needs no Vectors/ folder.
        let files = families.suites.map { $0.generate() }
        let command = ShellQuote.quote(URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path) + " shim"
        var cases: [BenchCase] = []
        for op in ops {
            let shim = try ShimImplementation(command: command, timeout: 30)
            var options = DifferentialFuzzer.Options()
            options.ops = [op]
            options.batchSize = batch
            // Findings are counted, never minimised: the loop's cost is what is measured.
            options.maxFindings = 0
            let loop = DifferentialFuzzer(families: families, files: files, implementation: shim, options: options)
            let alone = DifferentialFuzzer(
                families: families, files: files, implementation: Instant(ops: shim.supportedOps), options: options)
            let requests = DifferentialFuzzer(families: families, files: files, implementation: shim, options: options).requests(
                count: batch)
            let floor = "\(op): shim round trip of \(batch) such inputs, pipelined (wirecheck shim)"
            cases += [
                BenchCase(
                    "\(op): fuzz inputs made, answered, sent and judged", inputBytes: 0, unit: .operationsPerSecond, floor: floor,
                    operationsPerIteration: batch
                ) { loop.step(upTo: batch) },
                BenchCase(
                    "\(op): the reference side alone (made, answered in process, judged)", inputBytes: 0, unit: .operationsPerSecond,
                    floor: floor, operationsPerIteration: batch
                ) { alone.step(upTo: batch) },
                BenchCase(floor, inputBytes: 0, unit: .operationsPerSecond, operationsPerIteration: batch) {
                    shim.call(batch: requests).count
                },
            ]
        }
        return cases
    }
}
