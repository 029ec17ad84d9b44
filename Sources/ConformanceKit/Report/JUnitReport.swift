import Foundation

/// `junit.xml`: one `testsuite` per vector suite, every `testcase` with `name` (the case id) and
/// `classname` (the suite), failures carrying the message and the reproducer.
struct JUnitReport {
    let report: RunReport

    var xml: String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let total = report.results.count
        let failures = report.failures.count
        let skipped = report.results.filter { $0.status == .skip || $0.status == .unimplemented }.count
        let time = report.results.reduce(0) { $0 + $1.durationMs } / 1000
        out +=
            "<testsuites name=\"wirecheck \(Self.escape(report.runName))\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"0\" "
            + "skipped=\"\(skipped)\" time=\"\(Self.seconds(time))\">\n"
        for suite in report.suites {
            let cases = report.results.filter { $0.suite == suite }
            let suiteFailures = cases.filter { $0.status.failsRun }.count
            let suiteSkipped = cases.filter { $0.status == .skip || $0.status == .unimplemented }.count
            let suiteTime = cases.reduce(0) { $0 + $1.durationMs } / 1000
            out +=
                "  <testsuite name=\"\(Self.escape(suite))\" tests=\"\(cases.count)\" failures=\"\(suiteFailures)\" errors=\"0\" "
                + "skipped=\"\(suiteSkipped)\" time=\"\(Self.seconds(suiteTime))\" "
                + "timestamp=\"\(Self.timestamp(report.startedAt))\">\n"
            out += "    <properties>\n"
            for (name, value) in [
                ("implementation", report.implementation), ("vectorsVersion", report.vectorsVersion),
                ("harnessVersion", Harness.version), ("seed", report.seed ?? "none"),
            ] {
                out += "      <property name=\"\(name)\" value=\"\(Self.escape(value))\"/>\n"
            }
            out += "    </properties>\n"
            for result in cases {
                let classname = result.suite.replacingOccurrences(of: "/", with: ".")
                out +=
                    "    <testcase name=\"\(Self.escape(result.id))\" classname=\"\(Self.escape(classname))\" "
                    + "time=\"\(Self.seconds(result.durationMs / 1000))\""
                switch result.status {
                case .fail, .xpass:
                    out += ">\n      <failure message=\"\(Self.escape(result.reason))\" type=\"\(result.status.rawValue)\">"
                    let detail = result.detail.map { "\n\($0.text)" } ?? ""
                    out += Self.escape("\(result.reason)\(detail)\nreproducer: \(result.reproducer)")
                    out += "</failure>\n"
                    if !result.stderr.isEmpty { out += "      <system-err>\(Self.escape(result.stderr))</system-err>\n" }
                    out += "    </testcase>\n"
                case .skip, .unimplemented:
                    out +=
                        ">\n      <skipped message=\"\(Self.escape("\(result.status.rawValue): \(result.reason)"))\"/>\n    </testcase>\n"
                case .xfail:
                    out += ">\n      <system-out>\(Self.escape("XFAIL: \(result.reason)"))</system-out>\n    </testcase>\n"
                case .pass:
                    out += "/>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    static func seconds(_ value: Double) -> String { String(format: "%.6f", value) }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// Escapes for attributes and text; characters XML 1.0 cannot carry become U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
