/// What a run's filters and expectations file name, checked against the loaded vectors before
/// anything runs, so a typo cannot turn into a run that tests nothing and exits 0 (reports/README.md):
/// a filter value that names no known flag, bug type or case is an error; an expectations entry
/// that matches no case is a warning (an error with `--strict`); so are duplicate case ids.
public struct SelectionCheck: Sendable {
    /// Problems that stop the run (exit 2).
    public var errors: [String] = []
    /// Problems reported on stderr; the run goes on.
    public var warnings: [String] = []

    /// Checks `selection` and `expectations` against `files`.
    public init(files: [VectorFile], selection: CaseSelection, expectations: Expectations, strict: Bool) {
        let cases = files.flatMap { file in file.allTests.map { (file: file, test: $0.test) } }
        var seen: [String: String] = [:]
        for (file, test) in cases {
            if let first = seen[test.id] {
                errors.append("case id \(test.id) appears twice (suites \(first) and \(file.suite)); ids must be unique")
            }
            seen[test.id] = file.suite
        }
        let ids = cases.map(\.test.id)
        for pattern in selection.only where !ids.contains(where: { CaseSelection.matches(pattern, $0) }) {
            errors.append("--only \(pattern) matches no case (see `wirecheck vectors list` or `verify --list`)")
        }
        for pattern in selection.skip where !ids.contains(where: { CaseSelection.matches(pattern, $0) }) {
            errors.append("--skip \(pattern) matches no case")
        }
        let flags = Set(files.flatMap(\.notes.keys))
        for flag in selection.flags where !flags.contains(flag) {
            errors.append("--flag \(flag) is not a flag of these vectors; the flags are \(flags.sorted().joined(separator: ", "))")
        }
        let bugTypes = Set(files.flatMap { $0.notes.values.map(\.bugType) })
        for bugType in selection.bugTypes where !bugTypes.contains(bugType) {
            errors.append(
                "--bug-type \(bugType.rawValue) is the bug type of no flag in these vectors; used: "
                    + bugTypes.map(\.rawValue).sorted().joined(separator: ", "))
        }
        var stale: [String] = []
        for id in expectations.expectedFailures.keys.sorted() where !ids.contains(id) {
            stale.append("expectedFailures \(id) matches no case")
        }
        for entry in expectations.disabled where !ids.contains(where: { CaseSelection.matches(entry.pattern, $0) }) {
            stale.append("disabled \(entry.pattern) matches no case")
        }
        for entry in expectations.acceptable where !ids.contains(where: { CaseSelection.matches(entry.pattern, $0) }) {
            stale.append("acceptable \(entry.pattern) matches no case")
        }
        if strict {
            errors += stale.map { "expectations: \($0) (an error with --strict)" }
        } else {
            warnings += stale.map { "expectations: \($0)" }
        }
        if errors.isEmpty {
            if selection.selectedIDs(in: files, expectations: expectations).isEmpty, !cases.isEmpty {
                errors.append("the selection matches no case: every case is filtered out or disabled")
            }
            if cases.isEmpty { errors.append("the vectors folder holds no case") }
        }
    }
}
