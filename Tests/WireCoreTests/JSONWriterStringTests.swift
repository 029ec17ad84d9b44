import XCTest

@testable import WireCore

/// The writer escapes strings byte by byte; this checks it against the rule written scalar by scalar
/// (JSON's required escapes, `\/` and Go's HTML-safe `\u003c`, `\u003e`, `\u0026`, `\u2028`,
/// `\u2029` under their options) on random strings mixing every kind of character.
final class JSONWriterStringTests: XCTestCase {
    private func expected(_ text: String, _ options: JSONWriter.Options) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "/" where options.escapeSlash: out += "\\/"
            case _ where scalar.value < 0x20 || (options.escapeHTML && "<>&\u{2028}\u{2029}".unicodeScalars.contains(scalar)):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    func testStringsAgreeWithTheScalarRule() {
        var random = SeededRandom(seed: 0x4a53_4f4e)
        // ASCII of every kind, and neighbours of the special characters that share their lead byte.
        let pieces: [Unicode.Scalar] =
            (0...0x7F).compactMap(Unicode.Scalar.init) + [
                "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{20AC}", "\u{E000}", "é", "\u{1F600}", "\u{0800}",
            ]
        for round in 0..<4_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 24) { text.append(pieces[Int(random.next() % UInt64(pieces.count))]) }
            let string = String(text)
            let options = JSONWriter.Options(escapeSlash: round % 2 == 0, escapeHTML: round % 4 < 2)
            XCTAssertEqual(JSONWriter(options: options).string(.string(string)), expected(string, options), string.debugDescription)
        }
    }

    func testLineSeparatorsAtTheEnd() {
        let html = JSONWriter(options: .init(escapeHTML: true))
        XCTAssertEqual(html.string(.string("a\u{2028}")), "\"a\\u2028\"")
        XCTAssertEqual(html.string(.string("\u{2029}")), "\"\\u2029\"")
        XCTAssertEqual(JSONWriter().string(.string("\u{2028}<")), "\"\u{2028}<\"")
    }
}
