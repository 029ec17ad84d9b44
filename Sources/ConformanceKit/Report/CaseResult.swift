import WireCore

/// One line of `results.jsonl`: what was expected, what the implementation did, and the verdict.
public struct CaseResult: Sendable {
    public var suite: String
    public var format: String
    public var id: String
    public var tcId: Int
    public var flags: [String]
    public var spec: [String]
    public var expectedResult: String
    public var expectedError: String?
    /// `valid` when the implementation accepted, `invalid` when it rejected, nil when it gave no answer.
    public var actualResult: String?
    public var actualError: String?
    /// A short summary of the output, or the transport failure.
    public var actualOutput: String
    public var status: CaseStatus
    /// Why the case has its status (the mismatch, the skip reason, the crash).
    public var reason: String
    public var durationMs: Double
    public var implementation: String
    public var vectorsVersion: String
    public var reproducer: String
    public var stderr: String
    /// For live-server checks: `warning` when the check found a weakness of the server (a finding),
    /// which does not fail the run.
    public var severity: String? = nil
    /// For FAIL and XPASS of vector cases: the input, expected and actual output.
    public var detail: FailureDetail? = nil

    public var json: JSONValue {
        var object: JSONObject = [
            "suite": .string(suite), "format": .string(format), "id": .string(id), "tcId": .int(Int64(tcId)),
            "flags": .array(flags.map { .string($0) }),
            "expected": ["result": .string(expectedResult), "error": expectedError.map { .string($0) } ?? .null],
            "actual": [
                "result": actualResult.map { .string($0) } ?? .null, "error": actualError.map { .string($0) } ?? .null,
                "output": .string(actualOutput),
            ],
            "status": .string(status.rawValue), "reason": .string(reason),
            "durationMs": .double((durationMs * 1000).rounded() / 1000),
            "implementation": .string(implementation), "vectorsVersion": .string(vectorsVersion),
            "reproducer": .string(reproducer),
        ]
        if !stderr.isEmpty { object["stderr"] = .string(stderr) }
        if let severity { object["severity"] = .string(severity) }
        if let detail { object["detail"] = detail.json }
        return .object(object)
    }
}
