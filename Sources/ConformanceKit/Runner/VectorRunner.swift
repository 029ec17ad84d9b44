import Foundation
import WireCore

/// Runs vector cases against an implementation and collects one `CaseResult` per case.
public final class VectorRunner {
    /// The implementation under test.
    public let implementation: any ImplementationUnderTest
    /// How answers are judged.
    public let judge: CaseJudge
    /// Which cases run.
    public let selection: CaseSelection
    /// The families whose suites define how a file's cases are called and judged.
    public let families: ProtocolFamilies
    /// Called after each case with the suite id, the number done and the suite's total.
    public var progress: ((String, Int, Int) -> Void)?
    /// Options a reproducer needs besides `--only` (`--vectors`, `--expect`), already shell-quoted.
    public var reproducerOptions = ""

    /// A runner of `families`' suites against `implementation`.
    public init(implementation: any ImplementationUnderTest, judge: CaseJudge, selection: CaseSelection, families: ProtocolFamilies) {
        self.families = families
        self.implementation = implementation
        self.judge = judge
        self.selection = selection
    }

    /// Runs every case of `files`, in order.
    public func run(files: [VectorFile]) -> [CaseResult] {
        files.flatMap(run(file:))
    }

    /// Runs every case of one file.
    public func run(file: VectorFile) -> [CaseResult] {
        let suite = families.suite(id: file.suite)
        let cases = file.allTests
        var results: [CaseResult] = []
        for (index, (group, test)) in cases.enumerated() {
            results.append(run(test, in: group, of: file, suite: suite))
            progress?(file.suite, index + 1, cases.count)
        }
        return results
    }

    private func run(_ test: TestCase, in group: TestGroup, of file: VectorFile, suite: (any VectorSuite)?) -> CaseResult {
        var result = CaseResult(
            suite: file.suite, format: file.format, id: test.id, tcId: test.tcId, flags: test.flags, spec: test.spec,
            expectedResult: test.result.rawValue, expectedError: test.error, actualResult: nil, actualError: nil,
            actualOutput: "", status: .skip, reason: "", durationMs: 0, implementation: implementation.name,
            vectorsVersion: file.vectorsVersion,
            reproducer: "\(implementation.reproducerPrefix)\(reproducerOptions)\(judge.strict ? " --strict" : "") --only \(test.id)",
            stderr: "")
        if let reason = selection.skipReason(for: test, in: file, expectations: judge.expectations) {
            result.reason = reason
            return result
        }
        guard let suite else {
            result.reason = "this harness has no definition of suite \(file.suite); update wirecheck"
            return result
        }
        guard let kind = suite.kind(of: group) else {
            result.reason = "suite \(file.suite) has no group type \(group.type) in this harness; update wirecheck"
            return result
        }
        let call = kind.call(for: test, in: group)
        guard implementation.supportedOps.contains(call.op) else {
            result.status = .unimplemented
            result.reason = "op \(call.op) is not listed by hello"
            return result
        }
        let started = ContinuousClock.now
        let outcome = implementation.call(call)
        let elapsed = ContinuousClock.now - started
        result.durationMs = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let verdict = judge.judge(outcome.response, test: test) { suite.mismatch(result: $0, for: test, in: group) }
        result.status = verdict.status
        result.reason = verdict.reason
        result.actualResult = verdict.actualResult
        result.actualError = verdict.actualError
        result.actualOutput = verdict.output
        result.stderr = outcome.stderr
        if verdict.status.failsRun {
            var answer: JSONObject? = nil
            if case .success(.success(let object)) = outcome.response { answer = object }
            result.detail = FailureDetail(
                input: test.input, expected: test.expected, expectedError: test.result == .invalid ? test.error : nil,
                actual: Self.describe(outcome.response), actualResult: answer)
        }
        return result
    }

    /// The implementation's whole answer, for a failure's detail.
    static func describe(_ response: Result<Result<JSONObject, ShimError>, ShimTransportFailure>) -> String {
        switch response {
        case .success(.success(let object)): JSONWriter.compact(.object(object))
        case .success(.failure(let error)): "error \(error.code)\(error.message.isEmpty ? "" : ": \(error.message)")"
        case .failure(let transport): "no answer: \(transport.description)"
        }
    }
}
