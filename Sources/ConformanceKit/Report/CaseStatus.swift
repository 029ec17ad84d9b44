/// How a case ended (reports/README.md, "Statuses").
public enum CaseStatus: String, Sendable, CaseIterable, Codable {
    case pass = "PASS"
    case fail = "FAIL"
    case xfail = "XFAIL"
    case xpass = "XPASS"
    case skip = "SKIP"
    case unimplemented = "UNIMPLEMENTED"

    /// FAIL and XPASS make the run exit 1.
    public var failsRun: Bool { self == .fail || self == .xpass }

    /// Whether the implementation answered the case (not SKIP, not UNIMPLEMENTED).
    public var wasExecuted: Bool { self != .skip && self != .unimplemented }
}
