/// The string formats of atproto lexicons (Lexicon spec, "string formats"), each with a standalone
/// syntax check. The checks follow the atproto spec text and the atproto-interop-tests vectors
/// (strict: datetime with a timezone, at-uri without query or fragment).
public enum StringFormat: String, CaseIterable, Sendable {
    case did
    case handle
    case nsid
    case tid
    case recordKey = "record-key"
    case atURI = "at-uri"
    case uri
    case cid
    case datetime
    case language
    case atIdentifier = "at-identifier"

    /// Throws `SyntaxError` unless `value` is valid in this format.
    public func check(_ value: String) throws(SyntaxError) {
        let bytes = Array(value.utf8)
        switch self {
        case .did: try DIDSyntax.check(bytes)
        case .handle: try HandleSyntax.check(bytes)
        case .nsid: try NSIDSyntax.check(bytes)
        case .tid: try TIDSyntax.check(bytes)
        case .recordKey: try RecordKeySyntax.check(bytes)
        case .atURI: try ATURISyntax.check(bytes)
        case .uri: try URISyntax.check(value)
        case .cid: try CIDSyntax.check(bytes)
        case .datetime: _ = try Datetime.parse(bytes)
        case .language: try LanguageTagSyntax.check(bytes)
        case .atIdentifier: try ATIdentifierSyntax.check(bytes)
        }
    }

    /// Whether `value` is valid in this format.
    public func isValid(_ value: String) -> Bool {
        do {
            try check(value)
            return true
        } catch {
            return false
        }
    }
}

/// Byte classes shared by the syntax checks (all ASCII).
enum ASCII {
    static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    static func isAlnum(_ b: UInt8) -> Bool { isAlpha(b) || isDigit(b) }
    static func isLower(_ b: UInt8) -> Bool { b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
    static let hyphen = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let colon = UInt8(ascii: ":")
    static let slash = UInt8(ascii: "/")

    /// A printable description of one byte for error messages.
    static func show(_ b: UInt8) -> String {
        b >= 0x21 && b < 0x7f ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x" + String(b, radix: 16)
    }
}
