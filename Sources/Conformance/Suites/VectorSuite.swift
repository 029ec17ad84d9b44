import WireCore

/// The request a case turns into: an operation name and its arguments.
public struct ShimCall: Sendable, Equatable {
    public var op: String
    public var args: JSONObject

    public init(_ op: String, _ args: JSONObject) {
        self.op = op
        self.args = args
    }
}

/// A seed file for a fuzz target's corpus, written by the vector generator.
public struct CorpusSeed: Sendable, Equatable {
    /// `Fuzz<Thing>`, the target whose corpus folder receives the file.
    public var target: String
    public var bytes: [UInt8]

    public init(target: String, bytes: [UInt8]) {
        self.target = target
        self.bytes = bytes
    }
}

/// One vector suite, `Vectors/<format>/<name>.json`: how its cases are generated, how a case is
/// asked of an implementation, and how the answer is judged.
public protocol VectorSuite: Sendable {
    /// `format/name`, e.g. `wirecore/base64`; also the file path below `Vectors/` without `.json`.
    var id: String { get }
    /// JSON Schemas of `input` and `expected` per group type (written to `Vectors/schema/`).
    var groupSchemas: [String: JSONValue] { get }
    /// The reference implementation of the shim operations the suite's cases use.
    var operations: [ShimOperation] { get }

    /// Builds the suite's file; must be deterministic.
    func generate() -> VectorFile
    /// The shim call for one case.
    func call(for test: TestCase, in group: TestGroup) -> ShimCall
    /// Why a successful result does not match the case's `expected`, or nil when it does.
    func mismatch(result: JSONObject, for test: TestCase, in group: TestGroup) -> String?
    /// Raw inputs for the fuzz targets' seed corpora.
    func corpusSeeds(from file: VectorFile) -> [CorpusSeed]
}

extension VectorSuite {
    public var format: String { String(id.split(separator: "/").first ?? "") }

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
