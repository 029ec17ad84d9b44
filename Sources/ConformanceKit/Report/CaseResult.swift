import WireCore

/// One line of `results.jsonl`: what was expected, what the implementation did, and the verdict.
public struct CaseResult: Sendable {
    /// Where a result comes from.
    public enum Kind: String, Sendable {
        /// A case of a vector file, answered by an implementation.
        case vector
        /// A check of a live server (a mock's, or one given with `wirecheck check`).
        case live
    }

    /// What an implementation did with a case.
    public enum Answer: String, Sendable {
        /// It accepted the input (answered with a result).
        case valid
        /// It refused the input (answered with an error class).
        case invalid
    }

    /// How much a live check's finding weighs.
    public enum Severity: String, Sendable {
        /// A weakness of the server worth reading, which does not fail the run.
        case warning
    }

    /// A vector case or a live check.
    public var kind: Kind
    /// The suite id, e.g. `cdev/tokens`.
    public var suite: String
    /// The format, the first part of the suite id (or `cdev-live` for live checks).
    public var format: String
    public var id: String
    /// The case's number within its file.
    public var tcId: Int
    /// The case's flags.
    public var flags: [String]
    /// The spec sections the case is about.
    public var spec: [String]
    /// The verdict the case expects.
    public var expectedResult: ExpectedResult
    /// The error class an invalid case expects.
    public var expectedError: String?
    /// What the implementation did; nil when it gave no answer.
    public var actualResult: Answer?
    /// The error class the implementation answered with (after the expectations' error map).
    public var actualError: String?
    /// A short summary of the output, or the transport failure.
    public var actualOutput: String
    /// The case's status.
    public var status: CaseStatus
    /// Why the case has its status (the mismatch, the skip reason, the crash).
    public var reason: String
    /// How long the call took.
    public var durationMs: Double
    public var implementation: String
    /// The vectors version of the case's file.
    public var vectorsVersion: String
    /// The one command that reruns this case.
    public var reproducer: String
    /// What the shim wrote to stderr during the call.
    public var stderr: String
    /// For live-server checks: `warning` when the check found a weakness of the server (a finding),
    /// which does not fail the run.
    public var severity: Severity? = nil
    /// For FAIL and XPASS of vector cases: the input, expected and actual output.
    public var detail: FailureDetail? = nil

    /// The line of `results.jsonl`.
    public var json: JSONValue {
        var object: JSONObject = [
            "suite": .string(suite), "format": .string(format), "id": .string(id), "tcId": .int(Int64(tcId)),
            "flags": .array(flags.map { .string($0) }),
            "expected": ["result": .string(expectedResult.rawValue), "error": expectedError.map { .string($0) } ?? .null],
            "actual": [
                "result": actualResult.map { .string($0.rawValue) } ?? .null, "error": actualError.map { .string($0) } ?? .null,
                "output": .string(actualOutput),
            ],
            "status": .string(status.rawValue), "reason": .string(reason),
            "durationMs": .double((durationMs * 1000).rounded() / 1000),
            "implementation": .string(implementation), "vectorsVersion": .string(vectorsVersion),
            "reproducer": .string(reproducer),
        ]
        if !stderr.isEmpty { object["stderr"] = .string(stderr) }
        if let severity { object["severity"] = .string(severity.rawValue) }
        if let detail { object["detail"] = detail.json }
        return .object(object)
    }
}
