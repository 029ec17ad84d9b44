import ConformanceKit

/// A failed case, described the way `wirecheck vectors verify` reports it.
public struct ConformanceFailure: Error, CustomStringConvertible, Sendable {
    /// The case id.
    public let id: String
    /// FAIL or XPASS.
    public let status: CaseStatus
    /// Why.
    public let reason: String
    /// The input, expected and actual values (truncated like the CLI's report).
    public let detail: FailureDetail?
    /// Whether `id` is a case that `WireCheckCases(id)` runs again (not so for a selection that matched nothing).
    let rerunnable: Bool

    init(_ result: CaseResult) {
        id = result.id
        status = result.status
        reason = result.reason
        detail = result.detail
        rerunnable = true
    }

    /// A failure that is not one case's answer: a selection that tests nothing, a case the vectors lost.
    init(id: String, reason: String) {
        self.id = id
        status = .fail
        self.reason = reason
        detail = nil
        rerunnable = false
    }

    public var description: String {
        var lines = ["\(status.rawValue) \(id): \(reason)"]
        if let detail {
            lines.append("    input:    \(detail.input)")
            lines.append("    expected: \(detail.expected)")
            lines.append("    actual:   \(detail.actual)")
            if let firstDifference = detail.firstDifference { lines.append("    first difference at \(firstDifference)") }
            lines += detail.hexDiffs.map { "    \($0)" }
        }
        if rerunnable { lines.append("    rerun: WireCheckCases(\"\(id)\")") }
        return lines.joined(separator: "\n")
    }
}
