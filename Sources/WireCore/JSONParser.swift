/// A strict RFC 8259 parser into `JSONValue`, keeping key order and reporting the byte offset of
/// the first problem. Depth is limited so hostile input cannot exhaust the stack. The `.go` dialect
/// reads as Go's `encoding/json` does for a struct of scalar fields.
public struct JSONParser {
    /// Whose reading of the grammar's edges the parser follows.
    public enum Dialect: Sendable {
        /// RFC 8259: strings must be valid UTF-8 without lone surrogate escapes, numbers must fit a
        /// double, nesting stops at `maximumDepth`.
        case strict
        /// Go's `encoding/json` decoding into a struct of strings and integers (cdev): an invalid
        /// UTF-8 byte in a string is U+FFFD (one per byte, `GoUTF8`), a lone surrogate escape is
        /// U+FFFD, a number beyond a double is read as an infinity (Go only converts the numbers of
        /// the fields it fills, and refuses those), and nesting may go to Go's `maxNestingDepth` of
        /// 10,000. Such a struct has no use for what is below the top level's values: a container
        /// there is checked for syntax without recursion and given as an empty one of its kind.
        case go
    }

    /// Go's `maxNestingDepth` in `encoding/json`'s scanner.
    public static let goMaximumDepth = 10_000

    /// What to do when an object repeats a key (formats differ: Go keeps the last, others reject).
    public enum DuplicateKeys: Sendable {
        case reject
        case keepFirst
        case keepLast
        /// Every member kept, in order, repeats included (for decoders such as Go's `encoding/json`
        /// that apply members one after another). Lookups by key then find the first.
        case keepAll
    }

    /// A syntax error and the byte offset where it was found.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The byte offset.
        public var offset: Int
        /// What was wrong there.
        public var reason: String
        public var description: String {
            // One buffer of the final size: the interpolation grew its own twice, and refused JSON is most
            // of what the fuzz targets send through this (each allocation is dear under AddressSanitizer).
            let at = " at byte " + String(offset)
            var text = "json: "
            text.reserveCapacity(text.utf8.count + reason.utf8.count + at.utf8.count)
            text += reason
            text += at
            return text
        }
    }

    /// The deepest nesting parsed (deeper input is refused, not a stack overflow).
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private let duplicateKeys: DuplicateKeys
    private let dialect: Dialect

    private init(_ bytes: [UInt8], duplicateKeys: DuplicateKeys, dialect: Dialect) {
        self.bytes = bytes
        self.duplicateKeys = duplicateKeys
        self.dialect = dialect
    }

    /// Parses `text` as one JSON value; `duplicateKeys` says what a repeated key does.
    public static func parse(_ text: String, duplicateKeys: DuplicateKeys = .reject) throws(Failure) -> JSONValue {
        try parse(Array(text.utf8), duplicateKeys: duplicateKeys)
    }

    /// Parses exactly one JSON value; only whitespace may follow it.
    public static func parse(_ bytes: [UInt8], duplicateKeys: DuplicateKeys = .reject, dialect: Dialect = .strict) throws(Failure)
        -> JSONValue
    {
        var parser = JSONParser(bytes, duplicateKeys: duplicateKeys, dialect: dialect)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.fail("unexpected data after the value") }
        return value
    }

    /// Parses the first JSON value and ignores what follows it, as Go's `json.Decoder.Decode` reads
    /// one value from a request body.
    public static func parseFirst(_ bytes: [UInt8], duplicateKeys: DuplicateKeys = .reject, dialect: Dialect = .strict)
        throws(Failure) -> JSONValue
    {
        var parser = JSONParser(bytes, duplicateKeys: duplicateKeys, dialect: dialect)
        parser.skipWhitespace()
        return try parser.parseValue()
    }

    private func fail(_ reason: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? index, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0a, 0x0d: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if dialect == .go && depth >= 1 { return try skipContainer() }
            return bytes[index] == UInt8(ascii: "{") ? try parseObject() : try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(Failure) {
        let count = literal.utf8.count
        guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(literal.utf8) else {
            throw fail("invalid literal")
        }
        index += count
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        let limit = dialect == .go ? Self.goMaximumDepth : Self.maximumDepth
        guard depth <= limit else { throw fail("nesting deeper than \(limit)") }
    }

    /// The `.go` dialect's reading of a container below the top level: its syntax checked with a
    /// stack of the brackets still open instead of recursion (Go allows 10,000 levels, more than a
    /// thread's stack holds frames for), and an empty container of its kind as the value.
    private mutating func skipContainer() throws(Failure) -> JSONValue {
        let isObject = bytes[index] == UInt8(ascii: "{")
        let outerDepth = depth
        var closers: [UInt8] = []
        // At the start of each turn the index is at a value (after a key's ':' inside objects).
        while true {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                try enter()
                let closer = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                closers.append(closer)
                index += 1
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end of input") }
                if bytes[index] != closer {
                    if closer == UInt8(ascii: "}") { try skipKey() }
                    continue
                }
            } else {
                _ = try parseValue()
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end of input") }
            }
            // After a value, or at the closing bracket of an empty container: close what ends here. The
            // stack is never empty here: the container's own closer returns below.
            while true {
                let closer = closers[closers.count - 1]
                if bytes[index] == closer {
                    index += 1
                    closers.removeLast()
                    depth -= 1
                    if closers.isEmpty {
                        precondition(depth == outerDepth)
                        return isObject ? .object(JSONObject()) : .array([])
                    }
                    skipWhitespace()
                    guard index < bytes.count else { throw fail("unexpected end of input") }
                    continue
                }
                guard bytes[index] == UInt8(ascii: ",") else {
                    throw fail(closer == UInt8(ascii: "}") ? "expected ',' or '}'" : "expected ',' or ']'")
                }
                index += 1
                skipWhitespace()
                if closer == UInt8(ascii: "}") { try skipKey() }
                guard index < bytes.count else { throw fail("unexpected end of input") }
                break
            }
        }
    }

    /// A member's key and its ':' inside a skipped object, leaving the index at the value.
    private mutating func skipKey() throws(Failure) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key string") }
        _ = try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
        index += 1
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end of input") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var object = JSONObject()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            let keyOffset = index
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key string") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            if duplicateKeys == .keepAll {
                object.append(key, value)
            } else if object[key] != nil {
                switch duplicateKeys {
                case .reject: throw fail("duplicate key \"\(key)\"", at: keyOffset)
                case .keepFirst, .keepAll: break
                case .keepLast: object[key] = value
                }
            } else {
                object[key] = value
            }
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input in object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(object)
            }
            throw fail("expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var array: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(array)
        }
        while true {
            skipWhitespace()
            array.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input in array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(array)
            }
            throw fail("expected ',' or ']'")
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt16 {
        // Read in place, two digits at a time: decoding a copy of the four bytes as hex cost two
        // arrays per escape, a tenth of FuzzCdevPairingJSON (perf).
        guard index + 4 <= bytes.count, let high = Hex.byte(bytes[index], bytes[index + 1]),
            let low = Hex.byte(bytes[index + 2], bytes[index + 3])
        else { throw fail("invalid \\u escape") }
        index += 4
        return UInt16(high) << 8 | UInt16(low)
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1  // opening quote
        let start = index
        // Most strings have no escape: find the closing quote and make the string straight from the
        // input (no intermediate array; ASCII needs no UTF-8 validation). Runs of printable ASCII are
        // skipped eight bytes at a time; the bytes of other characters are noted and stepped over.
        var isASCII = true
        while true {
            let from = index
            index = bytes.withUnsafeBufferPointer { JSONStringScan.plainEnd($0, from: from) }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte >= 0x80 {
                isASCII = false
                while index < bytes.count, bytes[index] >= 0x80 { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                index += 1
                if isASCII { return String(decoding: bytes[start..<index - 1], as: UTF8.self) }
                guard let string = String(validating: bytes[start..<index - 1], as: UTF8.self) else {
                    if dialect == .go { return GoUTF8.string(bytes[start..<index - 1]) }
                    throw fail("string is not valid UTF-8", at: start)
                }
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            throw fail("control character in string")
        }
        // An escape (or the end of the input): the general path, from where the scan stopped.
        var out = Array(bytes[start..<index])
        var runStart = index
        while true {
            let from = index
            index = bytes.withUnsafeBufferPointer { JSONStringScan.plainEnd($0, from: from) }
            guard index < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                out.append(contentsOf: bytes[runStart..<index])
                index += 1
                break
            }
            if byte < 0x20 { throw fail("control character in string") }
            if byte != UInt8(ascii: "\\") {
                index += 1  // a byte of a multi-byte character, validated with the rest at the end
                continue
            }
            out.append(contentsOf: bytes[runStart..<index])
            let escapeOffset = index
            index += 1
            guard index < bytes.count else { throw fail("unterminated escape") }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0c)
            case UInt8(ascii: "n"): out.append(0x0a)
            case UInt8(ascii: "r"): out.append(0x0d)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(try parseHex4())
                if (0xD800..<0xE000).contains(scalar) {
                    if let paired = try lowSurrogate(after: scalar) {
                        scalar = paired
                    } else if dialect == .go {
                        scalar = 0xFFFD  // Go's unquote: an unpaired surrogate is U+FFFD; what follows is read on its own
                    } else {
                        throw fail("unpaired surrogate", at: escapeOffset)
                    }
                }
                // Encoded straight into the output; a String per escape was the larger part of its cost.
                UTF8.encode(Unicode.Scalar(scalar)!) { out.append($0) }
            default: throw fail("invalid escape", at: escapeOffset)
            }
            runStart = index
        }
        guard let string = String(validating: out, as: UTF8.self) else {
            // The escapes wrote whole sequences, so what is invalid is the input's own bytes.
            if dialect == .go { return GoUTF8.string(out) }
            throw fail("string is not valid UTF-8", at: runStart)
        }
        return string
    }

    /// The scalar of a surrogate pair whose high half `high` was just read, consuming the low
    /// half's escape; nil (consuming nothing) when `high` is not a high surrogate or no low one follows.
    private mutating func lowSurrogate(after high: UInt32) throws(Failure) -> UInt32? {
        guard (0xD800..<0xDC00).contains(high), index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        else { return nil }
        let resume = index
        index += 2
        let low = UInt32(try parseHex4())
        guard (0xDC00..<0xE000).contains(low) else {
            index = resume
            return nil
        }
        return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw fail("truncated number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw fail("invalid number")
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits() > 0 else { throw fail("expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("expected a digit in the exponent") }
        }
        // Up to 18 characters an integer cannot overflow Int64: add it up without making a string.
        if isInteger, index - start <= 18 {
            let negative = bytes[start] == UInt8(ascii: "-")
            var value: Int64 = 0
            for digit in bytes[(negative ? start + 1 : start)..<index] { value = value * 10 + Int64(digit - UInt8(ascii: "0")) }
            return .int(negative ? -value : value)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int64(text) { return .int(value) }
        guard let value = Double(text) else { throw fail("number out of range", at: start) }
        guard value.isFinite || dialect == .go else { throw fail("number out of range", at: start) }
        return .double(value)
    }
}
