import Foundation
import WireCore

/// The bytes of a failed case, as a reader needs them without opening the vector file: the input,
/// the expected and the actual output (each cut at `limit` characters), and for every hex field
/// that differs, the two values aligned 16 bytes a line from the first differing byte.
public struct FailureDetail: Sendable, Equatable {
    /// The case's input, compact JSON.
    public var input: String
    /// What a conformant implementation answers: the expected output, or the expected error class.
    public var expected: String
    /// What the implementation answered.
    public var actual: String
    /// Aligned hex lines for each hex field whose value differs (empty when none).
    public var hexDiffs: [String]

    /// The longest value shown; the rest is counted, not printed.
    public static let limit = 2000

    /// The detail of one case from its vector data and the implementation's answer.
    public init(input: JSONValue, expected: JSONValue, expectedError: String?, actual: String, actualResult: JSONObject?) {
        self.input = Self.cut(JSONWriter.compact(input))
        if let expectedError {
            self.expected = "error \(expectedError)"
        } else {
            self.expected = Self.cut(JSONWriter.compact(expected))
        }
        self.actual = Self.cut(actual)
        var diffs: [String] = []
        if let wanted = expected.objectValue, let got = actualResult {
            for (key, value) in wanted {
                guard let want = value.stringValue, let have = got[key]?.stringValue, want != have,
                    let wantBytes = try? Hex.decode(want), let haveBytes = try? Hex.decode(have)
                else { continue }
                diffs.append(Self.hexDiff(field: key, expected: wantBytes, actual: haveBytes))
            }
        }
        hexDiffs = diffs
    }

    /// `text` cut at `limit` characters, saying how much was left out.
    static func cut(_ text: String) -> String {
        text.count <= limit ? text : "\(text.prefix(limit))… (\(text.count - limit) more characters)"
    }

    /// The two values from the 16-byte line holding the first difference, four lines at most, with
    /// `^^` under each differing byte.
    static func hexDiff(field: String, expected: [UInt8], actual: [UInt8]) -> String {
        let first = zip(expected, actual).enumerated().first { $1.0 != $1.1 }?.offset ?? min(expected.count, actual.count)
        let start = first / 16 * 16
        var lines = ["\(field): \(expected.count) bytes expected, \(actual.count) actual; first difference at byte \(first)"]
        for row in stride(from: start, to: min(max(expected.count, actual.count), start + 64), by: 16) {
            func hex(_ bytes: [UInt8]) -> String {
                (row..<row + 16).map { $0 < bytes.count ? Hex.encode([bytes[$0]]) : "  " }.joined(separator: " ")
            }
            let marks = (row..<row + 16).map { index -> String in
                let a = index < expected.count ? expected[index] : nil
                let b = index < actual.count ? actual[index] : nil
                return a == b ? "  " : "^^"
            }.joined(separator: " ")
            lines.append(String(format: "  %06x expected %@", row, hex(expected)))
            lines.append(String(format: "  %06x actual   %@", row, hex(actual)))
            if marks.contains("^") { lines.append("                  " + marks) }
        }
        return lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
    }

    /// The detail as plain text, one labelled block each.
    public var text: String {
        var out = "input:    \(input)\nexpected: \(expected)\nactual:   \(actual)"
        for diff in hexDiffs { out += "\n" + diff }
        return out
    }

    /// The detail as JSON for `results.jsonl`.
    public var json: JSONValue {
        [
            "input": .string(input), "expected": .string(expected), "actual": .string(actual),
            "hexDiffs": .array(hexDiffs.map { .string($0) }),
        ]
    }
}
