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
public protocol VectorSuite: JudgedSuite {
    /// Builds the suite's file; must be deterministic.
    func generate() -> VectorFile
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
    /// Whether the spec lets an implementation accept or refuse this input (`wirecheck fuzz` judges an input
    /// where either verdict conforms as an `acceptable` case); `.unknown` by default.
    func ambiguity(of input: JSONObject, in group: TestGroup) -> InputAmbiguity
    /// Raw inputs for the fuzz targets' seed corpora.
    func corpusSeeds(from file: VectorFile) -> [CorpusSeed]
}

extension VectorSuite {
    /// No layers.
    public func fuzzLayers(of kind: GroupKind) -> [FuzzLayer] { [] }

    /// No generators.
    public func fuzzGenerators(of kind: GroupKind) -> [FuzzGenerator] { [] }

    /// No declared limits.
    public func fuzzLimits(of kind: GroupKind, params: JSONObject) -> [Int] { [] }

    /// No rule: an input is as ambiguous as the vector case it was made from.
    public func ambiguity(of input: JSONObject, in group: TestGroup) -> InputAmbiguity { .unknown }

    /// The reference's result as it stands.
    public func expected(fromReference result: JSONObject, in group: TestGroup) -> JSONObject { result }
}
