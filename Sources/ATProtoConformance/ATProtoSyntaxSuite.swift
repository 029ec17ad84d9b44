import ATProtoLexicon
import ConformanceKit
import WireCore

/// `atproto/syntax`: every value of the atproto-interop-tests syntax files for the eleven string
/// formats, and this project's own edge cases (length limits at and one past the boundary, Unicode,
/// whitespace, calendar checks).
public struct ATProtoSyntaxSuite: VectorSuite {
    public init() {}
    public var id: String { "atproto/syntax" }

    /// `ATProtoSyntaxTest`: `atproto.syntax {format, value}` → `{}`, or `invalid-syntax`.
    public static let syntax = GroupKind(
        "ATProtoSyntaxTest", op: "atproto.syntax", params: [.oneOf("format", StringFormat.allCases.map(\.rawValue))],
        input: [.string("value")], expected: [])

    public var groupKinds: [GroupKind] { [Self.syntax] }
    public var operations: [ShimOperation] { [ATProtoOperations.syntax] }

    static let notes: [String: VectorFile.Note] = [
        "Interop": .init(
            bugType: .basic,
            description: "A value of bluesky-social/atproto-interop-tests (syntax/<format>_*.txt), with that file's verdict.",
            links: ["https://github.com/bluesky-social/atproto-interop-tests"]),
        "Boundary": .init(bugType: .edgeCase, description: "A length exactly at a limit of the format, or one past it."),
        "Unicode": .init(
            bugType: .canOfWorms, description: "Characters outside ASCII, where every format allows only ASCII (uri excepted)."),
        "Whitespace": .init(bugType: .edgeCase, description: "Leading, trailing or inner whitespace, including non-ASCII spaces."),
        "Calendar": .init(bugType: .edgeCase, description: "A datetime that parses but names no instant (or one before year 0)."),
        "Empty": .init(bugType: .basic, description: "The empty string."),
    ]

    struct Case {
        var format: StringFormat
        var value: String
        var flags: [String]
        var comment: String
    }

    func cases() -> [Case] {
        var list: [Case] = []
        for (stem, format) in InteropFiles.syntaxStems {
            let files = InteropFiles.syntaxFiles(stem)
            for name in [files.valid] + files.invalid {
                for value in InteropFiles.lines(name) where !(format == .did && InteropFiles.contradictedDIDLines.contains(value)) {
                    list.append(Case(format: format, value: value, flags: ["Interop"], comment: "atproto-interop-tests syntax/\(name)"))
                }
            }
        }
        list += ATProtoSyntaxEdgeCases.all
        return list
    }

    public func generate() -> VectorFile {
        var seen = Set<String>()
        let groups = StringFormat.allCases.map { format in
            var n = 0
            let tests = cases().filter { $0.format == format && seen.insert("\(format.rawValue) \($0.value)").inserted }.map { c in
                n += 1
                let id = "\(self.id)/\(format.rawValue)/\(n)"
                do throws(SyntaxError) {
                    try format.check(c.value)
                    return TestCase(
                        id: id, comment: "\(c.comment): valid", flags: c.flags, spec: ["atproto \(format.rawValue)"],
                        input: ["value": .string(c.value)], expected: [:], result: .valid)
                } catch {
                    return TestCase(
                        id: id, comment: "\(c.comment): \(error.reason)", flags: c.flags, spec: ["atproto \(format.rawValue)"],
                        input: ["value": .string(c.value)], result: .invalid, error: error.code)
                }
            }
            return TestGroup(type: Self.syntax.type, params: ["format": .string(format.rawValue)], tests: tests)
        }
        return VectorFile(
            format: "atproto", suite: id,
            spec: .init(
                name: "atproto string formats (Lexicon spec)", version: "atproto-interop-tests syntax/",
                url: "https://atproto.com/specs/lexicon"),
            header: [
                "The eleven atproto string formats, strict: datetime with a zone and seconds, at-uri without query or fragment, "
                    + "cid by the interop rule (8-256 of [A-Za-z0-9+=], not Qmb...), uri with an RFC 3986 scheme.",
                "Op atproto.syntax {format, value} -> {} or error invalid-syntax. Values are JSON strings, so whitespace survives.",
                "Two lines of the vendored did_syntax_invalid.txt contradict its valid file and are left out: did:method:val%bb and "
                    + "did:method:-:_:.:%ab (see Sources/ATProtoConformance/Interop/README.md).",
            ],
            notes: Self.notes, testGroups: groups)
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        file.allTests.compactMap { group, test in
            guard let format = group.params["format"]?.stringValue, let value = test.input["value"]?.stringValue,
                let index = StringFormat.allCases.firstIndex(where: { $0.rawValue == format })
            else { return nil }
            // FuzzATProtoSyntax reads the first byte as the format and the rest as the value.
            return CorpusSeed(target: "FuzzATProtoSyntax", bytes: [UInt8(index)] + Array(value.utf8))
        }
    }
}
