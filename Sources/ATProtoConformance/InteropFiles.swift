import ATProtoLexicon
import Foundation

/// The vendored atproto-interop-tests snapshot (`Interop/`, a resource; its README names the commit).
public enum InteropFiles {
    /// The syntax file stems and the format each one tests.
    public static let syntaxStems: [(stem: String, format: StringFormat)] = [
        ("did", .did), ("handle", .handle), ("nsid", .nsid), ("tid", .tid), ("recordkey", .recordKey), ("aturi", .atURI),
        ("atidentifier", .atIdentifier), ("datetime", .datetime), ("cid", .cid), ("language", .language), ("uri", .uri),
    ]

    /// The interop values on which this project's checker deliberately differs from the file, keyed by
    /// `format value`, with the reason; `atproto/syntax` makes these cases `acceptable`. Every other value
    /// gets its file's verdict (`InteropSyntaxTests`).
    public static let projectRules: [String: String] = [
        "language jaja":
            "a four-letter primary language subtag is well-formed BCP 47 (reserved for future use); the spec asks for "
            + "well-formed tags, so the checker accepts it",
        "language JA": "BCP 47 tags are case-insensitive; the spec asks for well-formed tags, so the checker accepts upper case",
    ]

    /// Why a value of a `<stem>_parse_invalid.txt` file may be accepted or refused: the file lists values
    /// that are well-formed but not valid. For language tags (repeated variant or extension subtags) the
    /// spec asks only for well-formed tags and upstream's own `isValidLanguage` accepts them, while this
    /// checker refuses them, so both verdicts conform.
    public static let parseInvalidRule: [String: String] = [
        "language":
            "well-formed but not a valid tag (a repeated variant or extension subtag): the spec asks for well-formed tags and "
            + "upstream's isValidLanguage accepts these; this checker refuses them"
    ]

    /// The bytes of `Interop/<path>`.
    public static func data(_ path: String) -> [UInt8] {
        let parts = path.split(separator: "/").map(String.init)
        let name = parts.last!
        let directory = (["Interop"] + parts.dropLast()).joined(separator: "/")
        let dot = name.lastIndex(of: ".")!
        guard
            let url = Bundle.module.url(
                forResource: String(name[..<dot]), withExtension: String(name[name.index(after: dot)...]), subdirectory: directory),
            let data = FileManager.default.contents(atPath: url.path)
        else { preconditionFailure("the interop resource \(path) is missing from the ATProtoConformance bundle") }
        return Array(data)
    }

    /// The values of one syntax file: each line that is neither empty nor a `#` comment, whitespace kept.
    public static func lines(_ name: String) -> [String] {
        String(decoding: data("syntax/\(name)"), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The file names of `syntax/` for `stem`: the valid file, then the invalid ones.
    public static func syntaxFiles(_ stem: String) -> (valid: String, invalid: [String]) {
        let invalid = ["\(stem)_syntax_invalid.txt"] + (["datetime", "language"].contains(stem) ? ["\(stem)_parse_invalid.txt"] : [])
        return ("\(stem)_syntax_valid.txt", invalid)
    }
}
