import Foundation

/// `summary.md` and the console summary: counts per format and status, the failures with their
/// reproducers, and the spec-coverage table.
public struct SummaryReport {
    let report: RunReport

    public init(report: RunReport) { self.report = report }

    static let columns: [CaseStatus] = [.pass, .fail, .xfail, .xpass, .skip, .unimplemented]

    /// The per-format table, as Markdown (also readable on a terminal).
    public var table: String {
        var rows = [
            "| format | " + Self.columns.map(\.rawValue).joined(separator: " | ") + " | total |",
            "|---|" + String(repeating: "---:|", count: Self.columns.count + 1),
        ]
        for format in report.formats {
            rows.append(row(format, report.counts { $0.format == format }))
        }
        rows.append(row("**all**", report.counts()))
        return rows.joined(separator: "\n")
    }

    private func row(_ label: String, _ counts: [CaseStatus: Int]) -> String {
        "| \(label) | " + Self.columns.map { String(counts[$0] ?? 0) }.joined(separator: " | ")
            + " | \(counts.values.reduce(0, +)) |"
    }

    public var markdown: String {
        var out = "# WireCheck run \(report.runName)\n\n"
        out += "- harness: wirecheck \(Harness.version)\n"
        out += "- vectors: \(report.vectorsVersion)\n"
        out += "- implementation under test: \(report.implementation)\n"
        out += "- random seed: \(report.seed ?? "none (every input is fixed by the vectors)")\n"
        out += "- started: \(JUnitReport.timestamp(report.startedAt))Z\n"
        out += "- verdict: \(report.verdict)\n\n"
        out += "## Results per format\n\n\(table)\n\n"
        out += "## Per suite\n\n| suite | " + Self.columns.map(\.rawValue).joined(separator: " | ") + " | total |\n"
        out += "|---|" + String(repeating: "---:|", count: Self.columns.count + 1) + "\n"
        for suite in report.suites { out += row(suite, report.counts { $0.suite == suite }) + "\n" }
        let failures = report.failures
        out += "\n## Failures (\(failures.count))\n\n"
        if failures.isEmpty { out += "None.\n" }
        for failure in failures {
            out += "- **\(failure.status.rawValue)** `\(failure.id)`: \(Self.inline(failure.reason))\n"
            out += "  - reproducer: `\(failure.reproducer)`\n"
            if let detail = failure.detail {
                out +=
                    "\n  ```\n"
                    + detail.text.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }.joined(separator: "\n")
                    + "\n  ```\n\n"
            }
        }
        let findings = report.results.filter { $0.severity != nil }
        if !findings.isEmpty {
            out += "\n## Findings (\(findings.count))\n\nWeaknesses of the server under test; they do not fail the run.\n\n"
            for finding in findings {
                out += "- **\(finding.severity!)** `\(finding.id)`: \(Self.inline(finding.reason))\n"
                out += "  - reproducer: `\(finding.reproducer)`\n"
            }
        }
        out += "\n## Spec coverage\n\n| spec section | cases | passed |\n|---|---:|---:|\n"
        var coverage: [String: (cases: Int, passed: Int)] = [:]
        for result in report.results {
            for section in result.spec {
                coverage[section, default: (0, 0)].cases += 1
                if result.status == .pass { coverage[section, default: (0, 0)].passed += 1 }
            }
        }
        for section in coverage.keys.sorted() {
            out += "| \(section) | \(coverage[section]!.cases) | \(coverage[section]!.passed) |\n"
        }
        return out
    }

    static func inline(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
    }
}
