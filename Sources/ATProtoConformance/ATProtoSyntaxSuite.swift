import ATProtoLexicon
import ConformanceKit
import WireCore

/// `atproto/syntax`: every value of the atproto-interop-tests syntax files for the eleven string
/// formats, and this project's own edge cases (length limits at and one past the boundary, Unicode,
/// whitespace, calendar checks).
public struct ATProtoSyntaxSuite: VectorSuite {
    public init() {}
    public var id: String { "atproto/syntax" }
    typealias F = ATProtoFields

    /// `ATProtoSyntaxTest`: `atproto.syntax {format, value}` → `{}`, or `invalid-syntax`.
    public static let syntax = GroupKind("ATProtoSyntaxTest", op: "atproto.syntax", params: [F.format], input: [F.value], expected: [])

    public var groupKinds: [GroupKind] { [Self.syntax] }

    /// The suite's flags, as the vectors spell them (explained in `notes`).
    enum Flag: String, CaseFlag {
        case interop = "Interop"
        case boundary = "Boundary"
        case unicode = "Unicode"
        case whitespace = "Whitespace"
        case calendar = "Calendar"
        case empty = "Empty"
        case authority = "Authority"
        case collection = "Collection"
        case privateUse = "PrivateUse"
        case projectRule = "ProjectRule"
        case langtagGrammar = "LangtagGrammar"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .interop: .init(
            bugType: .basic,
            description: "A value of bluesky-social/atproto-interop-tests (syntax/<format>_*.txt), with that file's verdict.",
            links: ["https://github.com/bluesky-social/atproto-interop-tests"]),
        .boundary: .init(bugType: .edgeCase, description: "A length exactly at a limit of the format, or one past it."),
        .unicode: .init(
            bugType: .canOfWorms, description: "Characters outside ASCII, where every format allows only ASCII (uri excepted)."),
        .whitespace: .init(bugType: .edgeCase, description: "Leading, trailing or inner whitespace, including non-ASCII spaces."),
        .calendar: .init(bugType: .edgeCase, description: "A datetime that parses but names no instant (or one before year 0)."),
        .empty: .init(bugType: .basic, description: "The empty string."),
        .authority: .init(
            bugType: .edgeCase, description: "An at-uri authority that is a DID whose identifier holds ':', '%' or '_'."),
        .collection: .init(
            bugType: .edgeCase,
            description: "An at-uri whose collection must be checked as an NSID (at least three segments; a domain segment "
                + "after the first may start with a digit, the name may not), where a pattern of its own is looser or stricter."),
        .privateUse: .init(bugType: .edgeCase, description: "A private-use language tag (x-…), in either case."),
        .langtagGrammar: .init(
            bugType: .edgeCase,
            description: "Each part of BCP 47's langtag grammar at its edges: extlang, script, region (two letters or three "
                + "digits), variant (5 to 8 alphanumerics, or a digit and three), extension, private use and the grandfathered "
                + "tags; one character more or less makes it another part, or none."),
        .projectRule: .init(
            bugType: .interop,
            description:
                "An interop value on which this project's rule deliberately differs from the file, a value the file lists as "
                + "well-formed but not valid, or a value the spec itself lets a checker accept or refuse: accepting or refusing "
                + "conforms; the comment says why."),
    ]

    struct Case {
        var format: StringFormat
        var value: String
        var flags: [Flag]
        var comment: String
        /// The interop file's verdict (true: its valid file); nil for this project's own cases, whose
        /// verdict is the reference checker's.
        var fileVerdict: Bool? = nil
        /// Why either verdict conforms (the case is `acceptable`).
        var eitherBecause: String? = nil
    }

    func cases() -> [Case] {
        var list: [Case] = []
        for (stem, format) in InteropFiles.syntaxStems {
            let files = InteropFiles.syntaxFiles(stem)
            for name in [files.valid] + files.invalid {
                let why = name.hasSuffix("_parse_invalid.txt") ? InteropFiles.parseInvalidRule[stem] : nil
                for value in InteropFiles.lines(name) {
                    list.append(
                        Case(
                            format: format, value: value, flags: [.interop], comment: "atproto-interop-tests syntax/\(name)",
                            fileVerdict: name == files.valid,
                            eitherBecause: why ?? InteropFiles.projectRules["\(format.rawValue) \(value)"]))
                }
            }
        }
        list += ATProtoSyntaxEdgeCases.all
        return list
    }

    public func generate() -> VectorFile {
        var seen = Set<String>()
        let groups = StringFormat.allCases.map { format in
            let tests = cases().filter { $0.format == format && seen.insert("\(format.rawValue) \($0.value)").inserted }.map { c in
                let id = "\(self.id)/\(format.rawValue)/\(Self.slug(c.value))"
                let spec = ["atproto \(format.rawValue)"]
                let input = JSONObject(F.value(c.value))
                if let why = c.eitherBecause {
                    return TestCase(
                        id: id, comment: "\(c.comment): either verdict conforms, \(why)", flags: c.flags + [.projectRule], spec: spec,
                        input: input, expected: [:], result: .acceptable)
                }
                // An interop value has its file's verdict; the project's own cases the reference's.
                let refusal: SyntaxError?
                do throws(SyntaxError) {
                    try format.check(c.value)
                    refusal = nil
                } catch {
                    refusal = error
                }
                if c.fileVerdict ?? (refusal == nil) {
                    return TestCase(
                        id: id, comment: "\(c.comment): valid", flags: c.flags, spec: spec, input: input, expected: [:], result: .valid)
                }
                return TestCase(
                    id: id, comment: "\(c.comment): \(refusal?.reason ?? "refused by the interop file")", flags: c.flags, spec: spec,
                    input: input, result: .invalid, error: refusal?.code ?? "invalid-syntax")
            }
            return TestGroup(type: Self.syntax.type, params: JSONObject(F.format(format)), tests: tests)
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
                "The interop values are atproto-interop-tests at 056e574, each with its file's verdict; cases flagged ProjectRule "
                    + "are acceptable, with the reason (Sources/ATProtoConformance/Interop/README.md).",
            ],
            notes: Self.notes, testGroups: groups)
    }

    /// A case's id within its format, from its value alone (FNV-1a, 48 bits in hex), so that a value keeps
    /// its id when the interop files gain or lose lines around it.
    static func slug(_ value: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in value.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash >> 16, radix: 16)
        return "v" + String(repeating: "0", count: 12 - hex.count) + hex
    }

    /// A value is judged by the ambiguity rules of its format (`ATProtoSyntaxAmbiguity`).
    public func ambiguity(of input: JSONObject, in group: TestGroup) -> InputAmbiguity {
        guard let format = group.params[F.format], let value = input[F.value] else { return .unknown }
        return ATProtoSyntaxAmbiguity.ambiguity(format, value)
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        file.allTests.compactMap { group, test in
            guard let format = group.params[F.format], let value = test.input[F.value],
                let index = StringFormat.allCases.firstIndex(of: format)
            else { return nil }
            // FuzzATProtoSyntax reads the first byte as the format and the rest as the value.
            return CorpusSeed(target: "FuzzATProtoSyntax", bytes: [UInt8(index)] + Array(value.utf8))
        }
    }
}
