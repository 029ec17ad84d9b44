import Foundation
import WireCore

/// Everything a run produced, and the three files of reports/README.md written from it.
public struct RunReport: Sendable {
    /// `<kind>-YYYYMMDD-HHMMSS`, also the report folder's name.
    public var runName: String
    public var implementation: String
    /// The vectors version of the run.
    public var vectorsVersion: String
    /// The random seed of the run, when one was used.
    public var seed: String?
    /// When the run started.
    public var startedAt: Date
    /// One result per case, in run order.
    public var results: [CaseResult]
    /// Extra files to write beside the report (for example the shim's stderr).
    public var attachments: [String: String] = [:]
    /// Whether a run that executed no case may exit 0 (`--allow-empty`).
    public var allowEmpty = false
    /// Seconds the vector cases took (live checks excluded), when measured.
    public var vectorSeconds: Double? = nil
    /// Vector cases the selection (`--only`, `--skip`, `--flag`, `--bug-type`) left out of the run and its reports.
    public var leftOut = 0
    /// The bug type of each flag of the run's vector files (their notes), for the HTML report's filter.
    public var bugTypes: [String: BugType] = [:]

    /// "N cases left out by the selection", when some were.
    public var leftOutLine: String? {
        leftOut == 0 ? nil : "\(leftOut) case\(leftOut == 1 ? "" : "s") left out by the selection (--only, --skip, --flag, --bug-type)"
    }

    /// Vector cases executed (live checks excluded).
    var executedVectorCases: Int { results.filter { $0.status.wasExecuted && $0.kind == .vector }.count }

    /// Vector cases executed per second, when the time was measured (live checks excluded).
    public var casesPerSecond: Double? {
        guard let vectorSeconds, vectorSeconds > 0 else { return nil }
        return Double(executedVectorCases) / vectorSeconds
    }

    /// `N cases in S s (R cases/s)`, for the summaries.
    public var throughput: String? {
        guard let vectorSeconds, let rate = casesPerSecond else { return nil }
        let cases = executedVectorCases
        return "\(cases) vector cases in \((vectorSeconds * 100).rounded() / 100) s (\(Int(rate.rounded())) cases/s)"
    }

    /// A report of finished results.
    public init(
        runName: String, implementation: String, vectorsVersion: String, seed: String? = nil,
        startedAt: Date, results: [CaseResult]
    ) {
        self.runName = runName
        self.implementation = implementation
        self.vectorsVersion = vectorsVersion
        self.seed = seed
        self.startedAt = startedAt
        self.results = results
    }

    /// 0 without FAIL or XPASS, 1 with (2, a harness error, never gets this far). A run in which
    /// no case was executed (all SKIP or UNIMPLEMENTED) tested nothing: 1 too, unless `allowEmpty`.
    public var exitCode: Int32 {
        if results.contains(where: { $0.status.failsRun }) { return 1 }
        return nothingExecuted && !allowEmpty ? 1 : 0
    }

    /// How many cases the implementation was asked and answered (PASS, FAIL, XFAIL, XPASS).
    public var executedCount: Int { results.filter(\.status.wasExecuted).count }

    /// True when not one case was executed.
    public var nothingExecuted: Bool { executedCount == 0 }

    /// The one-line verdict of the summary and the console.
    public var verdict: String {
        if results.contains(where: { $0.status.failsRun }) { return "FAILURES (exit 1)" }
        if nothingExecuted {
            return allowEmpty
                ? "nothing executed: every case was SKIP or UNIMPLEMENTED (exit 0, --allow-empty)"
                : "NOTHING TESTED: every case was SKIP or UNIMPLEMENTED (exit 1; --allow-empty accepts this)"
        }
        return "conformant on the \(executedCount) case\(executedCount == 1 ? "" : "s") run (exit 0)"
    }

    /// Executed cases (SKIP and UNIMPLEMENTED are not) and how many passed, per spec section, in reading order.
    public var specCoverage: [(section: String, cases: Int, passed: Int)] {
        var coverage: [String: (cases: Int, passed: Int)] = [:]
        for result in results where result.status.wasExecuted {
            for section in result.spec {
                coverage[section, default: (0, 0)].cases += 1
                if result.status == .pass { coverage[section, default: (0, 0)].passed += 1 }
            }
        }
        return coverage.keys.sorted(by: SummaryReport.sectionOrder).map { ($0, coverage[$0]!.cases, coverage[$0]!.passed) }
    }

    /// The FAIL and XPASS results.
    public var failures: [CaseResult] { results.filter { $0.status.failsRun } }

    /// How many results have each status, of those `include` selects.
    public func counts(where include: (CaseResult) -> Bool = { _ in true }) -> [CaseStatus: Int] {
        var counts: [CaseStatus: Int] = [:]
        for result in results where include(result) { counts[result.status, default: 0] += 1 }
        return counts
    }

    /// The formats in first-seen order.
    public var formats: [String] {
        var seen = Set<String>()
        return results.map(\.format).filter { seen.insert($0).inserted }
    }

    /// The suites in first-seen order.
    public var suites: [String] {
        var seen = Set<String>()
        return results.map(\.suite).filter { seen.insert($0).inserted }
    }

    /// The contents of `results.jsonl`.
    public var resultsJSONL: String {
        results.map { JSONWriter.compact($0.json) + "\n" }.joined()
    }

    /// Writes `results.jsonl`, `junit.xml`, `summary.md` (and attachments) into `directory`.
    public func write(to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let files = [
            "results.jsonl": resultsJSONL, "junit.xml": JUnitReport(report: self).xml,
            "summary.md": SummaryReport(report: self).markdown, "index.html": HTMLReport(report: self).html,
        ].merging(attachments) { a, _ in a }
        for (name, contents) in files {
            try contents.write(toFile: "\(directory)/\(name)", atomically: true, encoding: .utf8)
        }
    }
}

/// Run names: `<kind>-YYYYMMDD-HHMMSS` in UTC, unique under `reports/`.
public enum RunName {
    /// A run name not yet used under `parent`.
    public static func make(kind: String, date: Date = Date(), under parent: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let base = "\(kind)-\(formatter.string(from: date))"
        var name = base
        var n = 2
        while FileManager.default.fileExists(atPath: "\(parent)/\(name)") {
            name = "\(base)-\(n)"
            n += 1
        }
        return name
    }
}
