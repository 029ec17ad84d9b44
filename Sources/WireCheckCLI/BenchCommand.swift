import ArgumentParser
import ConformanceKit
import Foundation
import WireCore

/// `wirecheck bench`: decoder throughput next to the reference points a user would compare with.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure codec and protocol throughput and write reports/bench/<run-name>.{json,md}.",
        discussion: Families.all.all.compactMap { family in family.bench.map { "\(family.name): \($0.summary)." } }.joined(separator: " ")
            + """
             Each figure is the median of --samples samples of at least --sample-seconds each, all in one run. Build with \
            -c release for meaningful numbers.
            Example: .build/release/wirecheck bench --suite all
            """)

    @Option(help: "A family name (\(Families.all.all.filter { $0.bench != nil }.map(\.name).joined(separator: ", "))) or all.")
    var suite = "all"
    @Option(help: "Bytes of random data to encode and then decode (wirecore).") var size = 1 << 20
    @Option(help: "Samples per decoder; the median is reported.") var samples = 5
    @Option(help: "Minimum seconds per sample.") var sampleSeconds = 0.3
    @Option(help: "Folder for the results.") var output = "reports/bench"
    @Flag(help: "Print the results as JSON on stdout.") var json = false
    @Option(help: "Run only the cases whose name contains this text.") var only: String?
    @Option(
        help: """
            Run exactly this many iterations of each case, once, instead of timed samples: a fixed amount of work for \
            callgrind, perf or valgrind's allocation count (scripts/bench/allocations.sh).
            """)
    var iterations: Int?

    struct Measurement {
        var name: String
        var inputBytes: Int
        /// MB/s for codecs, operations per second for protocol steps.
        var rate: Double
        var unit: String
    }

    /// Runs `iteration` repeatedly for --samples samples and returns the median rate of `units(iterations)` per second.
    func median(_ units: (Int) -> Double, _ iteration: () -> Int) -> Double {
        var rates: [Double] = []
        for _ in 0..<(iterations == nil ? samples : 1) {
            var count = 0
            var sink = 0
            let clock = ContinuousClock()
            let start = clock.now
            var elapsed = 0.0
            repeat {
                sink &+= iteration()
                count += 1
                let duration = clock.now - start
                elapsed = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            } while iterations.map { count < $0 } ?? (elapsed < sampleSeconds)
            precondition(sink != Int.min)
            rates.append(units(count) / elapsed)
        }
        return rates.sorted()[rates.count / 2]
    }

    func run() throws {
        let names = Families.all.all.filter { $0.bench != nil }.map(\.name)
        guard suite == "all" || names.contains(suite) else {
            throw ValidationError("--suite must be \(names.joined(separator: ", ")) or all")
        }
        var results: [Measurement] = []
        for family in Families.all.all where suite == "all" || family.name == suite {
            guard let bench = family.bench else { continue }
            let cases: [BenchCase]
            do { cases = try bench.makeCases(size) } catch { throw exitHarness("\(family.name) benchmarks could not be set up: \(error)") }
            for benchCase in cases where only.map({ benchCase.name.contains($0) }) ?? true {
                let rate = median(benchCase.units, benchCase.iteration)
                // Operations also in ns/op, the unit per-call costs are usually quoted in.
                let perOperation = benchCase.unit == .operationsPerSecond ? String(format: "  (%.0f ns/op)", 1e9 / rate) : ""
                Console().message(
                    String(format: "%-64@ %12.1f %@", benchCase.name as NSString, rate, benchCase.unit.rawValue as NSString) + perOperation)
                results.append(
                    Measurement(name: benchCase.name, inputBytes: benchCase.inputBytes, rate: rate, unit: benchCase.unit.rawValue))
            }
        }
        try write(results)
    }

    private func write(_ results: [Measurement]) throws {
        let runName = RunName.make(kind: "bench-\(suite)", under: output)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        let document: JSONValue = [
            "runName": .string(runName), "harnessVersion": .string(Harness.version), "build": .string(build),
            "decodedBytes": .int(Int64(size)), "samples": .int(Int64(samples)),
            "results": .array(
                results.map {
                    [
                        "name": .string($0.name), "inputBytes": .int(Int64($0.inputBytes)), "unit": .string($0.unit),
                        "rate": .double(($0.rate * 10).rounded() / 10),
                    ]
                }),
        ]
        var markdown =
            "# \(runName)\n\nwirecheck \(Harness.version), \(build) build, median of \(samples) samples of at least \(sampleSeconds) s, "
            + "all in one run.\n\n| measurement | input bytes | rate | unit |\n|---|---:|---:|---|\n"
        for result in results {
            markdown += "| \(result.name) | \(result.inputBytes) | \(String(format: "%.1f", result.rate)) | \(result.unit) |\n"
        }
        try (JSONWriter.pretty(document) + "\n").write(toFile: "\(output)/\(runName).json", atomically: true, encoding: .utf8)
        try markdown.write(toFile: "\(output)/\(runName).md", atomically: true, encoding: .utf8)
        if json { JSONOutput.print(document) } else { print(markdown) }
    }
}
