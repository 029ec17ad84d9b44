import WireCore

/// A suite judged from the vectors alone: its group types are the ones the schemas that ship with the vectors
/// declare (`GroupSchemas`), and its answers are compared member by member as written, except for a group type
/// one of `comparisons` declares, whose own comparison applies (FlowDown's seal, for one, is random and is
/// compared after decoding). This is how `WireCheckTesting` runs every family's cases without linking the
/// families' reference code; a test holds its verdicts to those of the families' own suites.
public struct DeclaredSuite: JudgedSuite {
    /// The suite id, the file's.
    public let id: String
    /// The group types of the file, as the schemas declare them.
    public let groupKinds: [GroupKind]
    /// The suites whose comparison replaces the member-by-member one, by the group type they declare.
    let comparisons: [String: any JudgedSuite]

    /// The suite of `file`, its group types from `schemas`; every group type of the file must be declared there,
    /// with the op the file's groups name.
    public init(file: VectorFile, schemas: GroupSchemas, comparisons: [any JudgedSuite] = []) throws(GroupSchemas.Failure) {
        var kinds: [GroupKind] = []
        for group in file.testGroups where !kinds.contains(where: { $0.type == group.type }) {
            guard let kind = schemas.kinds[group.type] else {
                throw GroupSchemas.Failure(description: "\(file.suite): no schema declares the group type \(group.type)")
            }
            if let op = group.op, op != kind.op {
                throw GroupSchemas.Failure(description: "\(file.suite): a \(group.type) group names op \(op), its schema \(kind.op)")
            }
            kinds.append(kind)
        }
        id = file.suite
        groupKinds = kinds
        var byType: [String: any JudgedSuite] = [:]
        for suite in comparisons {
            for kind in suite.groupKinds where kinds.contains(where: { $0.type == kind.type }) { byType[kind.type] = suite }
        }
        self.comparisons = byType
    }

    /// The comparison of the suite that declares the group type, or every listed member equal.
    public func mismatch(result: JSONObject, for test: TestCase, in group: TestGroup) -> String? {
        guard let suite = comparisons[group.type] else { return defaultMismatch(result: result, expected: test.expected) }
        return suite.mismatch(result: result, for: test, in: group)
    }

    /// As the suite that declares the group type says, or true.
    public func comparesAsWritten(_ group: TestGroup) -> Bool {
        comparisons[group.type]?.comparesAsWritten(group) ?? true
    }
}
