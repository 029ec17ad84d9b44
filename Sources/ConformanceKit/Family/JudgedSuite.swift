import WireCore

/// What running and judging a suite's cases needs: its group types (each with the op its cases call and the
/// fields of their results) and how an answer is compared with a case's `expected`. Every `VectorSuite` is one;
/// so is a `DeclaredSuite`, read from a vector file and its schemas, which `WireCheckTesting` judges with.
public protocol JudgedSuite: Sendable {
    /// `format/name`, e.g. `wirecore/base64`; also the file path below `Vectors/` without `.json`.
    var id: String { get }
    /// The suite's group types, each declared once.
    var groupKinds: [GroupKind] { get }
    /// Why a successful result does not match the case's `expected`, or nil when it does.
    func mismatch(result: JSONObject, for test: TestCase, in group: TestGroup) -> String?
    /// Whether `mismatch` compares a group's answers member by member with `expected` as written (the default),
    /// so that a failure's first differing JSON member is the difference; false where the suite decodes or
    /// verifies instead (a random seal, a plist compared as models), and its own reason is the one to read.
    func comparesAsWritten(_ group: TestGroup) -> Bool
}

extension JudgedSuite {
    /// The suite's format, the part of its id before `/`.
    public var format: String { String(id.split(separator: "/").first ?? "") }

    /// The declaration of a group's type, when this suite declares it.
    public func kind(of group: TestGroup) -> GroupKind? { groupKinds.first { $0.type == group.type } }

    /// The declaration of `type`; a suite asks only for its own types, so a miss is a programming error.
    public func kind(_ type: String) -> GroupKind {
        guard let kind = groupKinds.first(where: { $0.type == type }) else { preconditionFailure("\(id) declares no group type \(type)") }
        return kind
    }

    /// Answers are compared with `expected` as written.
    public func comparesAsWritten(_ group: TestGroup) -> Bool { true }

    /// By default every key of `expected` must be in the result with an equal value.
    public func mismatch(result: JSONObject, for test: TestCase, in group: TestGroup) -> String? {
        defaultMismatch(result: result, expected: test.expected)
    }
}

/// Every key of `expected` must be in the result with an equal value; extra result keys are ignored.
public func defaultMismatch(result: JSONObject, expected: JSONValue) -> String? {
    guard let expected = expected.objectValue else { return nil }
    for (key, value) in expected {
        guard let actual = result[key] else { return "result has no '\(key)' (expected \(value))" }
        if actual != value { return "'\(key)' is \(actual), expected \(value)" }
    }
    return nil
}
