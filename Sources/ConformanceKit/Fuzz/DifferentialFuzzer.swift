import Foundation
import WireCore

/// Differential fuzzing of an implementation against the reference (`wirecheck fuzz`): vector cases
/// with one to three arguments mutated (through the group types' declared fields), answered by the
/// implementation and by the reference in process, and judged as the vector case the reference's
/// answer makes of them. A disagreement is a finding, minimised and written as a vector case. With two
/// implementations (`--against`) each is judged so: the reference breaks their ties.
public final class DifferentialFuzzer {
    /// What to run and how long.
    public struct Options: Sendable {
        /// The seed of every random choice: a run is reproducible from it (with the same vectors and shim).
        public var seed: UInt64 = 1
        /// Stop after this many seconds.
        public var seconds: Double? = nil
        /// Stop after this many inputs sent.
        public var cases: Int? = nil
        /// Fuzz only ops matching one of these globs (all when empty).
        public var ops: [String] = []
        /// The judge (`--strict`, `--expect`).
        public var judge = CaseJudge(strict: false, expectations: Expectations())
        /// Inputs written to the implementation ahead of its answers.
        public var batchSize = 128
        /// Distinct findings kept (further ones are counted, not kept, so memory stays bounded).
        public var maxFindings = 100
        /// Calls one finding's minimisation may make.
        public var minimiseCalls = 120
        /// Keep inputs on which the reference answered in a way no earlier input or seed did (`--corpus`).
        public var keepNovel = false
        /// Novel inputs kept at most (further ones are counted, not kept).
        public var maxNovel = 2000
        /// Options with the defaults.
        public init() {}
    }

    /// A disagreement, minimised: the input, both answers and the verdict.
    public struct Finding: Sendable {
        /// The input as sent after minimisation.
        public var input: FuzzCase
        /// The reference's answer.
        public var reference: Result<JSONObject, ShimError>
        /// Which implementation answered so (its label; empty with one implementation).
        public var implementation: String
        /// The implementation's answer.
        public var outcome: CallOutcome
        /// The judge's verdict on it.
        public var verdict: CaseJudge.Verdict
        /// What makes two findings the same: the op and both outcomes' classes.
        public var key: String
        /// How many inputs had this key.
        public var count: Int
    }

    /// An answer other than the reference's on an input where the contract allows it: not a finding, but listed.
    public struct AmbiguousAnswer: Sendable {
        /// How many are kept per op.
        public static let kept = 3
        /// The op.
        public let op: String
        /// Why another answer conforms here (the suite's rule, or the acceptable case the input was made from).
        public let reason: String
        /// The arguments sent.
        public let args: JSONObject
        /// The reference's outcome and the implementation's, as in a finding's key (`valid`, `invalid:CODE`).
        public let outcomes: String
    }

    /// Counters of a run, for the progress line and the summary.
    public struct Statistics: Sendable {
        /// Inputs sent to the implementation.
        public var sent = 0
        /// Inputs the reference refused as `bad-request` (the mutation broke the arguments' shape): not sent.
        public var malformed = 0
        /// Ambiguous inputs (made from `acceptable` cases, or ones the suite says either verdict conforms on)
        /// answered otherwise than the reference, and passed: either answer is allowed there.
        public var acceptableDisagreements = 0
        /// The first few of them (`AmbiguousAnswer.kept` per op), so a reader can see what was let pass and why.
        public var acceptableExamples: [AmbiguousAnswer] = []
        /// Inputs that disagreed (findings and their duplicates).
        public var disagreements = 0
        /// Inputs sent per op.
        public var perOp: [String: Int] = [:]
        /// Ops the implementation does not list, so not fuzzed.
        public var skippedOps: [String] = []
        /// Seconds spent.
        public var seconds = 0.0
        /// Seconds spent making inputs and answering them with the reference (in process).
        public var referenceSeconds = 0.0
        /// Seconds spent waiting for the implementations' answers (the shim round trips).
        public var implementationSeconds = 0.0
        /// Inputs the reference answered in a way no earlier one did (kept with `--corpus`).
        public var novel = 0

        /// Whether another example of `op` is still wanted (fewer than `AmbiguousAnswer.kept` kept).
        func wantsExample(of op: String) -> Bool {
            acceptableExamples.lazy.filter({ $0.op == op }).count < AmbiguousAnswer.kept
        }

        /// Keeps `example` if its op still wants one.
        mutating func keep(_ example: AmbiguousAnswer) {
            if wantsExample(of: example.op) { acceptableExamples.append(example) }
        }

        /// The counters of several jobs together; `seconds` is the longest job's.
        public static func + (a: Statistics, b: Statistics) -> Statistics {
            var sum = a
            sum.sent += b.sent
            sum.malformed += b.malformed
            sum.acceptableDisagreements += b.acceptableDisagreements
            for example in b.acceptableExamples { sum.keep(example) }
            sum.disagreements += b.disagreements
            sum.perOp.merge(b.perOp, uniquingKeysWith: +)
            sum.skippedOps = Array(Set(a.skippedOps + b.skippedOps)).sorted()
            sum.seconds = max(a.seconds, b.seconds)
            sum.referenceSeconds += b.referenceSeconds
            sum.implementationSeconds += b.implementationSeconds
            sum.novel += b.novel
            return sum
        }
    }

    private let families: ProtocolFamilies
    private let implementations: [(label: String, implementation: any ImplementationUnderTest)]
    private let options: Options
    /// The run's judge without `expectedFailures`: an input made from a case expected to fail is a new case,
    /// whose agreement with the reference must not count as an XPASS.
    private let caseJudge: CaseJudge
    /// When the run's `seconds` are up (minimisation stops there too).
    private var deadline: ContinuousClock.Instant? = nil
    private var seeds: [FuzzCase] = []
    private var seedsByType: [String: [Int]] = [:]
    private var seedTypes: [String] = []
    /// The generators of each seeded group type that has any.
    private var generatorsByType: [String: [FuzzGenerator]] = [:]
    /// The layers of each seeded group type that has any.
    private var layersByType: [String: [FuzzLayer]] = [:]
    /// What a layer opened in a vector case (nil: nothing to open), by the case's index and the layer's.
    private var openedCache: [OpenedKey: JSONValue?] = [:]
    private struct OpenedKey: Hashable {
        let seed: Int
        let layer: Int
    }
    /// Inputs the generators made, by group type, reused as seeds; one in eight draws replaces one when full.
    private var generatedPool: [String: [FuzzCase]] = [:]
    static let generatedPoolSize = 256
    private var mutator: JSONMutator
    /// What the reference's answers looked like so far (`signature(of:reference:)`), with `keepNovel`.
    private var signatures = Set<String>()
    /// Inputs whose reference answer had a new signature, with that answer, in the order met.
    public private(set) var novel: [(input: FuzzCase, reference: Result<JSONObject, ShimError>)] = []
    /// Findings by key, in the order found.
    public private(set) var findings: [Finding] = []
    private var findingIndex: [String: Int] = [:]
    /// The counters so far.
    public private(set) var statistics = Statistics()

    /// A fuzzer of one implementation, seeded with every case of `files` whose op it lists and `options.ops` selects.
    public convenience init(families: ProtocolFamilies, files: [VectorFile], implementation: any ImplementationUnderTest, options: Options)
    {
        self.init(families: families, files: files, implementations: [("", implementation)], options: options)
    }

    /// A fuzzer of several implementations, each judged against the reference on the same inputs: the
    /// ops every one of them lists are fuzzed. A finding names the label of the implementation it is of.
    public init(
        families: ProtocolFamilies, files: [VectorFile], implementations: [(label: String, implementation: any ImplementationUnderTest)],
        options: Options
    ) {
        precondition(!implementations.isEmpty, "no implementation to fuzz")
        self.families = families
        self.implementations = implementations
        caseJudge = options.judge.forNewCases
        self.options = options
        mutator = JSONMutator(random: SeededRandom(seed: options.seed))
        (seeds, statistics.skippedOps) = FuzzCase.seeds(
            in: files, families: families, ops: options.ops, listedBy: implementations.map(\.implementation),
            expectations: options.judge.expectations)
        for (index, seed) in seeds.enumerated() { seedsByType[seed.kind.type, default: []].append(index) }
        seedTypes = seedsByType.keys.sorted()
        if options.keepNovel {
            for seed in seeds { signatures.insert(Self.signature(of: seed, reference: families.reference.call(seed.request))) }
        }
        for (type, indices) in seedsByType {
            let first = seeds[indices[0]]
            // A generator's inputs have the id <suite>/generated-<name>: `disabled` entries reach them by it.
            let generators = first.suite.fuzzGenerators(of: first.kind).filter {
                options.judge.expectations.disabledReason(for: "\(first.suite.id)/generated-\($0.name)") == nil
            }
            if !generators.isEmpty { generatorsByType[type] = generators }
            let layers = first.suite.fuzzLayers(of: first.kind)
            if !layers.isEmpty { layersByType[type] = layers }
        }
    }

    /// How many vector cases seed the run.
    public var seedCount: Int { seeds.count }

    /// Runs until the time or case budget is spent; `progress` is called after every batch.
    public func run(progress: (Statistics, Int) -> Void = { _, _ in }) {
        guard !seeds.isEmpty else { return }
        let started = ContinuousClock.now
        // Clamped to a year, so an absurd --seconds cannot overflow the clock's arithmetic.
        deadline = options.seconds.map { started + .milliseconds(Int64(min($0, Self.maxSeconds) * 1000)) }
        // Without a limit a run stops after 10,000 inputs.
        let caseLimit = options.cases ?? (options.seconds == nil ? Self.defaultCases : nil)
        while true {
            if let limit = caseLimit, statistics.sent >= limit { break }
            if let limit = options.seconds, (ContinuousClock.now - started).inSeconds >= min(limit, Self.maxSeconds) { break }
            guard step(upTo: caseLimit.map { min(options.batchSize, $0 - statistics.sent) } ?? options.batchSize) > 0 else { break }
            statistics.seconds = (ContinuousClock.now - started).inSeconds
            progress(statistics, findings.count)
        }
        statistics.seconds = (ContinuousClock.now - started).inSeconds
    }

    /// One batch: up to `size` inputs made, answered by the reference, sent, and judged. Returns how many
    /// were sent: 0 when no input could be made (every mutation broke the arguments' shape).
    @discardableResult
    public func step(upTo size: Int) -> Int {
        guard !seeds.isEmpty else { return 0 }
        var batch: [(input: FuzzCase, request: ShimRequest, reference: Result<JSONObject, ShimError>)] = []
        let making = ContinuousClock.now
        while batch.count < size, let (input, request, reference) = nextInput() {
            // The set of signatures is bounded too: past it, nothing more is novel.
            if options.keepNovel, signatures.count < 100_000, signatures.insert(Self.signature(of: input, reference: reference)).inserted {
                statistics.novel += 1
                if novel.count < options.maxNovel { novel.append((input, reference)) }
            }
            batch.append((input, request, reference))
        }
        guard !batch.isEmpty else { return 0 }
        let requests = batch.map(\.request)
        let asking = ContinuousClock.now
        let answers = implementations.map { $0.implementation.call(batch: requests) }
        let judging = ContinuousClock.now
        statistics.implementationSeconds += (judging - asking).inSeconds
        statistics.sent += batch.count
        for (index, (input, _, reference)) in batch.enumerated() {
            statistics.perOp[input.kind.op, default: 0] += 1
            for (which, outcomes) in answers.enumerated() {
                judge(input, reference: reference, outcome: outcomes[index], implementation: which)
            }
        }
        // Making, the reference's answers and judging (with any minimisation) are the reference side.
        statistics.referenceSeconds += (asking - making).inSeconds + (ContinuousClock.now - judging).inSeconds
        return batch.count
    }

    /// `count` inputs as the run makes them (answered by the reference, not sent): the same inputs for a
    /// measurement of the shim round trip alone.
    public func requests(count: Int) -> [ShimRequest] {
        var requests: [ShimRequest] = []
        while requests.count < count, !seeds.isEmpty, let next = nextInput() { requests.append(next.request) }
        return requests
    }

    /// The next input worth sending, with the reference's answer: inputs the reference finds malformed are
    /// counted and skipped. Nil when nearly every mutation breaks the arguments' shape (`gaveUp`).
    private func nextInput() -> (input: FuzzCase, request: ShimRequest, reference: Result<JSONObject, ShimError>)? {
        while true {
            let input = mutated()
            let request = input.request
            let reference = families.reference.call(request)
            guard Self.isMalformed(reference) else { return (input, request, reference) }
            statistics.malformed += 1
            if gaveUp { return nil }
        }
    }

    /// Inputs the run makes at most without a limit.
    public static let defaultCases = 10_000
    /// The longest run `--seconds` asks for that is taken as asked (a year); longer is that.
    public static let maxSeconds = 31_536_000.0

    /// A reference answer that says the input is no input of its op: its arguments' shape broken
    /// (`bad-request`) or an op the reference lacks. Such an input is not sent.
    static func isMalformed(_ reference: Result<JSONObject, ShimError>) -> Bool {
        guard case .failure(let error) = reference else { return false }
        return error.code == ShimError.badRequestCode || error.code == ShimError.unimplementedCode
    }

    /// Whether nearly every mutation breaks the arguments' shape, so making more inputs is no use.
    private var gaveUp: Bool { statistics.malformed > 50 * (statistics.sent + 100) }

    /// A seed with one to three of its arguments mutated.
    private func mutated() -> FuzzCase {
        // A group type first, then one of its cases: every op gets a fair share whatever its case count.
        let types = seedTypes
        let type = types[mutator.index(types.count)]
        let ofType = seedsByType[type]!
        var seedIndex: Int? = ofType[mutator.index(ofType.count)]
        var input = seeds[seedIndex!]
        // A third of the time a generator's input instead: a fresh one, sent as made half of those times, or
        // one made earlier (a generator runs the reference's encoders, which cost more than its decoders).
        if let generators = generatorsByType[type], mutator.chance(3) {
            let pool = generatedPool[type, default: []]
            if pool.count < Self.generatedPoolSize || mutator.chance(8) {
                if let made = generated(by: generators, like: input) {
                    if pool.count < Self.generatedPoolSize {
                        generatedPool[type, default: []].append(made)
                    } else {
                        generatedPool[type]![mutator.index(pool.count)] = made
                    }
                    input = made
                    seedIndex = nil
                    if mutator.chance(2) { return input }
                }
            } else {
                input = pool[mutator.index(pool.count)]
                seedIndex = nil
            }
        }
        mutator.context = Self.integers(in: .object(input.params)) + Self.integers(in: .object(input.input))
        mutator.limits = input.suite.fuzzLimits(of: input.kind, params: input.params)
        if let layers = layersByType[type], mutator.chance(2) {
            let which = mutator.index(layers.count)
            // A vector case's structure is opened once: opening (Base64, JSON) costs as much as the op itself.
            let key = seedIndex.map { OpenedKey(seed: $0, layer: which) }
            let opened = key.flatMap { openedCache[$0] } ?? layers[which].open(input.request.args)
            if let key, openedCache[key] == nil { openedCache[key] = .some(opened) }
            if let opened, resealed(&input, opened: opened, through: layers[which]) { return input }
        }
        let rounds = 1 + (mutator.chance(3) ? 1 + mutator.index(2) : 0)
        for _ in 0..<rounds {
            let fields = (input.kind.params + input.kind.input).filter { input.params[$0.name] != nil || input.input[$0.name] != nil }
            guard !fields.isEmpty else { break }
            let field = fields[mutator.index(fields.count)]
            let inParams = input.params[field.name] != nil
            let value = inParams ? input.params[field.name]! : input.input[field.name]!
            let donors = seedsByType[input.kind.type] ?? []
            let donorCase = donors.isEmpty ? nil : seeds[donors[mutator.index(donors.count)]]
            let donor = donorCase.flatMap { $0.input[field.name] ?? $0.params[field.name] }
            let allowed = field.schema["enum"]?.arrayValue
            guard let (changed, mutation) = mutator.mutate(value, allowed: allowed, donor: donor) else { continue }
            if inParams { input.params[field.name] = changed } else { input.input[field.name] = changed }
            input.mutations.append(mutation)
            input.changedFields.append(field.name)
        }
        return input
    }

    /// An input made by one of `generators`, judged as a new valid case of `like`'s group type.
    private func generated(by generators: [FuzzGenerator], like: FuzzCase) -> FuzzCase? {
        let generator = generators[mutator.index(generators.count)]
        guard let made = generator.make(&mutator.random) else { return nil }
        let origin = TestCase(
            id: "\(like.suite.id)/generated-\(generator.name)", comment: made.comment, flagNames: made.flags, spec: like.seed.spec,
            input: made.input, result: .valid)
        var input = FuzzCase(
            suite: like.suite, kind: like.kind, params: made.params.count == 0 ? like.params : made.params, input: made.input, seed: origin)
        input.mutations = [.generated]
        input.changedFields = [generator.name]
        // Every argument is new: each may be minimised.
        input.generatedFields = made.params.keys + made.input.keys
        return input
    }

    /// Changes `opened`, the structure `layer` guards in `input`'s arguments, and seals it again; false when
    /// it cannot be sealed.
    private func resealed(_ input: inout FuzzCase, opened: JSONValue, through layer: FuzzLayer) -> Bool {
        let args = input.request.args
        var structure = opened
        mutator.context += Self.integers(in: structure)
        // Up to three changes inside, as outside: a repeated item that then differs takes two.
        var inside: [FuzzMutation] = []
        for _ in 0..<(1 + (mutator.chance(2) ? 1 + mutator.index(2) : 0)) {
            guard let (changed, mutation) = mutator.mutate(structure, allowed: nil, donor: nil) else { break }
            structure = changed
            inside.append(mutation)
        }
        guard !inside.isEmpty, let sealed = layer.seal(args, structure) else { return false }
        let before = input.mutations.count
        for (key, value) in sealed where args[key] != value {
            if input.params[key] != nil { input.params[key] = value } else { input.input[key] = value }
            input.changedFields += Array(repeating: "\(key) (\(layer.name))", count: inside.count) + [key]
            input.mutations += inside + [.resealed]
        }
        return input.mutations.count > before
    }

    /// What the reference's answer to an input looks like, as a stand-in for the reference code path it took:
    /// the op, and the error code and message (without its numbers and quoted parts, which name the input
    /// rather than the rule) or the answer's member names and booleans. An input with a signature no
    /// earlier one had is worth keeping in a corpus.
    static func signature(of input: FuzzCase, reference: Result<JSONObject, ShimError>) -> String {
        switch reference {
        case .success(let result):
            let members = result.keys.sorted().map { key in result[key]?.boolValue.map { "\(key)=\($0)" } ?? key }
            return "\(input.kind.op) valid \(members.joined(separator: ","))"
        case .failure(let error):
            var message = ""
            var quote: Character? = nil
            for character in error.message {
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "'" || character == "\"" || character == "`" {
                    quote = character
                } else if !character.isNumber {
                    message.append(character)
                }
            }
            return "\(input.kind.op) \(error.code) \(message)"
        }
    }

    /// `--ops`: a glob, or a plain word that names an op or a family (`cdev` is every `cdev.*` op).
    public static func op(_ op: String, matches pattern: String) -> Bool {
        if pattern.contains(where: { "*?[".contains($0) }) { return CaseSelection.matches(pattern, op) }
        return op == pattern || op.hasPrefix(pattern + ".")
    }

    /// Every integer in `value`, for boundaries taken from the case itself.
    static func integers(in value: JSONValue) -> [Int64] {
        switch value {
        case .int(let number): [number]
        case .array(let items): items.flatMap(integers(in:))
        case .object(let object): object.flatMap { integers(in: $0.value) }
        default: []
        }
    }

    /// The verdict on one answer, and a finding when it fails.
    private func judge(_ input: FuzzCase, reference: Result<JSONObject, ShimError>, outcome: CallOutcome, implementation: Int) {
        let (verdict, ambiguous) = input.judged(outcome.response, reference: reference, by: caseJudge)
        guard verdict.status.failsRun else {
            // On an ambiguous input either answer passes (as an acceptable vector case does), or one of the
            // readings the suite names; an answer other than the reference's is counted, not reported.
            if ambiguous, differsFromReference(input, reference: reference, outcome: outcome) {
                statistics.acceptableDisagreements += 1
                // The reason asks the suite again (its rules may open a box): only for the few kept.
                if statistics.wantsExample(of: input.kind.op) {
                    statistics.keep(
                        AmbiguousAnswer(
                            op: input.kind.op, reason: input.ambiguityReason ?? "", args: input.request.args,
                            outcomes: Self.key(input, reference: reference, verdict: verdict)))
                }
            }
            return
        }
        statistics.disagreements += 1
        let label = implementations[implementation].label
        let key = (label.isEmpty ? "" : "\(label): ") + Self.key(input, reference: reference, verdict: verdict)
        if let index = findingIndex[key] {
            findings[index].count += 1
            return
        }
        guard findings.count < options.maxFindings else { return }
        let minimal = minimise(
            input, key: key, implementation: implementation, found: (reference, outcome, verdict), deadline: deadline)
        findingIndex[key] = findings.count
        findings.append(
            Finding(
                input: minimal.0, reference: minimal.1, implementation: label, outcome: minimal.2, verdict: minimal.3, key: key, count: 1))
    }

    /// Whether the answer differs from the reference's (verdict, error class or output), as if the
    /// reference's answer were the only right one.
    private func differsFromReference(_ input: FuzzCase, reference: Result<JSONObject, ShimError>, outcome: CallOutcome) -> Bool {
        let strict = CaseJudge(strict: true, expectations: caseJudge.expectations)
        let test = input.testCase(expected: reference, allowingEither: false)
        return strict.judge(outcome.response, test: test, in: input.group, of: input.suite).status.failsRun
    }

    /// The first text between single quotes in `reason` (the member a mismatch names: `'retry' is …`).
    static func firstQuoted(in reason: String) -> String? {
        guard let open = reason.firstIndex(of: "'") else { return nil }
        let rest = reason[reason.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<close].prefix(40))
    }

    /// Op, group params, the reference's outcome class and the implementation's: two inputs with the same key are
    /// one finding (the mutations that reached it vary too much to tell bugs apart; they stay in the case's flags).
    /// The group params (an atproto format, a base64 variant, a lexicon) are in it because each names a rule of its
    /// own: a handle bug must not hide a datetime bug of the same shim behind one "valid → invalid" finding.
    static func key(_ input: FuzzCase, reference: Result<JSONObject, ShimError>, verdict: CaseJudge.Verdict) -> String {
        let expected: String
        switch reference {
        case .success: expected = "valid"
        case .failure(let error): expected = "invalid:\(error.code)"
        }
        var actual = verdict.actualResult.map { "\($0.rawValue):\(verdict.actualError ?? "")" } ?? "no-answer"
        // Two answers that differ in output only: which member differs is part of the key, or every output bug of an
        // op whose cases are all valid (mls.xrpc-error) would be one finding. The judge names it first in its reason.
        if case .success = reference, verdict.actualResult == .valid, verdict.reason.hasPrefix("output differs: '"),
            let member = Self.firstQuoted(in: verdict.reason)
        {
            actual += " '\(member)'"
        }
        // A mutated param is cut short, so a long mutant value makes one key, not one per length.
        let params = input.params.keys.sorted().map { "\($0)=\(JSONWriter.compact(input.params[$0]!).prefix(64))" }
        return ([input.kind.op] + params + [expected, actual]).joined(separator: " ")
    }

    /// The input made smaller while it keeps its key: the elements and members of each changed array or
    /// object field removed one by one, then chunks of each changed string or byte field (delta debugging),
    /// one call at a time, within `options.minimiseCalls` (three for an input the shim did
    /// not answer: each try may wait the whole timeout) and the run's deadline. It starts from the answers
    /// that made the finding, so a shim that answers otherwise the second time still leaves a true finding.
    private func minimise(
        _ input: FuzzCase, key: String, implementation index: Int,
        found: (Result<JSONObject, ShimError>, CallOutcome, CaseJudge.Verdict), deadline: ContinuousClock.Instant?
    ) -> (FuzzCase, Result<JSONObject, ShimError>, CallOutcome, CaseJudge.Verdict) {
        let (label, implementation) = implementations[index]
        let prefix = label.isEmpty ? "" : "\(label): "
        var best = input
        var (bestReference, bestOutcome, bestVerdict) = found
        let budget = key.hasSuffix("no-answer") ? 3 : options.minimiseCalls
        var calls = 0
        func spent() -> Bool { calls >= budget || deadline.map { ContinuousClock.now >= $0 } ?? false }
        func holds(_ candidate: FuzzCase) -> Bool {
            calls += 1
            let request = candidate.request
            let reference = families.reference.call(request)
            if Self.isMalformed(reference) { return false }
            let outcome = implementation.call(request)
            let verdict = candidate.judged(outcome.response, reference: reference, by: caseJudge).verdict
            guard verdict.status.failsRun, prefix + Self.key(candidate, reference: reference, verdict: verdict) == key
            else { return false }
            (best, bestReference, bestOutcome, bestVerdict) = (candidate, reference, outcome, verdict)
            return true
        }
        var seen = Set<String>()
        for name in input.generatedFields + input.changedFields where seen.insert(name).inserted {
            let inParams = best.params[name] != nil
            // Structure first: array elements, then object members, one at a time, while the finding holds.
            func replaced(_ value: JSONValue) -> FuzzCase {
                var candidate = best
                if inParams { candidate.params[name] = value } else { candidate.input[name] = value }
                return candidate
            }
            if case .array(var items)? = inParams ? best.params[name] : best.input[name] {
                var position = items.count - 1
                while position >= 0, !spent() {
                    var fewer = items
                    fewer.remove(at: position)
                    if holds(replaced(.array(fewer))) { items = fewer }
                    position -= 1
                }
            }
            if case .object(var members)? = inParams ? best.params[name] : best.input[name] {
                for key in members.keys.reversed() where !spent() {
                    var fewer = members
                    fewer[key] = nil
                    if holds(replaced(.object(fewer))) { members = fewer }
                }
            }
            guard case .string(let text)? = inParams ? best.params[name] : best.input[name] else { continue }
            let hex = JSONMutator.hexBytes(text) != nil
            let characters = Array(text)
            // Bytes come off two hex digits at a time, text one character at a time.
            var units = characters.map(String.init)
            if hex { units = stride(from: 0, to: characters.count, by: 2).map { String(characters[$0..<$0 + 2]) } }
            var chunk = max(1, units.count / 2)
            while chunk >= 1, !spent() {
                var removed = false
                var start = 0
                while start < units.count, !spent() {
                    var shorter = units
                    shorter.removeSubrange(start..<min(units.count, start + chunk))
                    if holds(replaced(.string(shorter.joined()))) {
                        units = shorter
                        removed = true
                    } else {
                        start += chunk
                    }
                }
                if !removed { chunk /= 2 }
            }
        }
        return (best, bestReference, bestOutcome, bestVerdict)
    }
}
