/// A family's benchmarks: each measured case beside the floor it is compared with (raw crypto,
/// Foundation, libsodium), all built from the same inputs in one run.
public struct BenchSet: Sendable {
    /// What `--size` means for this family, for `--help`.
    public let summary: String
    /// Builds the cases; `size` is the number of bytes the codec benchmarks decode.
    public let makeCases: @Sendable (_ size: Int) throws -> [BenchCase]

    /// A set described by `summary`.
    public init(summary: String, makeCases: @escaping @Sendable (_ size: Int) throws -> [BenchCase]) {
        self.summary = summary
        self.makeCases = makeCases
    }
}

/// One benchmark: an iteration to repeat and how much work one iteration is.
/// Not `Sendable`: a benchmark runs on the thread that built it.
public struct BenchCase {
    /// The unit of a rate.
    public enum Unit: String, Sendable {
        /// Megabytes of input per second.
        case megabytesPerSecond = "MB/s"
        /// Operations per second.
        case operationsPerSecond = "op/s"
    }

    /// The row name in the report.
    public let name: String
    /// The size of one iteration's input.
    public let inputBytes: Int
    /// The unit the rate is given in.
    public let unit: Unit
    /// The name of the case in the same set this one is measured against (the crypto it cannot
    /// avoid, or what a user would otherwise pick); the report gives this case's time over the floor's.
    public let floor: String?
    /// One iteration; its result is summed so the work cannot be optimised away.
    public let iteration: () -> Int
    /// How many operations one iteration is (a batch of fuzz inputs is several).
    public let operationsPerIteration: Int

    /// A case; `iteration` should return the same positive value each time it succeeds.
    public init(
        _ name: String, inputBytes: Int, unit: Unit, floor: String? = nil, operationsPerIteration: Int = 1,
        iteration: @escaping () -> Int
    ) {
        self.name = name
        self.inputBytes = inputBytes
        self.unit = unit
        self.floor = floor
        self.operationsPerIteration = operationsPerIteration
        self.iteration = iteration
    }

    /// How many units (MB or operations) `iterations` iterations are.
    public func units(_ iterations: Int) -> Double {
        switch unit {
        case .megabytesPerSecond: Double(inputBytes * iterations) / 1e6
        case .operationsPerSecond: Double(iterations * operationsPerIteration)
        }
    }
}
