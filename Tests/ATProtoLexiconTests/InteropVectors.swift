import ATProtoLexicon
import Foundation
import WireCheckTestSupport
import WireCore

/// The vendored atproto-interop-tests files (Sources/ATProtoConformance/Interop, see its README).
enum InteropVectors {
    static let directory = "\(Repository.root)/Sources/ATProtoConformance/Interop"

    /// The file stems of `syntax/` and the format each one tests.
    static let syntaxFiles: [(stem: String, format: StringFormat)] = [
        ("did", .did), ("handle", .handle), ("nsid", .nsid), ("tid", .tid), ("recordkey", .recordKey), ("aturi", .atURI),
        ("atidentifier", .atIdentifier), ("datetime", .datetime), ("cid", .cid), ("language", .language), ("uri", .uri),
    ]

    /// The values of one syntax file: every line that is neither empty nor a `#` comment, whitespace kept.
    static func lines(_ name: String) throws -> [String] {
        let text = try String(contentsOfFile: "\(directory)/syntax/\(name)", encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The valid and invalid values of one format (`_syntax_invalid` and `_parse_invalid` both invalid).
    static func values(_ stem: String) throws -> (valid: [String], invalid: [String]) {
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(directory)/syntax")
        var invalid: [String] = []
        for name in names.sorted() where name.hasPrefix(stem + "_") && name.hasSuffix("_invalid.txt") { invalid += try lines(name) }
        return (try lines("\(stem)_syntax_valid.txt"), invalid)
    }

    static func json(_ path: String) throws -> JSONValue {
        try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(path)"))))
    }
}
