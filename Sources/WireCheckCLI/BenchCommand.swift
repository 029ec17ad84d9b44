import ArgumentParser
import ConformanceKit
import Foundation
import WireCore

/// `wirecheck bench`: decoder throughput next to the reference points a user would compare with.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure codec and protocol throughput and write reports/bench/<run-name>.{json,md}.",
        discussion: benchSets.map { "\($0.name): \($0.set.summary)." }.joined(separator: " ")
            + """
             Each figure is the median of --samples samples of at least --sample-seconds each, with the slowest and \
            fastest sample as its spread, all in one run; a suite's cases are sampled in turns (one sample of each per \
            round), so a protocol step and the floor next to it see the same machine. A row with a floor also gets its \
            time over the floor's ("× floor"): the median of the ratios of the two samples of each round, which a slow \
            spell of the machine moves far less than the ratio of the medians. --compare reads an earlier run's \
            JSON and adds, per row, the ratio of this median to that one (above 1: faster now). After the samples, each \
            row's heap allocations per iteration (per decode of its input, or per operation) are counted in the process \
            (calls of malloc, calloc, realloc and the aligned forms; not with --iterations). Build with -c release for \
            meaningful numbers.
            Example: wirecheck bench --suite cdev --compare reports/bench/<earlier>.json
            """)

    /// Every family's benchmarks, then `wirecheck fuzz`'s (`--suite fuzz`).
    static let benchSets: [(name: String, set: BenchSet)] =
        Families.all.all.compactMap { family in family.bench.map { (family.name, $0) } } + [("fuzz", FuzzBench.set)]

    @Option(help: "A family name (\(benchSets.map(\.name).joined(separator: ", "))) or all.")
    var suite = "all"
    @Option(help: "Bytes of random data to encode and then decode (wirecore).") var size = 1 << 20
    @Option(help: "Samples per decoder; the median is reported.") var samples = 5
    @Option(help: "Minimum seconds per sample.") var sampleSeconds = 0.3
    @Option(help: "Folder for the results.") var output = "reports/bench"
    @Flag(help: "Print the results as JSON on stdout.") var json = false
    @Option(help: ArgumentHelp("An earlier run's JSON: report each row's ratio to it.", valueName: "FILE")) var compare: String?
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
        /// MB/s for codecs, operations per second for protocol steps: the median sample.
        var rate: Double
        /// The slowest and the fastest sample, in the same unit.
        var min: Double
        var max: Double
        var unit: String
        /// This median over the median of the same row in --compare's run.
        var ratio: Double?
        /// The floor's name, and this row's time over the floor's (the median over the rounds); nil
        /// when the row has no floor or its floor was not measured in this run.
        var floor: (name: String, times: Double)?
        /// Heap allocations (malloc, calloc, realloc, aligned forms) per iteration: per decode or operation;
        /// nil with --iterations (a fixed amount of work for profilers) or when they cannot be counted.
        var allocations: Double?
    }

    /// One sample: runs `iteration` for at least --sample-seconds (or exactly --iterations times) and
    /// returns how many `units` per second that was.
    func sample(_ benchCase: BenchCase) -> Double {
        var count = 0
        var sink = 0
        let clock = ContinuousClock()
        let start = clock.now
        var elapsed = 0.0
        repeat {
            sink &+= benchCase.iteration()
            count += 1
            let duration = clock.now - start
            elapsed = duration.inSeconds
        } while iterations.map { count < $0 } ?? (elapsed < sampleSeconds)
        precondition(sink != Int.min)
        return benchCase.units(count) / elapsed
    }

    /// The sample rates of each case, round by round. Samples are taken in rounds, one of every case
    /// per round, so a slow spell of this shared machine lowers a protocol step and its floor alike and
    /// the ratio between them holds.
    func sampledRates(_ cases: [BenchCase]) -> [[Double]] {
        var rates = Array(repeating: [Double](), count: cases.count)
        for _ in 0..<(iterations == nil ? samples : 1) {
            for (index, benchCase) in cases.enumerated() { rates[index].append(sample(benchCase)) }
        }
        return rates
    }

    /// A case's time over its floor's: per round, the floor's rate over the case's (both rates count
    /// the same operations or bytes), then the median of the rounds.
    static func timesFloor(_ rounds: [Double], floor: [Double]) -> Double? {
        let ratios = zip(rounds, floor).compactMap { rate, floorRate in rate > 0 ? floorRate / rate : nil }.sorted()
        return ratios.isEmpty ? nil : ratios[ratios.count / 2]
    }

    /// The medians of an earlier run's JSON by row name.
    func previousMedians() throws -> [String: Double] {
        guard let compare else { return [:] }
        guard let text = try? String(contentsOfFile: compare, encoding: .utf8),
            let rows = (try? JSONParser.parse(text))?["results"]?.arrayValue
        else { throw ValidationError("--compare: \(compare) is not the JSON of a wirecheck bench run") }
        var medians: [String: Double] = [:]
        for row in rows {
            if let name = row["name"]?.stringValue, let rate = row["rate"]?.doubleValue ?? row["rate"]?.intValue.map(Double.init) {
                medians[name] = rate
            }
        }
        return medians
    }

    func run() throws {
        let names = Self.benchSets.map(\.name)
        guard suite == "all" || names.contains(suite) else {
            throw ValidationError("--suite must be \(names.joined(separator: ", ")) or all")
        }
        let previous = try previousMedians()
        var results: [Measurement] = []
        for (name, bench) in Self.benchSets where suite == "all" || name == suite {
            let cases: [BenchCase]
            do { cases = try bench.makeCases(size) } catch { throw exitHarness("\(name) benchmarks could not be set up: \(error)") }
            let selected = cases.filter { benchCase in only.map { benchCase.name.contains($0) } ?? true }
            let rounds = sampledRates(selected)
            for (benchCase, caseRounds) in zip(selected, rounds) {
                let rates = caseRounds.sorted()
                let rate = rates[rates.count / 2]
                // Only a floor measured in this run (--only may leave it out), in the same unit.
                let floor = selected.firstIndex { $0.name == benchCase.floor && $0.unit == benchCase.unit }.flatMap { index in
                    Self.timesFloor(caseRounds, floor: rounds[index]).map { (name: selected[index].name, times: $0) }
                }
                let ratio = previous[benchCase.name].flatMap { $0 > 0 ? rate / $0 : nil }
                // Operations also in ns/op, the unit per-call costs are usually quoted in.
                let perOperation = benchCase.unit == .operationsPerSecond ? String(format: "  (%.0f ns/op)", 1e9 / rate) : ""
                // Counted after the samples, apart from them: counting costs a shared atomic add per allocation.
                let allocations = iterations == nil ? AllocationCount.perIteration(benchCase, rate: rate) : nil
                Console().message(
                    String(
                        format: "%-64@ %12.1f %@ [%.1f–%.1f]", benchCase.name as NSString, rate, benchCase.unit.rawValue as NSString,
                        rates.first!, rates.last!) + perOperation
                        + (allocations.map { String(format: "  %.1f allocs/iteration", $0) } ?? "")
                        + (floor.map { String(format: "  %.3f× floor", $0.times) } ?? "")
                        + (ratio.map { String(format: "  %.2f× previous", $0) } ?? ""))
                results.append(
                    Measurement(
                        name: benchCase.name, inputBytes: benchCase.inputBytes, rate: rate, min: rates.first!, max: rates.last!,
                        unit: benchCase.unit.rawValue, ratio: ratio, floor: floor, allocations: allocations))
            }
        }
        try write(results)
    }

    static func tenth(_ value: Double) -> Double { (value * 10).rounded() / 10 }

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
            "compare": compare.map { .string($0) } ?? .null,
            "results": .array(
                results.map {
                    var row: JSONObject = [
                        "name": .string($0.name), "inputBytes": .int(Int64($0.inputBytes)), "unit": .string($0.unit),
                        "rate": .double(Self.tenth($0.rate)), "min": .double(Self.tenth($0.min)), "max": .double(Self.tenth($0.max)),
                    ]
                    if let allocations = $0.allocations { row["allocationsPerIteration"] = .double(Self.tenth(allocations)) }
                    if let ratio = $0.ratio { row["ratioToCompare"] = .double((ratio * 1000).rounded() / 1000) }
                    if let floor = $0.floor {
                        row["floor"] = .string(floor.name)
                        row["timesFloor"] = .double((floor.times * 1000).rounded() / 1000)
                    }
                    return .object(row)
                }),
        ]
        var markdown =
            "# \(runName)\n\nwirecheck \(Harness.version), \(build) build, median of \(samples) samples of at least \(sampleSeconds) s, "
            + "all in one run; min and max are the slowest and fastest sample; × floor is the row's time over its floor's "
            + "(the median of the per-round ratios); allocs is heap allocations (malloc, calloc, realloc, aligned) per iteration, "
            + "that is per decode of the input or per operation, counted after the samples"
            + (compare.map { "; ratio = this median / the median in `\($0)` (above 1: faster now)" } ?? "") + ".\n\n"
            + "| measurement | input bytes | median | min | max | unit | allocs | × floor |\(compare == nil ? "" : " ratio |")\n"
            + "|---|---:|---:|---:|---:|---|---:|---:|\(compare == nil ? "" : "---:|")\n"
        for result in results {
            let ratio = compare == nil ? "" : " \(result.ratio.map { String(format: "%.2f×", $0) } ?? "new") |"
            let figures = [result.rate, result.min, result.max].map { String(format: "%.1f", $0) }.joined(separator: " | ")
            let floor = result.floor.map { String(format: "%.3f×", $0.times) } ?? ""
            let allocations = result.allocations.map { String(format: "%.1f", $0) } ?? ""
            markdown += "| \(result.name) | \(result.inputBytes) | \(figures) | \(result.unit) | \(allocations) | \(floor) |\(ratio)\n"
        }
        try (JSONWriter.pretty(document) + "\n").write(toFile: "\(output)/\(runName).json", atomically: true, encoding: .utf8)
        try markdown.write(toFile: "\(output)/\(runName).md", atomically: true, encoding: .utf8)
        if json { JSONOutput.print(document) } else { print(markdown) }
    }
}
