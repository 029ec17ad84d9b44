import WireCore

/// A seed file for a fuzz target's corpus, written by the vector generator.
public struct CorpusSeed: Sendable, Equatable {
    /// `Fuzz<Thing>`, the target whose corpus folder receives the file.
    public var target: String
    /// The file's bytes.
    public var bytes: [UInt8]

    /// A seed for `target`.
    public init(target: String, bytes: [UInt8]) {
        self.target = target
        self.bytes = bytes
    }
}

/// One vector suite, `Vectors/<format>/<name>.json`: how its cases are generated, which group
/// types they use (and so which ops), and how an answer is compared with a case's `expected`.
public protocol VectorSuite: Sendable {
    /// `format/name`, e.g. `wirecore/base64`; also the file path below `Vectors/` without `.json`.
    var id: String { get }
    /// The group types of the suite's file, each declared once; their ops are in the family's `OpTable`.
    var groupKinds: [GroupKind] { get }

    /// Builds the suite's file; must be deterministic.
    func generate() -> VectorFile
    /// Why a successful result does not match the case's `expected`, or nil when it does.
    func mismatch(result: JSONObject, for test: TestCase, in group: TestGroup) -> String?
    /// Whether `mismatch` compares a group's answers member by member with `expected` as written (the default),
    /// so that a failure's first differing JSON member is the difference; false where the suite decodes or
    /// verifies instead (a random seal, a plist compared as models), and its own reason is the one to read.
    func comparesAsWritten(_ group: TestGroup) -> Bool
    /// The `expected` a case of `group` would have, made from the reference's result for it (`wirecheck
    /// fuzz` judges an input against it); by default the result itself.
    func expected(fromReference result: JSONObject, in group: TestGroup) -> JSONObject
    /// The structures inside a group type's arguments that `wirecheck fuzz` may change and seal again
    /// (`FuzzLayer`); none by default.
    func fuzzLayers(of kind: GroupKind) -> [FuzzLayer]
    /// Makers of new valid inputs of a group type (`FuzzGenerator`) for `wirecheck fuzz`; none by default.
    func fuzzGenerators(of kind: GroupKind) -> [FuzzGenerator]
    /// The limits the format of these arguments declares (lengths, counts, ranges): `wirecheck fuzz` moves
    /// strings and integers to them and one step past; none by default.
    func fuzzLimits(of kind: GroupKind, params: JSONObject) -> [Int]
    /// Raw inputs for the fuzz targets' seed corpora.
    func corpusSeeds(from file: VectorFile) -> [CorpusSeed]
}

extension VectorSuite {
    /// The suite's format, the part of its id before `/`.
    public var format: String { String(id.split(separator: "/").first ?? "") }

    /// The declaration of a group's type, when this suite declares it.
    public func kind(of group: TestGroup) -> GroupKind? { groupKinds.first { $0.type == group.type } }

    /// The declaration of `type`; a suite asks only for its own types, so a miss is a programming error.
    public func kind(_ type: String) -> GroupKind {
        guard let kind = groupKinds.first(where: { $0.type == type }) else { preconditionFailure("\(id) declares no group type \(type)") }
        return kind
    }

    /// No layers.
    public func fuzzLayers(of kind: GroupKind) -> [FuzzLayer] { [] }

    /// No generators.
    public func fuzzGenerators(of kind: GroupKind) -> [FuzzGenerator] { [] }

    /// No declared limits.
    public func fuzzLimits(of kind: GroupKind, params: JSONObject) -> [Int] { [] }

    /// The reference's result as it stands.
    public func expected(fromReference result: JSONObject, in group: TestGroup) -> JSONObject { result }

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
