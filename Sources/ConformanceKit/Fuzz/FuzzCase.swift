import WireCore

/// One input `wirecheck fuzz` sends: a vector case of a group type with some of its arguments mutated,
/// the mutations that made it, and the case it started from.
public struct FuzzCase: Sendable {
    /// The suite whose comparison judges the answer.
    public let suite: any VectorSuite
    /// The group type (and so the op and the declared fields).
    public let kind: GroupKind
    /// The group's params, mutated or not.
    public var params: JSONObject
    /// The case's input, mutated or not.
    public var input: JSONObject
    /// The vector case it started from.
    public let seed: TestCase
    /// The mutations applied, in order.
    public var mutations: [FuzzMutation] = []
    /// The top-level arguments they changed.
    public var changedFields: [String] = []
    /// For a generated input, all its arguments (minimisation tries each); empty otherwise.
    public var generatedFields: [String] = []

    /// An input of `kind` made from `seed`, not yet mutated.
    public init(suite: any VectorSuite, kind: GroupKind, params: JSONObject, input: JSONObject, seed: TestCase) {
        self.suite = suite
        self.kind = kind
        self.params = params
        self.input = input
        self.seed = seed
    }

    /// The request to send: the params, then the input, as for a vector case.
    public var request: ShimRequest { kind.call(params: params, input: input) }

    /// The group this input is judged in.
    public var group: TestGroup { TestGroup(type: kind.type, params: params, tests: []) }

    /// Why either verdict conforms on this input, or nil: the suite's rule for the input itself
    /// (`VectorSuite.ambiguity(of:in:)`), or, where the suite has none, the case it was made from.
    public var eitherBecause: String? { eitherBecause(ambiguity) }

    /// The suite's rule for this input. A rule that lets a stricter reader refuse or read otherwise (`refusable`,
    /// `stricterReading`) never takes away what the case it was made from allowed: from an `acceptable` case, either
    /// verdict still conforms (a FlowDown model without `ext_data`, as `encode-ext-data` allows, whose date a mutation
    /// made lenient, was a finding).
    var ambiguity: InputAmbiguity {
        let rule = suite.ambiguity(of: input, in: group)
        switch rule {
        case .refusable, .stricterReading: return seed.result == .acceptable ? .unknown : rule
        default: return rule
        }
    }

    /// Why an answer other than the reference's may conform on this input, or nil (asks the suite again: for reports).
    public var ambiguityReason: String? {
        let ambiguity = self.ambiguity
        if case .oneOf(let reason, _) = ambiguity { return reason }
        if case .refusable(let reason) = ambiguity { return reason }
        if case .stricterReading(let reason, _) = ambiguity { return reason }
        return eitherBecause(ambiguity)
    }

    /// Why either verdict conforms, from what the suite says of the input.
    func eitherBecause(_ ambiguity: InputAmbiguity) -> String? {
        switch ambiguity {
        case .either(let why): why
        case .referenceOnly, .oneOf, .refusable, .stricterReading: nil
        case .unknown: seed.result == .acceptable ? "made from an acceptable case" : nil
        }
    }

    /// How `judge` rules on `answer` to this input, as the vector case the reference's answer makes of it, except that
    /// an answer that is one of the other results the suite names passes: a stricter reader's (`stricterReading`)
    /// always, another reading the contract names (`oneOf`) without `--strict`.
    /// `ambiguous`: another answer than the reference's may conform here. The suite is asked once: its rules may parse
    /// the input, and this runs for every input `wirecheck fuzz` and the engine oracle send.
    public func judged(
        _ answer: Result<Result<JSONObject, ShimError>, ShimTransportFailure>, reference: Result<JSONObject, ShimError>,
        by judge: CaseJudge
    ) -> (verdict: CaseJudge.Verdict, ambiguous: Bool) {
        let ambiguity = self.ambiguity
        if case .refusable(let reason) = ambiguity {
            // A refusal is judged as on an acceptable case (it passes); an acceptance as on the reference's case.
            let refused = if case .success(.failure(let error)) = answer { error.code != ShimError.unimplementedCode } else { false }
            return (judge.judge(answer, test: testCase(expected: reference, why: refused ? reason : nil), in: group, of: suite), true)
        }
        let why = eitherBecause(ambiguity)
        let verdict = judge.judge(answer, test: testCase(expected: reference, why: why), in: group, of: suite)
        let others: [JSONObject]
        switch ambiguity {
        case .oneOf(_, let results): others = judge.strict ? [] : results
        case .stricterReading(_, let results): others = results
        default: return (verdict, why != nil)
        }
        if verdict.status.failsRun {
            for result in others {
                let other = judge.judge(answer, test: testCase(expected: .success(result), why: nil), in: group, of: suite)
                if !other.status.failsRun { return (other, true) }
            }
        }
        return (verdict, true)
    }

    /// The input as a vector case whose expected outcome is `expected` (the reference's answer). An
    /// ambiguous input (`eitherBecause`) is acceptable, with the reference's answer as the one `--strict`
    /// holds to, unless `allowingEither` is false; its id is the seed's, so the expectations file's entries
    /// for the seed apply to it.
    public func testCase(id: String? = nil, expected: Result<JSONObject, ShimError>? = nil, allowingEither: Bool = true) -> TestCase {
        testCase(id: id, expected: expected, why: expected == nil || !allowingEither ? nil : eitherBecause)
    }

    /// The input as a vector case expecting `expected`, acceptable when `why` gives a reason.
    func testCase(id: String? = nil, expected: Result<JSONObject, ShimError>?, why: String?) -> TestCase {
        let flags = seed.flags + mutations.map(\.rawValue)
        let acceptable = why != nil
        let comment = why.map { "\(self.comment); either verdict conforms, \($0)" } ?? self.comment
        switch expected {
        case .success(let result)?:
            let expected = suite.expected(fromReference: result, in: group)
            return TestCase(
                id: id ?? seed.id, comment: comment, flagNames: flags, spec: seed.spec, input: input, expected: expected,
                result: acceptable ? .acceptable : .valid)
        case .failure(let error)?:
            // Where the reference reports one error path (mls.validate), `--strict` holds the shim to it, as a vector's
            // `expected.errors` does; with several, which one a reader finds first is its own affair.
            var expected = JSONObject()
            if let errors = error.details["errors"]?.arrayValue, errors.count == 1, let path = errors[0]["path"] {
                expected["errors"] = [["path": path]]
            }
            return TestCase(
                id: id ?? seed.id, comment: comment, flagNames: flags, spec: seed.spec, input: input, expected: expected,
                result: acceptable ? .acceptable : .invalid, error: acceptable ? nil : error.code)
        case nil:
            return TestCase(id: id ?? seed.id, comment: comment, flagNames: flags, spec: seed.spec, input: input, result: seed.result)
        }
    }

    /// What was done to the seed, in prose.
    public var comment: String {
        let changes = zip(changedFields, mutations).map { "\($0.1.rawValue) on '\($0.0)'" }.joined(separator: ", ")
        // A generated input's origin says what was made.
        let origin = mutations.first == .generated ? "\(seed.id) (\(seed.comment))" : seed.id
        return "\(origin) with \(changes.isEmpty ? "no change" : changes)"
    }
}
