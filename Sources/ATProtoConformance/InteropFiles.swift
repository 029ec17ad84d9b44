import ATProtoLexicon
import Foundation

/// The vendored atproto-interop-tests files (`Interop/`, a resource; its README names the source
/// repository, path and commit of each file).
public enum InteropFiles {
    /// The syntax file stems and the format each one tests.
    public static let syntaxStems: [(stem: String, format: StringFormat)] = [
        ("did", .did), ("handle", .handle), ("nsid", .nsid), ("tid", .tid), ("recordkey", .recordKey), ("aturi", .atURI),
        ("atidentifier", .atIdentifier), ("datetime", .datetime), ("cid", .cid), ("language", .language), ("uri", .uri),
    ]

    /// Two lines of the vendored `did_syntax_invalid.txt` come from a later revision (stricter
    /// percent-encoding) and contradict the vendored valid file, which lists `did:method:-:_:.:%ab`.
    public static let contradictedDIDLines: Set<String> = ["did:method:val%bb", "did:method:-:_:.:%ab"]

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
