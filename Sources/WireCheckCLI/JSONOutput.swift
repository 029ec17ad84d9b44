import ArgumentParser
import ConformanceKit
import Foundation
import WireCore

/// Machine-readable output on stdout for `--json`.
enum JSONOutput {
    static func print(_ value: JSONValue) {
        FileHandle.standardOutput.write(Data((JSONWriter(options: .init(indent: 2)).string(value) + "\n").utf8))
    }

    /// A decoder's refusal as `--json` prints it: `{"ok": false, "error": {code, offset?, message}}`.
    static func refusal(_ error: some CodedError, offset: Int? = nil) -> JSONObject {
        var detail: JSONObject = ["code": .string(error.code)]
        if let offset { detail["offset"] = .int(Int64(offset)) }
        detail["message"] = .string(error.description)
        return ["ok": false, "error": .object(detail)]
    }

    /// The summary of a finished run, as `--json` prints it.
    static func runSummary(_ report: RunReport, directory: String) -> JSONValue {
        let counts = report.counts()
        return [
            "runName": .string(report.runName), "reportDirectory": .string(directory),
            "implementation": .string(report.implementation), "vectorsVersion": .string(report.vectorsVersion),
            "exitCode": .int(Int64(report.exitCode)), "verdict": .string(report.verdict),
            "executed": .int(Int64(report.executedCount)), "leftOut": .int(Int64(report.leftOut)),
            "casesPerSecond": report.casesPerSecond.map { .double(($0 * 10).rounded() / 10) } ?? .null,
            "counts": .object(JSONObject(CaseStatus.allCases.map { ($0.rawValue, .int(Int64(counts[$0] ?? 0))) })),
            "failures": .array(
                report.failures.map {
                    [
                        "id": .string($0.id), "status": .string($0.status.rawValue), "reason": .string($0.reason),
                        "reproducer": .string($0.reproducer),
                    ]
                }),
        ]
    }
}

/// A harness error: the message on stderr, exit 2 (reports/README.md).
func exitHarness(_ message: String) -> ExitCode {
    Console().message("wirecheck: error: \(message)")
    return ExitCode(2)
}
