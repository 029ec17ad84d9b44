import WireCore

/// `wirecheck fuzz`'s oracle for a coverage-guided engine (libFuzzer, and through it ClusterFuzzLite and
/// OSS-Fuzz): the engine's bytes become one input, sent to the implementation and to the reference in
/// process, judged as `wirecheck fuzz` judges. The first two bytes pick a vector case, the third one of
/// its string arguments, and the rest are that argument's new value (bytes for a hex argument, UTF-8 text
/// for the others). The engine's coverage comes from the reference side, which runs in its process: its
/// mutations go where the reference's decoders branch.
public final class EngineOracle {
    /// An input the implementation answered otherwise than the reference.
    public struct Disagreement: Sendable {
        /// The input.
        public let input: FuzzCase
        /// Why the answer fails, as the judge says it.
        public let reason: String
        /// The input as a vector case expecting the reference's answer (one JSON line).
        public let vectorCase: String
    }

    private let families: ProtocolFamilies
    private let implementation: any ImplementationUnderTest
    private let judge: CaseJudge
    private var seeds: [FuzzCase] = []

    /// An oracle seeded with every case of `files` whose op `implementation` lists and `ops` selects (globs
    /// or families, as `--ops`; all when empty).
    public init(
        families: ProtocolFamilies, files: [VectorFile], implementation: any ImplementationUnderTest, ops: [String], judge: CaseJudge
    ) {
        self.families = families
        self.implementation = implementation
        self.judge = judge.forNewCases
        seeds = FuzzCase.seeds(in: files, families: families, ops: ops, listedBy: [implementation], expectations: judge.expectations)
            .seeds.filter { !Self.arguments(of: $0).isEmpty }
    }

    /// How many vector cases the engine's bytes choose from.
    public var seedCount: Int { seeds.count }

    /// The string arguments of a case, in declaration order: (name, in params, hex).
    static func arguments(of input: FuzzCase) -> [(name: String, inParams: Bool, hex: Bool)] {
        (input.kind.params + input.kind.input).compactMap { field in
            if case .string(let text)? = input.params[field.name] { return (field.name, true, JSONMutator.hexBytes(text) != nil) }
            if case .string(let text)? = input.input[field.name] { return (field.name, false, JSONMutator.hexBytes(text) != nil) }
            return nil
        }
    }

    /// The input `data` makes, or nil when it is too short to choose one.
    public func input(from data: [UInt8]) -> FuzzCase? {
        guard data.count >= 3, !seeds.isEmpty else { return nil }
        var input = seeds[(Int(data[0]) << 8 | Int(data[1])) % seeds.count]
        let arguments = Self.arguments(of: input)
        let argument = arguments[Int(data[2]) % arguments.count]
        let bytes = Array(data[3...])
        let value = JSONValue.string(argument.hex ? Hex.encode(bytes) : String(decoding: bytes, as: UTF8.self))
        if argument.inParams { input.params[argument.name] = value } else { input.input[argument.name] = value }
        input.mutations = [.engineBytes]
        input.changedFields = [argument.name]
        return input
    }

    /// Sends the input `data` makes to both sides; a disagreement, or nil when they agree (or the
    /// reference refuses the input as bad-request, so it is not sent).
    public func check(_ data: [UInt8]) -> Disagreement? {
        guard let input = input(from: data) else { return nil }
        let request = input.request
        let reference = families.reference.call(request)
        if DifferentialFuzzer.isMalformed(reference) { return nil }
        let verdict = input.judged(implementation.call(request).response, reference: reference, by: judge).verdict
        guard verdict.status.failsRun else { return nil }
        let test = input.testCase(expected: reference)
        let group = TestGroup(type: input.kind.type, params: input.params, tests: [test])
        return Disagreement(input: input, reason: verdict.reason, vectorCase: JSONWriter().string(group.json))
    }

    /// A seed corpus for the engine: for every case and string argument, the bytes that make it unchanged.
    public func corpus() -> [[UInt8]] {
        seeds.enumerated().flatMap { index, seed in
            Self.arguments(of: seed).enumerated().map { position, argument in
                let text = (argument.inParams ? seed.params[argument.name] : seed.input[argument.name])?.stringValue ?? ""
                let bytes = argument.hex ? JSONMutator.hexBytes(text) ?? [] : Array(text.utf8)
                return [UInt8(index >> 8 & 0xFF), UInt8(index & 0xFF), UInt8(position)] + bytes
            }
        }
    }
}
