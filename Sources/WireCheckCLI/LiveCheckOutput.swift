import ArgumentParser
import ConformanceKit
import Foundation

/// How every `wirecheck check <family>` ends: the report written (to `--report-dir`, or `reports/check-<family>-…`),
/// then the results on stdout, one line each (a finding tagged with its severity), or with `--json` the run summary
/// and the findings; the exit code is the report's.
enum LiveCheckOutput {
    static func finish(
        _ results: [CaseResult], implementation: String, kind: String, started: Date, reportDir: String?, json: Bool
    ) throws {
        let runName = reportDir.map { URL(fileURLWithPath: $0).lastPathComponent } ?? RunName.make(kind: kind, under: "reports")
        let directory = reportDir ?? "reports/\(runName)"
        let report = RunReport(
            runName: runName, implementation: implementation, vectorsVersion: Harness.vectorsVersion, startedAt: started, results: results)
        do { try report.write(to: directory) } catch { throw exitHarness("cannot write the report to \(directory): \(error)") }
        if json {
            var summary = JSONOutput.runSummary(report, directory: directory).objectValue ?? [:]
            summary["findings"] = .array(
                results.compactMap { result in
                    result.severity.map { ["id": .string(result.id), "severity": .string($0.rawValue), "reason": .string(result.reason)] }
                })
            JSONOutput.print(.object(summary))
        } else {
            for result in results {
                let tag = result.severity.map { $0.rawValue.uppercased() } ?? result.status.rawValue
                print("\(tag.padding(toLength: 7, withPad: " ", startingAt: 0)) \(result.id): \(result.reason)")
            }
            print(SummaryReport(report: report).table)
            print("report: \(directory)/index.html (and results.jsonl, junit.xml, summary.md)")
        }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}
