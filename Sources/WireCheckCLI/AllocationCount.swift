import CAllocationCount
import ConformanceKit

/// Heap allocations per iteration of a bench case, counted in this process by the executable's own
/// malloc, calloc, realloc and aligned forms (CAllocationCount): the figure valgrind gave in
/// `scripts/bench/allocations.sh`, now a column of every bench row.
enum AllocationCount {
    /// Allocations made while `body` runs (by any thread).
    static func during(_ body: () -> Void) -> UInt64 {
        wirecheck_count_allocations(1)
        defer { wirecheck_count_allocations(0) }
        let start = wirecheck_allocations()
        body()
        return wirecheck_allocations() - start
    }

    /// Whether allocations are seen at all: an array the Swift runtime allocates must be counted. If a
    /// build or platform ever resolves malloc elsewhere, the column is left out rather than showing 0.
    static let works: Bool = {
        var sink = 0
        let counted = during {
            // A size the optimiser cannot know, so the array is not moved to the stack.
            let bytes = [UInt8](repeating: 1, count: Int.random(in: 64...128))
            sink &+= bytes.count
        }
        precondition(sink > 0)
        return counted >= 1
    }()

    /// The mean allocations of one iteration of `benchCase`, over enough iterations to take about 50 ms
    /// at `rate` (the case's median, in its unit) and at most 1,000. The case has already run during
    /// the samples, so one-time set-up (caches, lazy tables) is not counted.
    static func perIteration(_ benchCase: BenchCase, rate: Double) -> Double? {
        guard works else { return nil }
        let perSecond = rate / benchCase.units(1)
        let iterations = max(1, min(1000, Int(0.05 * perSecond)))
        var sink = 0
        let counted = during {
            for _ in 0..<iterations { sink &+= benchCase.iteration() }
        }
        precondition(sink != Int.min)
        return Double(counted) / Double(iterations)
    }
}
