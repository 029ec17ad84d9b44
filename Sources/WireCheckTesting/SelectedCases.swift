import ConformanceKit
import WireCore

/// What a list of globs selects from the vectors: the cases in file order, each with the op it calls, and the
/// globs that select nothing (a typo must fail the run, not leave it green with nothing tested).
struct SelectedCases {
    /// One selected case and the shim op its group calls.
    struct Entry {
        var id: String
        var suite: String
        var flags: [String]
        var op: String
    }

    var entries: [Entry] = []
    /// The globs that match no case id.
    var unmatched: [String] = []

    /// The ops the selected cases call.
    var ops: Set<String> { Set(entries.map(\.op)) }

    /// The cases of `set` whose ids match any of `globs` (`*` crosses `/`; a suite id selects its cases).
    init(_ globs: [String], in set: VectorSet) {
        var used = Set<String>()
        let suites = Dictionary(set.suites.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for file in set.files {
            for (group, test) in file.allTests {
                let matching = globs.filter { CaseSelection.matches($0, test.id) }
                guard !matching.isEmpty else { continue }
                used.formUnion(matching)
                let op = suites[file.suite]?.kind(of: group)?.op ?? ""
                entries.append(Entry(id: test.id, suite: file.suite, flags: test.flags, op: op))
            }
        }
        unmatched = globs.filter { !used.contains($0) }
    }
}

/// Why a selection is a mistake, or nil: globs that match no case id.
func unmatchedSelectionProblem(_ unmatched: [String]) -> String? {
    guard !unmatched.isEmpty else { return nil }
    return "the selection \(unmatched.map { "'\($0)'" }.joined(separator: ", ")) matches no case id (ids are "
        + "`format/suite/name`, e.g. `cdev/tokens/*`; `wirecheck vectors list` prints them)"
}

/// Why a selection tests nothing, or nil: the implementation lists none of the `count` selected cases' `ops`
/// (accepted with `allowEmpty`). An implementation that lists no ops is asked case by case instead.
func nothingImplementedProblem(count: Int, ops: Set<String>, implementation: some Implementation, allowEmpty: Bool) -> String? {
    guard !allowEmpty, let supported = implementation.supportedOps, supported.isDisjoint(with: ops) else { return nil }
    return "\(implementation.name) implements none of the ops of the \(count) selected cases "
        + "(\(ops.sorted().joined(separator: ", "))): nothing would be tested; pass allowEmpty: true if that is meant"
}
