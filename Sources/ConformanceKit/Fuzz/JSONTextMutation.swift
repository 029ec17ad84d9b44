import Foundation
import WireCore

/// Mutations of a string argument that holds JSON text (a pairing payload, an XRPC error body, a token's
/// payload opened by a layer): edits at the text level, where parsers differ and a parsed value cannot
/// reach. A repeated key (Go keeps the last, some parsers the first), a number written another way, an
/// escape, a slip of syntax, nesting at a parser's depth limit; and one string value changed by the string mutations,
/// so digits at calendar edges, look-alikes and case swaps reach a timestamp or an id inside a document.
extension JSONMutator {
    /// Depths around common parser limits (Go's 10,000; 256, 512 and 1,000 elsewhere; this project's 64 and 100). The
    /// arrays wrap a member's value, so the document is deeper by the member's own level: wrapping a scalar member of
    /// the top object, 255 and 256 reach 256 and 257 levels; 254 covers a member one level down.
    static let nestingDepths = [64, 65, 100, 101, 254, 255, 256, 512, 513, 1000, 1001]

    /// Text whose first non-blank character opens an object or an array.
    static func looksLikeJSON(_ text: String) -> Bool {
        guard let first = text.utf8.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    mutating func mutate(jsonText text: String) -> (String, FuzzMutation) {
        let bytes = Array(text.utf8)
        switch random.next() % 6 {
        case 0:
            if let repeated = duplicateKey(in: text) { return (repeated, .jsonDuplicateKey) }
        case 1:
            let numbers = Self.tokens(in: bytes, where: Self.isNumberStart)
            if !numbers.isEmpty {
                let token = numbers[index(numbers.count)]
                let written = String(decoding: bytes[token], as: UTF8.self)
                let forms = [written + ".0", written + "e0", written + "E+00", "0" + written, "+" + written, "-0", written + ".", "1e400"]
                return (Self.replacing(bytes, token, with: forms[index(forms.count)]), .jsonNumberForm)
            }
            // A document of strings only: a member with a number no double holds, or one written against the grammar.
            if let open = bytes.firstIndex(of: UInt8(ascii: "{")) {
                let form = ["1e400", "-1e999", "01", "1.", "-", "0x10", "Infinity"][index(7)]
                let empty = bytes[(open + 1)...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "}")
                return (Self.replacing(bytes, (open + 1)..<(open + 1), with: #""n":"# + form + (empty ? "" : ",")), .jsonNumberForm)
            }
        case 2:
            // Inside a string literal: a lone surrogate escape, or a surrogate pair written as escapes.
            let contents = Self.stringContents(in: bytes)
            if !contents.isEmpty, chance(3) {
                let at = contents[index(contents.count)]
                let escape = ["\\ud800", "\\udc00", "\\ud83d\\ude00", "\\ude00\\ud83d", "\\u0000"][index(5)]
                return (Self.replacing(bytes, at..<at, with: escape), .jsonEscape)
            }
            // An ASCII letter inside a string literal written as \u00XX.
            let letters = Self.stringContents(in: bytes).filter { (0x41...0x7A).contains(bytes[$0]) || bytes[$0] == UInt8(ascii: "/") }
            if !letters.isEmpty {
                let at = letters[index(letters.count)]
                let escape = bytes[at] == UInt8(ascii: "/") && chance(2) ? "\\/" : "\\u00" + Hex.encode([bytes[at]])
                return (
                    Self.replacing(bytes, at..<(at + 1), with: chance(2) ? escape.uppercased().replacingBackslashU() : escape), .jsonEscape
                )
            }
        case 3:
            let depth = Self.nestingDepths[index(Self.nestingDepths.count)]
            // Any member's value, not only the first's: a reader that stops at the depth limit only where it reads a
            // field (an XRPC error's `error`) must be shown a deep member beside a field it reads.
            let colons = Self.tokens(in: bytes, where: { $0 == UInt8(ascii: ":") }).map(\.lowerBound)
            let open = colons.isEmpty ? 0 : colons[index(colons.count)] + 1
            if open > 0, let value = Self.valueEnd(in: bytes, from: open) {
                let inner = String(decoding: bytes[open..<value], as: UTF8.self)
                let wrapped = String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth)
                return (Self.replacing(bytes, open..<value, with: wrapped), .jsonNesting)
            }
        case 4:
            if let changed = mutateStringValue(in: bytes) { return changed }
        default:
            break
        }
        let slips: [(String) -> String] = [
            { text in
                guard let close = text.lastIndex(where: { $0 == "}" || $0 == "]" }) else { return text + "," }
                var changed = text
                changed.insert(",", at: close)
                return changed
            },
            { "\u{FEFF}" + $0 }, { $0 + " x" }, { $0 + "\n" }, { " \t\($0)" }, { String($0.dropLast()) },
            { text in text.firstIndex(of: ":").map { text.replacingCharacters(in: $0...$0, with: " : ") } ?? text }, { $0 + $0 },
        ]
        return (slips[index(slips.count)](text), .jsonSyntax)
    }

    /// The text with one member of its top-level object repeated first, with the same or a changed value.
    private mutating func duplicateKey(in text: String) -> String? {
        guard case .object(let object)? = try? JSONParser.parse(Array(text.utf8)), object.count > 0,
            let brace = text.firstIndex(of: "{")
        else { return nil }
        let key = object.keys[index(object.count)]
        var value = object[key]!
        if chance(2), let (changed, _) = mutate(value, allowed: nil, donor: nil) { value = changed }
        let member = JSONWriter().string(.object(JSONObject([(key, value)])))
        var changed = text
        changed.insert(contentsOf: member.dropFirst().dropLast() + ",", at: text.index(after: brace))
        return changed
    }

    private static func isNumberStart(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) }

    /// The ranges of tokens outside string literals that start with a byte `start` accepts and run over
    /// number characters after their first byte (a `:` then takes the digits of a number value after it).
    static func tokens(in bytes: [UInt8], where start: (UInt8) -> Bool) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var position = 0
        var inString = false
        while position < bytes.count {
            let byte = bytes[position]
            if inString {
                if byte == UInt8(ascii: "\\") { position += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                position += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                position += 1
            } else if start(byte) {
                let first = position
                position += 1
                while position < bytes.count, "0123456789+-.eE".utf8.contains(bytes[position]) { position += 1 }
                ranges.append(first..<position)
            } else {
                position += 1
            }
        }
        return ranges
    }

    /// The positions of unescaped bytes inside string literals that start a character (no UTF-8
    /// continuation byte: an insertion there would split a character into invalid UTF-8).
    static func stringContents(in bytes: [UInt8]) -> [Int] {
        var positions: [Int] = []
        var inString = false
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    position += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false } else if byte & 0xC0 != 0x80 { positions.append(position) }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
            position += 1
        }
        return positions
    }

    /// Where the JSON value starting at `start` (after blanks) ends: a scalar at the next `,` `}` `]`
    /// outside strings, a container at its matching close.
    static func valueEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var position = start
        while position < bytes.count {
            let byte = bytes[position]
            if inString {
                if byte == UInt8(ascii: "\\") { position += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if depth == 0 { return position }
                depth -= 1
                if depth == 0 { return position + 1 }
            } else if byte == UInt8(ascii: ","), depth == 0 {
                return position
            }
            position += 1
        }
        return nil
    }

    /// One string value of the text (not a key) changed by a string mutation and written back as a JSON string, the
    /// rest of the text as it was.
    private mutating func mutateStringValue(in bytes: [UInt8]) -> (String, FuzzMutation)? {
        let literals = Self.stringValues(in: bytes)
        guard !literals.isEmpty else { return nil }
        let literal = literals[index(literals.count)]
        guard case .string(let value)? = try? JSONParser.parse(Array(bytes[literal])) else { return nil }
        let (changed, mutation) = mutate(text: value)
        return (Self.replacing(bytes, literal, with: JSONWriter.compact(.string(changed))), mutation)
    }

    /// The ranges of the string literals, quotes included, that are values: not followed by a `:`.
    static func stringValues(in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var position = 0
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "\"") else {
                position += 1
                continue
            }
            let start = position
            position += 1
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard position < bytes.count else { break }
            position += 1
            let next = bytes[position...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            if next != UInt8(ascii: ":") { ranges.append(start..<position) }
        }
        return ranges
    }

    static func replacing(_ bytes: [UInt8], _ range: Range<Int>, with text: String) -> String {
        var changed = bytes
        changed.replaceSubrange(range, with: Array(text.utf8))
        return String(decoding: changed, as: UTF8.self)
    }
}

extension String {
    /// `\U00XX` back to `\u00XX` after upper-casing an escape: only the hex digits change case.
    fileprivate func replacingBackslashU() -> String { replacingOccurrences(of: "\\U", with: "\\u") }
}
