import ATProtoConformance
import ATProtoLexicon
import WireCore

/// The vendored atproto-interop-tests files, read through `InteropFiles` (the loader the
/// `atproto/syntax` generator uses).
enum InteropVectors {
    /// The valid and invalid values of one format (`_syntax_invalid` and `_parse_invalid` both invalid).
    static func values(_ stem: String) -> (valid: [String], invalid: [String]) {
        let files = InteropFiles.syntaxFiles(stem)
        return (InteropFiles.lines(files.valid), files.invalid.flatMap(InteropFiles.lines))
    }

    static func json(_ path: String) throws -> JSONValue { try JSONParser.parse(InteropFiles.data(path)) }
}
