import Foundation

/// `summary.md` and the console summary: counts per format and status, the failures with their
/// reproducers, and the spec-coverage table.
public struct SummaryReport {
    let report: RunReport

    /// The summary of `report`.
    public init(report: RunReport) { self.report = report }

    static let columns: [CaseStatus] = [.pass, .fail, .xfail, .xpass, .skip, .unimplemented]

    /// The per-format table, as Markdown (also readable on a terminal).
    public var table: String {
        var rows = [
            "| format | " + Self.columns.map(\.rawValue).joined(separator: " | ") + " | total |",
            "|---|" + String(repeating: "---:|", count: Self.columns.count + 1),
        ]
        for format in report.formats where !filteredAway({ $0.format == format }) {
            rows.append(row(format, report.counts { $0.format == format }))
        }
        rows.append(row("**all**", report.counts()))
        return rows.joined(separator: "\n")
    }

    /// Whether every case of a group was left out by the run's filters: such rows are not shown.
    private func filteredAway(_ include: (CaseResult) -> Bool) -> Bool {
        report.results.filter(include).allSatisfy { $0.status == .skip && !$0.reason.hasPrefix("disabled") }
    }

    private func row(_ label: String, _ counts: [CaseStatus: Int]) -> String {
        "| \(label) | " + Self.columns.map { String(counts[$0] ?? 0) }.joined(separator: " | ")
            + " | \(counts.values.reduce(0, +)) |"
    }

    /// The contents of `summary.md`.
    public var markdown: String {
        var out = "# WireCheck run \(report.runName)\n\n"
        out += "- harness: wirecheck \(Harness.version)\n"
        out += "- vectors: \(report.vectorsVersion)\n"
        out += "- implementation under test: \(report.implementation)\n"
        out += "- random seed: \(report.seed ?? "none (every input is fixed by the vectors)")\n"
        out += "- started: \(JUnitReport.timestamp(report.startedAt))Z\n"
        out += "- verdict: \(report.verdict)\n"
        if let throughput = report.throughput { out += "- throughput: \(throughput)\n" }
        if let leftOut = report.leftOutLine { out += "- \(leftOut)\n" }
        out += "\n"
        out += "## Results per format\n\n\(table)\n\n"
        out += "## Per suite\n\n| suite | " + Self.columns.map(\.rawValue).joined(separator: " | ") + " | total |\n"
        out += "|---|" + String(repeating: "---:|", count: Self.columns.count + 1) + "\n"
        for suite in report.suites where !filteredAway({ $0.suite == suite }) {
            out += row(suite, report.counts { $0.suite == suite }) + "\n"
        }
        let hidden = report.suites.filter { suite in filteredAway { $0.suite == suite } }
        if !hidden.isEmpty { out += "\n\(hidden.count) suite(s) left out by the selection: \(hidden.joined(separator: ", ")).\n" }
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
                out += "- **\(finding.severity!.rawValue)** `\(finding.id)`: \(Self.inline(finding.reason))\n"
                out += "  - reproducer: `\(finding.reproducer)`\n"
            }
        }
        out += "\n## Spec coverage\n\nCases executed per spec section (SKIP and UNIMPLEMENTED are not counted).\n\n"
        out += "| spec section | cases | passed |\n|---|---:|---:|\n"
        for (section, cases, passed) in report.specCoverage { out += "| \(section) | \(cases) | \(passed) |\n" }
        return out
    }

    /// Spec sections in reading order: numbers compare as numbers, so `FlowDown 2` comes before
    /// `FlowDown 10` and `cdev 4.2` before `cdev 4.10`.
    static func sectionOrder(_ a: String, _ b: String) -> Bool {
        func parts(_ text: String) -> [(String, Int)] {
            var result: [(String, Int)] = []
            var word = ""
            var number = ""
            for character in text {
                if character.isNumber {
                    number.append(character)
                } else {
                    if !number.isEmpty || (character == "." && !word.isEmpty) {
                        result.append((word, Int(number) ?? -1))
                        word = ""
                        number = ""
                    }
                    if character != "." { word.append(character) }
                }
            }
            result.append((word, Int(number) ?? -1))
            return result
        }
        for (x, y) in zip(parts(a), parts(b)) where x != y {
            return x.0 != y.0 ? x.0 < y.0 : x.1 < y.1
        }
        return parts(a).count < parts(b).count
    }

    static func inline(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
    }
}
