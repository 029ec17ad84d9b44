/// Writes `JSONValue` with keys in their stored order, compact (the wire) or indented (vector files).
public struct JSONWriter: Sendable {
    /// Escaping choices that differ between the systems this project reproduces.
    public struct Options: Sendable {
        /// Foundation's `JSONEncoder` writes `/` as `\/` unless told not to (FlowDown payload JSON).
        public var escapeSlash = false
        /// Go's `encoding/json` writes `<`, `>`, `&`, U+2028 and U+2029 as `\uXXXX` (cdev tokens).
        public var escapeHTML = false
        /// Indent with this many spaces per level; nil writes compact JSON with no whitespace.
        public var indent: Int? = nil

        /// Options; the defaults write compact JSON escaping only what JSON requires.
        public init(escapeSlash: Bool = false, escapeHTML: Bool = false, indent: Int? = nil) {
            self.escapeSlash = escapeSlash
            self.escapeHTML = escapeHTML
            self.indent = indent
        }
    }

    /// How values are written.
    public var options: Options

    /// A writer.
    public init(options: Options = Options()) { self.options = options }

    /// Compact JSON.
    public static func compact(_ value: JSONValue) -> String { JSONWriter().string(value) }
    /// Two-space indented JSON.
    public static func pretty(_ value: JSONValue) -> String { JSONWriter(options: .init(indent: 2)).string(value) }

    /// `value` as text.
    public func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// `value` as UTF-8 bytes, in a buffer with room for `capacity` bytes from the start.
    ///
    /// A caller that knows the usual size of its documents passes it (cdev's responses do): grown from
    /// empty, the buffer is reallocated five or six times for a few hundred bytes, and under
    /// AddressSanitizer those reallocations were the dearest part of an error reply in FuzzCdevAuthBody.
    /// The default stays empty: 512 bytes reserved for every document cost FuzzCdevPairingJSON, which
    /// writes many small ones, a fifth of its exec/s (measured; AddressSanitizer's work per allocated byte
    /// is the likely reason).
    public func bytes(_ value: JSONValue, reservingCapacity capacity: Int = 0) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(capacity)
        write(value, level: 0, into: &out)
        return out
    }

    private func newline(_ level: Int, _ out: inout [UInt8]) {
        guard let indent = options.indent else { return }
        out.append(0x0a)
        out.append(contentsOf: repeatElement(0x20, count: indent * level))
    }

    private func write(_ value: JSONValue, level: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d):
            // JSON has no NaN or infinity; they never occur in values this project writes.
            out.append(contentsOf: (d.isFinite ? "\(d)" : "null").utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(level + 1, &out)
                write(element, level: level + 1, into: &out)
            }
            if !elements.isEmpty { newline(level, &out) }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (i, member) in object.members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(level + 1, &out)
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if options.indent != nil { out.append(0x20) }
                write(member.value, level: level + 1, into: &out)
            }
            if object.count > 0 { newline(level, &out) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// The string's UTF-8, runs of bytes that need no escape copied at once. Every byte that may need
    /// one is ASCII, or 0xE2, the first byte of U+2028 and U+2029 (a Swift string is valid UTF-8, so
    /// a byte of any other character never looks like these). Writing scalar by scalar, each through a
    /// String of its own, was most of the writer's time.
    private func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            func flush() { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            while index < bytes.count {
                let byte = bytes[index]
                let kind = Self.byteKind[Int(byte)]
                if kind == Self.plain {
                    index += 1
                    continue
                }
                var escaped: StaticString? = nil
                var unicode: UInt32? = nil
                var width = 1
                switch kind {
                case Self.quoteOrBackslash: escaped = byte == UInt8(ascii: "\"") ? "\\\"" : "\\\\"
                case Self.control:
                    switch byte {
                    case 0x0A: escaped = "\\n"
                    case 0x0D: escaped = "\\r"
                    case 0x09: escaped = "\\t"
                    case 0x08: escaped = "\\b"
                    case 0x0C: escaped = "\\f"
                    default: unicode = UInt32(byte)
                    }
                case Self.slash: if options.escapeSlash { escaped = "\\/" }
                case Self.html: if options.escapeHTML { unicode = UInt32(byte) }
                default:  // 0xE2: U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                    if options.escapeHTML, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 {
                        unicode = 0x2028 | UInt32(bytes[index + 2] & 1)
                        width = 3
                    }
                }
                if escaped == nil && unicode == nil {
                    index += 1
                    continue
                }
                flush()
                if let escaped { out.append(contentsOf: UnsafeBufferPointer(start: escaped.utf8Start, count: escaped.utf8CodeUnitCount)) }
                if let unicode { escapeUnicode(unicode, &out) }
                index += width
                runStart = index
            }
            flush()
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let plain: UInt8 = 0
    private static let quoteOrBackslash: UInt8 = 1
    private static let control: UInt8 = 2
    private static let slash: UInt8 = 3
    private static let html: UInt8 = 4
    private static let lineSeparatorLead: UInt8 = 5
    /// What each byte may need: nothing, always an escape, or one only under an option.
    private static let byteKind: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
        switch byte {
        case 0..<0x20: control
        case 0x22, 0x5C: quoteOrBackslash
        case 0x2F: slash
        case 0x3C, 0x3E, 0x26: html
        case 0xE2: lineSeparatorLead
        default: plain
        }
    }

    private func escapeUnicode(_ value: UInt32, _ out: inout [UInt8]) {
        // Byte by byte: appending the `\u` literal's UTF8View went through generic collection code.
        out.append(UInt8(ascii: "\\"))
        out.append(UInt8(ascii: "u"))
        out.append(Self.hex[Int(value >> 12 & 0xf)])
        out.append(Self.hex[Int(value >> 8 & 0xf)])
        out.append(Self.hex[Int(value >> 4 & 0xf)])
        out.append(Self.hex[Int(value & 0xf)])
    }
}
