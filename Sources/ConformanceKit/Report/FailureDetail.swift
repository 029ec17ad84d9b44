import Foundation
import WireCore

/// The bytes of a failed case, as a reader needs them without opening the vector file: the input,
/// the expected and the actual output (each cut at `limit` characters), and for every hex field
/// that differs, the two values aligned 16 bytes a line from the first differing byte.
public struct FailureDetail: Sendable, Equatable {
    /// The arguments sent to the implementation (the group's params and the case's input), compact JSON.
    public var input: String
    /// What a conformant implementation answers: the expected output, or the expected error class.
    public var expected: String
    /// What the implementation answered.
    public var actual: String
    /// Aligned hex lines for each hex field whose value differs (empty when none).
    public var hexDiffs: [String]
    /// Where the answer first differs from the expected output, as a JSON pointer with both values (nil when the
    /// answer is an error, or when the two are equal as JSON and the suite's own comparison told them apart).
    public var firstDifference: String?

    /// The longest value shown; the rest is counted, not printed.
    public static let limit = 2000

    /// The detail of one case from its vector data and the implementation's answer; `comparedAsWritten` is the
    /// suite's `comparesAsWritten` (without it, the first differing member need not be the difference).
    public init(
        input: JSONValue, expected: JSONValue, expectedError: String?, actual: String, actualResult: JSONObject?,
        comparedAsWritten: Bool = true
    ) {
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
        firstDifference =
            expectedError == nil && comparedAsWritten ? actualResult.flatMap { Self.firstDifference(expected, .object($0)) } : nil
    }

    /// The first place, depth first in the expected order, where `actual` differs from `expected`: a changed
    /// value, a missing or an unexpected member, or an array of another length.
    static func firstDifference(_ expected: JSONValue, _ actual: JSONValue, at path: String = "") -> String? {
        func shown(_ value: JSONValue) -> String {
            let text = JSONWriter.compact(value)
            return text.count <= 120 ? text : "\(text.prefix(120))…"
        }
        func pointer(_ key: String) -> String {
            path + "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }
        switch (expected, actual) {
        case (.object(let wanted), .object(let got)):
            for (key, value) in wanted {
                guard let other = got[key] else { return "\(pointer(key)): missing (expected \(shown(value)))" }
                if let difference = firstDifference(value, other, at: pointer(key)) { return difference }
            }
            for (key, value) in got where wanted[key] == nil { return "\(pointer(key)): not expected (actual \(shown(value)))" }
            return nil
        case (.array(let wanted), .array(let got)):
            for (index, (value, other)) in zip(wanted, got).enumerated() {
                if let difference = firstDifference(value, other, at: pointer(String(index))) { return difference }
            }
            return wanted.count == got.count ? nil : "\(path.isEmpty ? "/" : path): \(wanted.count) items expected, \(got.count) actual"
        case (.string(let wanted), .string(let got)) where wanted != got && max(wanted.count, got.count) > 120:
            return "\(path.isEmpty ? "/" : path): \(stringDifference(wanted, got))"
        default:
            return expected == actual ? nil : "\(path.isEmpty ? "/" : path): expected \(shown(expected)), actual \(shown(actual))"
        }
    }

    /// Two long strings that differ, as the hex diff shows bytes: the lengths, the first differing character
    /// (counted in Unicode scalars from 0) and the same window of each around it, so that a wrong Base64 field
    /// of 10 KB reads as one short line instead of two long ones cut at the same prefix.
    static func stringDifference(_ expected: String, _ actual: String) -> String {
        let wanted = Array(expected.unicodeScalars), got = Array(actual.unicodeScalars)
        let first = zip(wanted, got).enumerated().first { $1.0 != $1.1 }?.offset ?? min(wanted.count, got.count)
        let start = max(0, first - 24)
        func window(_ scalars: [Unicode.Scalar]) -> String {
            let end = min(scalars.count, first + 40)
            guard start < end else { return "(ends)" }
            var text = String(String.UnicodeScalarView(scalars[start..<end]))
            text = JSONWriter.compact(.string(text))
            return (start > 0 ? "…" : "") + text + (end < scalars.count ? "…" : "")
        }
        return "\(wanted.count) characters expected, \(got.count) actual; first difference at character \(first): "
            + "expected \(window(wanted)), actual \(window(got))"
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
        if let firstDifference { out += "\nfirst difference at \(firstDifference)" }
        for diff in hexDiffs { out += "\n" + diff }
        return out
    }

    /// The detail as JSON for `results.jsonl`.
    public var json: JSONValue {
        [
            "input": .string(input), "expected": .string(expected), "actual": .string(actual),
            "hexDiffs": .array(hexDiffs.map { .string($0) }), "firstDifference": firstDifference.map(JSONValue.string) ?? .null,
        ]
    }
}
