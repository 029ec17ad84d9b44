import WireCore

/// Decides a case's status from the implementation's answer (Vectors/README.md "result"; reports/README.md).
public struct CaseJudge: Sendable {
    /// `--strict`: error classes must match, acceptable cases follow the expectations file.
    public var strict: Bool
    /// The expectations file of the run.
    public var expectations: Expectations

    /// A judge for one run.
    public init(strict: Bool, expectations: Expectations) {
        self.strict = strict
        self.expectations = expectations
    }

    /// A case's status and what the implementation did.
    public struct Verdict: Sendable, Equatable {
        /// The status.
        public var status: CaseStatus
        /// Why the case has that status.
        public var reason: String
        /// What the implementation did, nil without an answer.
        public var actualResult: CaseResult.Answer?
        /// The error class answered (mapped).
        public var actualError: String?
        /// A short summary of the answer.
        public var output: String
    }

    /// The verdict on one answer to `test`; `mismatch` compares a successful result with `expected`.
    public func judge(
        _ answer: Result<Result<JSONObject, ShimError>, ShimTransportFailure>, test: TestCase,
        mismatch: (JSONObject) -> String?
    ) -> Verdict {
        let verdict: Verdict
        switch answer {
        case .failure(let transport):
            verdict = Verdict(status: .fail, reason: transport.description, output: transport.description)
        case .success(.failure(let error)) where error.code == ShimError.unimplementedCode:
            return Verdict(
                status: .unimplemented, reason: "the implementation does not support this operation",
                actualError: error.code, output: error.message)
        case .success(.failure(let error)):
            verdict = rejected(error, test: test)
        case .success(.success(let result)):
            verdict = accepted(result, test: test, mismatch: mismatch)
        }
        return applyExpectedFailure(verdict, id: test.id)
    }

    /// The verdict on an answer to a case of `group` in `suite`: a result must have the shape the
    /// group type declares (`GroupKind.shapeMismatch`), then agree with the suite's comparison.
    public func judge(
        _ answer: Result<Result<JSONObject, ShimError>, ShimTransportFailure>, test: TestCase, in group: TestGroup,
        of suite: any JudgedSuite
    ) -> Verdict {
        let kind = suite.kind(of: group)
        return judge(answer, test: test) { result in
            kind?.shapeMismatch(result: result, expected: test.expected) ?? suite.mismatch(result: result, for: test, in: group)
        }
    }

    private func rejected(_ error: ShimError, test: TestCase) -> Verdict {
        let mapped = expectations.mapError(error.code)
        let shown = mapped == error.code ? error.code : "\(error.code) → \(mapped)"
        var verdict = Verdict(
            status: .pass, reason: "", actualResult: .invalid, actualError: mapped,
            output: error.message)
        switch test.result {
        case .valid:
            verdict.status = .fail
            verdict.reason = "rejected a valid case with \(shown)\(error.message.isEmpty ? "" : ": \(error.message)")"
        case .invalid:
            if strict, let expected = test.error, !mapped.isExactly(expected) {
                verdict.status = .fail
                verdict.reason = "rejected with error class \(shown), expected \(expected)"
            } else if strict, let missing = Self.missingErrorDetails(error, test: test) {
                verdict.status = .fail
                verdict.reason = "rejected (\(shown)) \(missing)"
            } else {
                verdict.reason = "rejected (\(shown))"
            }
        case .acceptable:
            if strict, expectations.acceptableVerdict(for: test.id) == "accept" {
                verdict.status = .fail
                verdict.reason = "rejected (\(shown)), but the expectations file says this implementation accepts"
            } else {
                verdict.reason = "acceptable case rejected (\(shown))"
            }
        }
        return verdict
    }

    /// What a rejection leaves out of the details the case asks for, or nil. A case whose
    /// `expected.errors` lists JSON pointers (cases of validators) wants the rejection's `errors` to
    /// point at or inside each of them: rejecting is not enough, the reason must be found where it is,
    /// and a rejection with no `errors` at all says less than the op promises. Codes are the
    /// implementation's own and are not compared.
    static func missingErrorDetails(_ error: ShimError, test: TestCase) -> String? {
        guard let expected = test.expected["errors"]?.arrayValue else { return nil }
        let wanted = expected.compactMap { $0["path"]?.stringValue }
        guard let actual = error.details["errors"]?.arrayValue else {
            return wanted.isEmpty ? nil : "without an 'errors' array (expected an error at \"\(wanted[0])\")"
        }
        let paths = actual.compactMap { $0["path"]?.stringValue }
        return wanted.first { wanted in
            !paths.contains { $0.isExactly(wanted) || $0.hasExactPrefix(wanted + "/") }
        }.map { "without an error at \"\($0)\"" }
    }

    private func accepted(_ result: JSONObject, test: TestCase, mismatch: (JSONObject) -> String?) -> Verdict {
        let output = String(JSONWriter.compact(.object(result)).prefix(500))
        var verdict = Verdict(status: .pass, reason: "", actualResult: .valid, actualError: nil, output: output)
        switch test.result {
        case .valid:
            if let difference = mismatch(result) {
                verdict.status = .fail
                verdict.reason = "output differs: \(difference)"
            } else {
                verdict.reason = "accepted with the expected output"
            }
        case .invalid:
            verdict.status = .fail
            verdict.reason = "accepted an invalid case (expected \(test.error ?? "a rejection"))"
        case .acceptable:
            if strict, expectations.acceptableVerdict(for: test.id) == "reject" {
                verdict.status = .fail
                verdict.reason = "accepted, but the expectations file says this implementation rejects"
            } else if let difference = mismatch(result) {
                // Real implementations differ here; --strict holds the implementation to the reference output.
                verdict.status = strict ? .fail : .pass
                verdict.reason = "acceptable case accepted with a different output: \(difference)"
            } else {
                verdict.reason = "acceptable case accepted"
            }
        }
        return verdict
    }

    private func applyExpectedFailure(_ verdict: Verdict, id: String) -> Verdict {
        guard let why = expectations.expectedFailures[id] else { return verdict }
        var adjusted = verdict
        switch verdict.status {
        case .fail:
            adjusted.status = .xfail
            adjusted.reason = "expected failure (\(why)): \(verdict.reason)"
        case .pass:
            adjusted.status = .xpass
            adjusted.reason = "listed as an expected failure (\(why)) but passed"
        default: break
        }
        return adjusted
    }
}
