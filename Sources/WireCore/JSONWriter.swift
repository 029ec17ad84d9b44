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
        var out = [UInt8]()
        write(value, level: 0, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `value` as UTF-8 bytes.
    public func bytes(_ value: JSONValue) -> [UInt8] {
        var out = [UInt8]()
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

    private func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: "\\\"".utf8)
            case "\\": out.append(contentsOf: "\\\\".utf8)
            case "\n": out.append(contentsOf: "\\n".utf8)
            case "\r": out.append(contentsOf: "\\r".utf8)
            case "\t": out.append(contentsOf: "\\t".utf8)
            case "\u{08}": out.append(contentsOf: "\\b".utf8)
            case "\u{0C}": out.append(contentsOf: "\\f".utf8)
            case "/" where options.escapeSlash: out.append(contentsOf: "\\/".utf8)
            case _ where options.escapeHTML && ["<", ">", "&", "\u{2028}", "\u{2029}"].contains(scalar):
                escapeUnicode(scalar.value, &out)
            case _ where scalar.value < 0x20: escapeUnicode(scalar.value, &out)
            default: out.append(contentsOf: String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private func escapeUnicode(_ value: UInt32, _ out: inout [UInt8]) {
        out.append(contentsOf: "\\u".utf8)
        for shift in stride(from: 12, through: 0, by: -4) { out.append(Self.hex[Int(value >> UInt32(shift) & 0xf)]) }
    }
}
