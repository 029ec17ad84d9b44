import ATProtoConformance
import ATProtoLexicon
import CatbirdMLS
import ConformanceKit
import WireCore

/// `mls/lexicon`: values checked against the Catbird MLS v0 lexicons — for every def and every
/// endpoint's params, input and output, a full and a minimal valid value, then one change per
/// constraint (each required field removed, each limit met and passed by one, each format broken,
/// each type replaced, nulls) and the changes a validator must accept.
public struct MLSLexiconSuite: VectorSuite {
    public init() {}
    public var id: String { "mls/lexicon" }
    typealias F = MLSFields

    /// `MLSValidateTest`: `mls.validate {lexicon, value}` → `{}`, or `invalid-value` with `errors`
    /// [{path, code, message}]. An invalid case's `expected.errors` names the JSON pointer the
    /// rejection must point at (compared under `--strict`).
    public static let validate = GroupKind(
        "MLSValidateTest", op: "mls.validate", params: [F.lexicon], input: [F.value], expected: [F.errors])

    public var groupKinds: [GroupKind] { [Self.validate] }

    /// The suite's flags, as the vectors spell them (explained in `notes`): `Example` for the valid
    /// examples, and the flag of each kind of lexicon mutation, so a new kind is a new flag here at once
    /// (and `VectorFile` stops the generator until `notes` explains it).
    enum Flag: CaseFlag {
        case example
        case mutation(LexiconMutation.Flag)

        static var allCases: [Flag] { [.example] + LexiconMutation.Flag.allCases.map(Flag.mutation) }

        init?(rawValue: String) {
            if rawValue == "Example" {
                self = .example
            } else if let mutation = LexiconMutation.Flag(rawValue: rawValue) {
                self = .mutation(mutation)
            } else {
                return nil
            }
        }

        var rawValue: String {
            switch self {
            case .example: "Example"
            case .mutation(let mutation): mutation.rawValue
            }
        }
    }

    static let notes: [Flag: VectorFile.Note] = [
        .example: .init(bugType: .basic, description: "A valid value: every field (full) or the required ones only (minimal)."),
        .mutation(.required): .init(bugType: .missingStep, description: "A required field without a default is missing."),
        .mutation(.null): .init(bugType: .edgeCase, description: "null where the field is not nullable: null and absent are different."),
        .mutation(.type): .init(bugType: .basic, description: "A value of another JSON type."),
        .mutation(.limit): .init(
            bugType: .edgeCase, description: "A length, count, size or range exactly at its limit (valid) or one past it."),
        .mutation(.utf8Length): .init(
            bugType: .canOfWorms,
            description: "A string within maxLength characters but over maxLength UTF-8 bytes: lexicon lengths count bytes."),
        .mutation(.format): .init(bugType: .basic, description: "A string that breaks its format (did, datetime, at-uri, ...)."),
        .mutation(.enum): .init(bugType: .basic, description: "A value outside a closed enum."),
        .mutation(.openSet): .init(bugType: .interop, description: "A value outside knownValues: an open set, so it must be accepted."),
        .mutation(.unknownField): .init(bugType: .interop, description: "An undeclared field: lexicon validators ignore unknown fields."),
        .mutation(.integerLikeFloat): .init(
            bugType: .interop, description: "An integer written as an integral float (3.0), which the data model accepts."),
        .mutation(.default): .init(
            bugType: .functionality, description: "An optional field with a default left out: valid, and the default applies."),
        .mutation(.blob): .init(bugType: .basic, description: "A blob without its ref, or of a MIME type accept does not list."),
        .mutation(.const): .init(bugType: .basic, description: "Not the const value."),
        .mutation(.token): .init(bugType: .basic, description: "Not the name of the token the ref names."),
        .mutation(.union): .init(bugType: .basic, description: "A union member without $type, or with one the union does not list."),
    ]

    public func generate() -> VectorFile {
        let catalog = CatbirdLexicons.catalog
        let examples = LexiconExamples(catalog: catalog)
        let mutations = LexiconMutations(catalog: catalog)
        let validator = CatbirdLexicons.validator()
        let groups = MLSLexiconTargets.all.compactMap { name -> TestGroup? in
            guard let (schema, base) = MLSLexiconTargets.schema(name) else { return nil }
            let full = examples.example(schema, base: base, full: true)
            let minimal = examples.example(schema, base: base, full: false)
            var cases: [(value: JSONValue, flags: [Flag], comment: String, path: JSONPointer?, code: ValidationError.Code?)] = [
                (full, [.example], "every field", nil, nil)
            ]
            if minimal != full { cases.append((minimal, [.example], "required fields only", nil, nil)) }
            for m in mutations.mutations(of: schema, base: base, example: full) {
                cases.append(
                    (full.replacing(at: m.path, with: m.replacement), [.mutation(m.flag)], "\(m.path): \(m.comment)", m.path, m.expected))
            }
            var seen = Set<String>()
            var tests: [TestCase] = []
            for c in cases where seen.insert(JSONWriter.compact(c.value)).inserted {
                // Case ids keep to [A-Za-z0-9._+/-]: `nsid#part` is written `nsid/part`.
                let id = "\(self.id)/\(name.split(separator: "#").joined(separator: "/"))/\(tests.count + 1)"
                let errors = (try? validator.validate(c.value, against: name).errors) ?? []
                if errors.isEmpty {
                    tests.append(
                        TestCase(
                            id: id, comment: c.comment, flags: c.flags, spec: ["catbird-mls 2-3"], input: JSONObject(F.value(c.value)),
                            expected: [:], result: .valid))
                } else {
                    var expected: JSONObject = [:]
                    if let path = c.path, let code = c.code {
                        expected.set(F.errors, [.object(JSONObject(F.errorPath(path.description), F.errorCode(code.rawValue)))])
                    }
                    tests.append(
                        TestCase(
                            id: id, comment: "\(c.comment) (\(errors.map(\.description).joined(separator: "; ")))", flags: c.flags,
                            spec: ["catbird-mls 2-3", "atproto Lexicon"], input: JSONObject(F.value(c.value)), expected: expected,
                            result: .invalid,
                            error: MLSOps.invalidValueCode))
                }
            }
            return TestGroup(type: Self.validate.type, params: JSONObject(F.lexicon(name)), tests: tests)
        }
        return VectorFile(
            format: "mls", suite: id,
            spec: .init(
                name: "Catbird MLS API v0 lexicons (blue.catbird.mls.*)", version: "v0 (mls-ds c52bfec), as Lexicon v1",
                url: "https://atproto.com/specs/lexicon"),
            header: [
                "Values validated against this project's Lexicon v1 documents of the Catbird MLS v0 contract "
                    + "(Sources/CatbirdMLS/Lexicons).",
                "Op mls.validate {lexicon, value} -> {} or error invalid-value with errors [{path, code, message}]; lexicon is nsid#def, "
                    + "or nsid#params / #input / #output for an endpoint. An invalid case's expected.errors gives the JSON pointer the "
                    + "rejection must name (checked with --strict; codes are the implementation's own).",
                "Validation is of decoded values: strings as declared (v0 bytes are base64 strings), datetimes strict.",
            ],
            notes: Self.notes, testGroups: groups)
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        file.allTests.compactMap { group, test in
            guard let name = group.params[F.lexicon], let value = test.input[F.value],
                let index = MLSLexiconTargets.all.firstIndex(of: name), index < 256
            else { return nil }
            let bytes = JSONWriter().bytes(value)
            // FuzzLexiconValidate reads the first byte as the target and the rest as JSON; seeds over 64 KiB are left out.
            return bytes.count < 65_536 ? CorpusSeed(target: "FuzzLexiconValidate", bytes: [UInt8(index)] + bytes) : nil
        } + modelSeeds(from: file)
    }

    /// The valid output values, for FuzzMLSModels (first byte: the endpoint's index in `MLSEndpoint.allCases`).
    func modelSeeds(from file: VectorFile) -> [CorpusSeed] {
        let order = MLSEndpoint.allCases.map(\.rawValue)
        return file.allTests.compactMap { group, test in
            guard test.result == .valid, let name = group.params[F.lexicon], name.hasSuffix("#output"),
                let index = order.firstIndex(of: String(name.dropFirst("blue.catbird.mls.".count).dropLast("#output".count))),
                let value = test.input[F.value]
            else { return nil }
            return CorpusSeed(target: "FuzzMLSModels", bytes: [UInt8(index)] + JSONWriter().bytes(value))
        }
    }
}
