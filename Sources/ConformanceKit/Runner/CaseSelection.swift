#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which cases a run includes (`--only`, `--skip`, `--flag`, `--bug-type`); ids are matched with
/// shell globs in which `*` also crosses `/`.
public struct CaseSelection: Sendable {
    /// `--only` globs; empty selects everything.
    public var only: [String] = []
    /// `--skip` globs.
    public var skip: [String] = []
    /// `--flag`: a case needs at least one of these.
    public var flags: [String] = []
    /// `--bug-type`: a case needs a flag of one of these.
    public var bugTypes: [BugType] = []

    /// A selection; the defaults select every case.
    public init(only: [String] = [], skip: [String] = [], flags: [String] = [], bugTypes: [BugType] = []) {
        self.only = only
        self.skip = skip
        self.flags = flags
        self.bugTypes = bugTypes
    }

    /// Whether `pattern` selects `id`.
    public static func matches(_ pattern: String, _ id: String) -> Bool {
        // A pattern without wildcards also selects everything below it, so `--only wirecore` works.
        if !pattern.contains(where: { "*?[".contains($0) }) {
            return id == pattern || id.hasPrefix(pattern.hasSuffix("/") ? pattern : pattern + "/")
        }
        return fnmatch(pattern, id, 0) == 0
    }

    /// Nil when `test` of `file` runs under this selection and the expectations' `disabled` entries,
    /// otherwise why it is SKIP. The bug types of a case are those of its flags' notes.
    public func skipReason(for test: TestCase, in file: VectorFile, expectations: Expectations) -> String? {
        exclusionReason(for: test, in: file) ?? expectations.disabledReason(for: test.id)
    }

    /// `files` with only the cases this selection includes (`--only`, `--skip`, `--flag`, `--bug-type`), empty groups
    /// and files dropped, and how many cases were left out. A left-out case is not in any output of the run:
    /// counted as SKIP, it would read as if the implementation had skipped it. Cases `disabled` by an expectations
    /// file stay in: they are the implementation's own SKIPs.
    public func narrowed(_ files: [VectorFile]) -> (files: [VectorFile], leftOut: Int) {
        var leftOut = 0
        let kept = files.compactMap { file -> VectorFile? in
            var copy = file
            copy.testGroups = file.testGroups.compactMap { group in
                var group = group
                group.tests = group.tests.filter { test in
                    let included = exclusionReason(for: test, in: file) == nil
                    if !included { leftOut += 1 }
                    return included
                }
                return group.tests.isEmpty ? nil : group
            }
            return copy.testGroups.isEmpty ? nil : copy
        }
        return (kept, leftOut)
    }

    /// The ids of the cases of `files` that a run executes (`--list`), in run order.
    public func selectedIDs(in files: [VectorFile], expectations: Expectations) -> [String] {
        files.flatMap { file in
            file.allTests.filter { skipReason(for: $0.test, in: file, expectations: expectations) == nil }.map(\.test.id)
        }
    }

    /// Nil when the selection includes `test` of `file`; its bug types are those of its flags' notes.
    func exclusionReason(for test: TestCase, in file: VectorFile) -> String? {
        exclusionReason(id: test.id, flags: test.flags, bugTypes: test.flags.compactMap { file.notes[$0]?.bugType })
    }

    /// Nil when the case is selected, otherwise the reason it is skipped.
    public func exclusionReason(id: String, flags caseFlags: [String], bugTypes caseBugTypes: [BugType]) -> String? {
        if !only.isEmpty, !only.contains(where: { Self.matches($0, id) }) { return "not selected by --only" }
        if let pattern = skip.first(where: { Self.matches($0, id) }) { return "skipped by --skip \(pattern)" }
        if !flags.isEmpty, Set(flags).isDisjoint(with: caseFlags) { return "has none of the flags \(flags.joined(separator: ","))" }
        if !bugTypes.isEmpty, Set(bugTypes).isDisjoint(with: caseBugTypes) {
            return "has none of the bug types \(bugTypes.map(\.rawValue).joined(separator: ","))"
        }
        return nil
    }
}
