import Dispatch
import Foundation
import Synchronization
import WireCore

/// One `wirecheck fuzz` run over several jobs (`--jobs N`: N fuzzers, each with its own shims, on as
/// many threads) and one shard of a campaign spread over machines (`--shard I/N`). Every job of every
/// shard draws from its own random stream, fixed by the seed, the shard and the job, so the machines of
/// a CI matrix do not repeat each other and each rerun with the same arguments repeats itself. Findings
/// are merged by key (the first job to report one keeps it); counters are summed.
public final class FuzzCampaign {
    /// Which part of a campaign this run is: `index` of `count`, from 0.
    public struct Shard: Sendable, Equatable {
        /// This shard, from 0.
        public var index: Int
        /// How many shards the campaign has.
        public var count: Int
        /// The whole campaign.
        public static let whole = Shard(index: 0, count: 1)

        /// Shard `index` of `count`.
        public init(index: Int, count: Int) {
            precondition(count >= 1 && (0..<count).contains(index), "shard \(index) of \(count)")
            self.index = index
            self.count = count
        }

        /// `I/N` as `--shard` takes it (I from 0), or nil when it is not one.
        public init?(parsing text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (0..<count).contains(index) else {
                return nil
            }
            self.init(index: index, count: count)
        }
    }

    /// The jobs' fuzzers, in job order.
    public let fuzzers: [DifferentialFuzzer]
    /// Distinct findings kept over all jobs.
    private let maxFindings: Int
    /// The campaign's wall-clock time, once run.
    private var seconds: Double? = nil

    /// `implementations(job)` starts job `job`'s implementations (the shims of one job are used by it alone).
    public init(
        families: ProtocolFamilies, files: [VectorFile], jobs: Int, shard: Shard, options: DifferentialFuzzer.Options,
        implementations: (Int) throws -> [(label: String, implementation: any ImplementationUnderTest)]
    ) rethrows {
        precondition(jobs >= 1, "no job")
        // The budget of the whole run (10,000 inputs when no limit is given) is shared: the first jobs take the remainder.
        let cases = options.cases ?? (options.seconds == nil ? DifferentialFuzzer.defaultCases : nil)
        var fuzzers: [DifferentialFuzzer] = []
        for job in 0..<jobs {
            var jobOptions = options
            jobOptions.seed = Self.stream(seed: options.seed, shard: shard, job: job)
            jobOptions.cases = cases.map { $0 / jobs + (job < $0 % jobs ? 1 : 0) }
            jobOptions.maxNovel = max(1, options.maxNovel / jobs)
            fuzzers.append(
                DifferentialFuzzer(families: families, files: files, implementations: try implementations(job), options: jobOptions))
        }
        self.fuzzers = fuzzers
        maxFindings = options.maxFindings
    }

    /// The seed of one job's stream: the run's seed itself for job 0 of shard 0 (so one job, one shard
    /// is the plain run of that seed), a SplitMix64 step away from it for every other. The stream number
    /// does not depend on how many jobs a shard runs, so shards with different `--jobs` never share one.
    public static func stream(seed: UInt64, shard: Shard, job: Int) -> UInt64 {
        let stream = UInt64(shard.index) << 20 | UInt64(job)
        guard stream > 0 else { return seed }
        var z = seed &+ stream &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Runs every job to its end; `progress` gets the summed counters and finding count, at most once a
    /// second, from whichever job just finished a batch.
    public func run(progress: @escaping @Sendable (DifferentialFuzzer.Statistics, Int) -> Void = { _, _ in }) {
        let latest = Mutex(
            (
                statistics: [DifferentialFuzzer.Statistics](repeating: .init(), count: fuzzers.count),
                findings: [Int](repeating: 0, count: fuzzers.count), reported: 0.0
            ))
        let started = ContinuousClock.now
        // A thread per job, however many cores there are: a job mostly waits for its shim, so more jobs than
        // cores is a fair choice (concurrentPerform would run them a core's worth at a time).
        // Each fuzzer (and its shims) is used by exactly one thread.
        nonisolated(unsafe) let fuzzers = fuzzers
        let group = DispatchGroup()
        for job in fuzzers.indices {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                fuzzers[job].run { statistics, findings in
                    let report: (DifferentialFuzzer.Statistics, Int)? = latest.withLock { state in
                        state.statistics[job] = statistics
                        state.findings[job] = findings
                        let sum = state.statistics.dropFirst().reduce(state.statistics[0], +)
                        guard sum.seconds - state.reported >= 1 else { return nil }
                        state.reported = sum.seconds
                        return (sum, state.findings.reduce(0, +))
                    }
                    if let report { progress(report.0, report.1) }
                }
            }
            thread.start()
        }
        group.wait()
        seconds = (ContinuousClock.now - started).inSeconds
    }

    /// The counters of every job together; the time is the campaign's, and the novel inputs are counted once.
    public var statistics: DifferentialFuzzer.Statistics {
        var sum = fuzzers.dropFirst().reduce(fuzzers[0].statistics) { $0 + $1.statistics }
        if let seconds { sum.seconds = seconds }
        sum.novel = novel.count
        return sum
    }

    /// The findings of every job, one per key, in job order then the order found, at most `maxFindings`;
    /// a key several jobs found counts all their inputs.
    public var findings: [DifferentialFuzzer.Finding] {
        var merged: [DifferentialFuzzer.Finding] = []
        var index: [String: Int] = [:]
        for fuzzer in fuzzers {
            for finding in fuzzer.findings {
                if let at = index[finding.key] {
                    merged[at].count += finding.count
                } else if merged.count < maxFindings {
                    index[finding.key] = merged.count
                    merged.append(finding)
                }
            }
        }
        return merged
    }

    /// The novel inputs of every job, without repeats of one signature.
    public var novel: [(input: FuzzCase, reference: Result<JSONObject, ShimError>)] {
        var seen = Set<String>()
        return fuzzers.flatMap(\.novel).filter { seen.insert(DifferentialFuzzer.signature(of: $0.input, reference: $0.reference)).inserted }
    }

    /// How many vector cases seed each job.
    public var seedCount: Int { fuzzers[0].seedCount }
}
