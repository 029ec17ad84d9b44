import Foundation
import Synchronization
import WireCore

/// Runs vector cases against an implementation and collects one `CaseResult` per case.
public final class VectorRunner {
    /// The implementation under test.
    public let implementation: any ImplementationUnderTest
    /// How answers are judged.
    public let judge: CaseJudge
    /// Which cases run.
    public let selection: CaseSelection
    /// The suites that define how a file's cases are called and judged, by id.
    public let suites: [String: any JudgedSuite]
    /// Called after each case with the suite id, the number done and the suite's total.
    public var progress: ((String, Int, Int) -> Void)?
    /// Options a reproducer needs besides `--only` (`--vectors`, `--expect`), already shell-quoted.
    public var reproducerOptions = ""
    /// How many requests are written to a shim ahead of its answers (1: one at a time, when the
    /// stderr of each case must be told apart). Answers come in order, so this changes no verdict.
    public var pipeline = 64

    /// A runner of `families`' suites against `implementation`.
    public convenience init(
        implementation: any ImplementationUnderTest, judge: CaseJudge, selection: CaseSelection, families: ProtocolFamilies
    ) {
        self.init(implementation: implementation, judge: judge, selection: selection, suites: families.suites)
    }

    /// A runner of `suites` against `implementation`.
    public init(implementation: any ImplementationUnderTest, judge: CaseJudge, selection: CaseSelection, suites: [any JudgedSuite]) {
        self.suites = Dictionary(suites.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.implementation = implementation
        self.judge = judge
        self.selection = selection
    }

    /// Runs every case of `files`, in order.
    public func run(files: [VectorFile]) -> [CaseResult] {
        files.flatMap(run(file:))
    }

    /// Runs every case of `files` on several runners at once (`--jobs`), each with its own shim: a
    /// runner that is done with a file takes the next one, largest files first so that none is left
    /// running alone at the end. The results come back in file order, as from one runner.
    public static func run(files: [VectorFile], sharedBy runners: [VectorRunner]) -> [CaseResult] {
        guard runners.count > 1 else { return runners.first.map { $0.run(files: files) } ?? [] }
        let order = files.indices.sorted { files[$0].allTests.count > files[$1].allTests.count }
        let next = Mutex(0)
        let collected = Mutex([[CaseResult]](repeating: [], count: files.count))
        // Each runner (and its shim) is used by exactly one worker.
        nonisolated(unsafe) let runners = runners
        DispatchQueue.concurrentPerform(iterations: runners.count) { worker in
            while true {
                let taken = next.withLock { position in
                    defer { position += 1 }
                    return position
                }
                guard taken < order.count else { return }
                let results = runners[worker].run(file: files[order[taken]])
                collected.withLock { $0[order[taken]] = results }
            }
        }
        return collected.withLock { $0.flatMap { $0 } }
    }

    /// Runs every case of one file: the cases that need a call are sent `pipeline` at a time.
    public func run(file: VectorFile) -> [CaseResult] {
        let suite = suites[file.suite]
        let cases = file.allTests
        var results: [CaseResult] = []
        results.reserveCapacity(cases.count)
        var waiting: [(index: Int, call: ShimRequest, test: TestCase, group: TestGroup)] = []
        func flush() {
            guard !waiting.isEmpty, let suite else { return }
            let started = ContinuousClock.now
            let outcomes = implementation.call(batch: waiting.map(\.call))
            let elapsed = ContinuousClock.now - started
            // Written ahead, the calls of a batch overlap: each is given an equal share of its time.
            let share = elapsed.inSeconds * 1000 / Double(waiting.count)
            for (pending, outcome) in zip(waiting, outcomes) {
                judge(&results[pending.index], outcome, call: pending.call, test: pending.test, group: pending.group, suite: suite)
                results[pending.index].durationMs = share
            }
            waiting.removeAll(keepingCapacity: true)
            progress?(file.suite, results.count, cases.count)
        }
        for (index, (group, test)) in cases.enumerated() {
            let prepared = prepare(test, in: group, of: file, suite: suite)
            if let call = prepared.call { waiting.append((index, call, test, group)) }
            results.append(prepared.result)
            if waiting.count >= max(1, pipeline) { flush() }
            if waiting.isEmpty { progress?(file.suite, index + 1, cases.count) }
        }
        flush()
        return results
    }

    /// A case's result before its call, and the call it needs (none when it is skipped).
    private struct Prepared {
        var result: CaseResult
        var call: ShimRequest? = nil
    }

    private func prepare(_ test: TestCase, in group: TestGroup, of file: VectorFile, suite: (any JudgedSuite)?) -> Prepared {
        var result = CaseResult(
            kind: .vector, suite: file.suite, format: file.format, id: test.id, tcId: test.tcId, flags: test.flags, spec: test.spec,
            expectedResult: test.result, expectedError: test.error, actualResult: nil, actualError: nil,
            actualOutput: "", status: .skip, reason: "", durationMs: 0, implementation: implementation.name,
            vectorsVersion: file.vectorsVersion,
            reproducer: "\(implementation.reproducerPrefix)\(reproducerOptions)\(judge.strict ? " --strict" : "") --only \(test.id)",
            stderr: "")
        if let reason = selection.skipReason(for: test, in: file, expectations: judge.expectations) {
            result.reason = reason
            return Prepared(result: result)
        }
        guard let suite else {
            result.reason = "this harness has no definition of suite \(file.suite); update wirecheck"
            return Prepared(result: result)
        }
        guard let kind = suite.kind(of: group) else {
            result.reason = "suite \(file.suite) has no group type \(group.type) in this harness; update wirecheck"
            return Prepared(result: result)
        }
        let call = kind.call(for: test, in: group)
        guard implementation.supportedOps.contains(call.op) else {
            result.status = .unimplemented
            result.reason = "op \(call.op) is not listed by hello"
            return Prepared(result: result)
        }
        return Prepared(result: result, call: call)
    }

    private func judge(
        _ result: inout CaseResult, _ outcome: CallOutcome, call: ShimRequest, test: TestCase, group: TestGroup, suite: any JudgedSuite
    ) {
        let verdict = judge.judge(outcome.response, test: test, in: group, of: suite)
        result.status = verdict.status
        result.reason = verdict.reason
        result.actualResult = verdict.actualResult
        result.actualError = verdict.actualError
        result.actualOutput = verdict.output
        result.stderr = outcome.stderr
        if verdict.status.failsRun {
            var answer: JSONObject? = nil
            if case .success(.success(let object)) = outcome.response { answer = object }
            // The arguments exactly as sent: the group's params merged with the case's input.
            result.detail = FailureDetail(
                input: .object(call.args), expected: test.expected, expectedError: test.result == .invalid ? test.error : nil,
                actual: Self.describe(outcome.response), actualResult: answer, comparedAsWritten: suite.comparesAsWritten(group))
        }
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
