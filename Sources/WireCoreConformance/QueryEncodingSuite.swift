import ConformanceKit
import WireCore

/// `wirecore/query-encoding`: Apple `URLComponents` query encoding and decoding, the contract
/// FlowDown's exchange signatures depend on (FlowDown spec section 3).
public struct QueryEncodingSuite: VectorSuite {
    public init() {}
    public var id: String { "wirecore/query-encoding" }
    typealias F = WireCoreFields

    /// `QueryEncodeTest`: `wirecore.queryEncode {items}` → `{query}`.
    public static let encode = GroupKind("QueryEncodeTest", op: "wirecore.queryEncode", input: [F.items], expected: [F.query])
    /// `QueryDecodeTest`: `wirecore.queryDecode {query}` → `{items}`.
    public static let decode = GroupKind("QueryDecodeTest", op: "wirecore.queryDecode", input: [F.query], expected: [F.items])

    public var groupKinds: [GroupKind] { [Self.encode, Self.decode] }

    /// A query with a stray `%` (a `%` not followed by two hex digits) has two readings (contract wirecore.md 3.2,
    /// `StrayPercent`): the getter's, which is the reference's, and the literal one of Swift 6 `URL(string:)`; no
    /// other. Any other query has the reference's reading only, whatever case it was made from.
    public func ambiguity(of input: JSONObject, in group: TestGroup) -> InputAmbiguity {
        guard group.type == Self.decode.type, let query = input[F.query] else { return .unknown }
        guard URLQueryEncoding.hasStrayPercent(query) else { return .referenceOnly }
        return .oneOf(
            "a stray '%': the getter's reading or Swift 6 URL's literal one (StrayPercent)",
            results: [JSONObject(F.items(URLQueryEncoding.literalItems(query)))])
    }

    /// The flags of `wirecore/query-encoding`, the keys of its notes.
    enum Flag: String, CaseFlag {
        case asciiByte = "AsciiByte"
        case utf8 = "Utf8"
        case plusIsLiteral = "PlusIsLiteral"
        case base64Value = "Base64Value"
        case nilValue = "NilValue"
        case invalidEscape = "InvalidEscape"
        case strayPercent = "StrayPercent"
        case specExample = "SpecExample"
        case itemOrder = "ItemOrder"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .asciiByte: .init(
            bugType: .canonicalization,
            description: "One ASCII byte as a value: literal if in the allowed set, otherwise %XX with uppercase hex."),
        .utf8: .init(bugType: .canonicalization, description: "Multi-byte UTF-8: every byte is percent-encoded."),
        .plusIsLiteral: .init(
            bugType: .interop,
            description: "'+' is left literal when encoding and is never a space when decoding (this is not form encoding)."),
        .base64Value: .init(
            bugType: .canonicalization, description: "A Base64 value as FlowDown sends pk/sig/payload: '+' and '/' literal, '=' as %3D."),
        .nilValue: .init(bugType: .defined, description: "An item without '=' has no value; a nil value is written as the bare name."),
        .invalidEscape: .init(
            bugType: .edgeCase,
            description: "Escapes that do not decode to UTF-8: the URLComponents.queryItems getter makes the name \"\" and the value nil."),
        .strayPercent: .init(
            bugType: .interop,
            description:
                "A '%' not followed by two hex digits. The queryItems getter on such a query gives name \"\" / value nil (the expected "
                + "output), but URL(string:) in Swift 6 Foundation and iOS 17+ first re-encodes the stray '%' as %25, so the text "
                + "arrives literally, and with it every other name and value of the query (the whole query is re-encoded). Both are "
                + "seen in the field; --strict requires the getter's result. FlowDown's verdicts on such URLs are pinned by the "
                + "flowdown cases flagged LiteralQuery."
        ),
        .specExample: .init(
            bugType: .interop, description: "The string verified against Foundation on Linux Swift 6.3.1 in the FlowDown spec section 3."),
        .itemOrder: .init(bugType: .canonicalization, description: "Items keep their order; the encoded query is what FlowDown signs."),
    ]

    private func encodeCase(_ slug: String, _ comment: String, _ flags: [Flag], _ items: [QueryItem]) -> TestCase {
        TestCase(
            id: "\(id)/encode-\(slug)", comment: comment, flags: flags, spec: ["FlowDown 3"],
            input: JSONObject(F.items(items)), expected: JSONObject(F.query(URLQueryEncoding.encode(items))), result: .valid)
    }

    private func decodeCase(
        _ slug: String, _ comment: String, _ flags: [Flag], _ query: String, result: ExpectedResult = .valid
    ) -> TestCase {
        TestCase(
            id: "\(id)/decode-\(slug)", comment: comment, flags: flags, spec: ["FlowDown 3"],
            input: JSONObject(F.query(query)), expected: JSONObject(F.items(URLQueryEncoding.decode(query))), result: result)
    }

    public func generate() -> VectorFile {
        var encode: [TestCase] = (0..<128).map { byte in
            let char = String(UnicodeScalar(UInt8(byte)))
            return encodeCase(
                String(format: "ascii-%02x", byte), "value a\(String(format: "%02X", byte))b: byte 0x%02X between two letters",
                [.asciiByte], [QueryItem("v", "a" + char + "b")])
        }
        encode += [
            encodeCase(
                "spec-example", "the FlowDown spec section 3 string, checked against Foundation", [.specExample],
                [QueryItem("v", "ab+/=c&d é!$'()*,;:@?~#%[]\"<>^`{|}\\")]),
            encodeCase("utf8-e-acute", "é is two UTF-8 bytes", [.utf8], [QueryItem("app_name", "Café")]),
            encodeCase("utf8-emoji", "an emoji is four UTF-8 bytes", [.utf8], [QueryItem("reason", "need 🤖 models")]),
            encodeCase("utf8-cjk", "CJK characters are three UTF-8 bytes each", [.utf8], [QueryItem("reason", "模型")]),
            encodeCase("percent", "a literal percent sign becomes %25", [.asciiByte], [QueryItem("reason", "100% sure")]),
            encodeCase("plus", "'+' stays literal", [.plusIsLiteral], [QueryItem("v", "a+b")]),
            encodeCase(
                "base64-padding", "a Base64 pk: '+' and '/' literal, padding %3D%3D", [.base64Value],
                [QueryItem("pk", "ebVWLo/mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQHo3y8FCCTyLdV3BsQ6Gy0JjdK0WqoU+0L38CyuG0cfA==")]),
            encodeCase(
                "nil-value", "an item with a nil value is the bare name", [.nilValue],
                [QueryItem("flag", nil), QueryItem("b", "1")]),
            encodeCase("empty-value", "an empty value keeps its '='", [.nilValue], [QueryItem("capabilities", "")]),
            encodeCase("empty-name", "an empty name", [.nilValue], [QueryItem("", "x")]),
            encodeCase("name-encoding", "names are encoded like values", [.asciiByte], [QueryItem("a b=c", "d")]),
            encodeCase(
                "exchange-order", "the unsigned FlowDown exchange items in order", [.itemOrder],
                [
                    QueryItem("session", "session-1"), QueryItem("app_name", "Tester"), QueryItem("reason", "Need a model"),
                    QueryItem("capabilities", "audio,developerRole"), QueryItem("multiple_selection", "false"),
                    QueryItem("timestamp", "1700000000"),
                ]),
        ]
        let decode: [TestCase] = [
            decodeCase("two-items", "two plain items", [], "a=1&b=2"),
            decodeCase("plus-literal", "'+' is not a space", [.plusIsLiteral], "q=a+b"),
            decodeCase("encoded-plus", "%2B decodes to '+'", [.plusIsLiteral], "q=a%2Bb"),
            decodeCase("utf8", "%C3%A9 decodes to é", [.utf8], "name=Caf%C3%A9"),
            decodeCase("lowercase-hex", "lowercase hex escapes decode too", [.utf8], "name=Caf%c3%a9"),
            decodeCase(
                "invalid-escape-value", "an invalid escape in a value gives nil", [.strayPercent], "a=%zz&b=1",
                result: .acceptable),
            decodeCase(
                "invalid-escape-name", "an invalid escape in a name gives \"\"", [.strayPercent], "%zz=1",
                result: .acceptable),
            decodeCase(
                "truncated-escape", "a '%' at the end of a value gives nil", [.strayPercent], "a=1%",
                result: .acceptable),
            decodeCase("invalid-utf8", "%FF is not UTF-8: the value is nil", [.invalidEscape], "a=%FF"),
            decodeCase(
                "invalid-utf8-surrogate", "%ED%A0%80 encodes a surrogate, which UTF-8 does not allow: the value is nil",
                [.invalidEscape], "a=%ED%A0%80"),
            decodeCase("invalid-utf8-overlong", "%C0%AF is an overlong '/': the name is \"\"", [.invalidEscape], "%C0%AF=1"),
            decodeCase(
                "invalid-utf8-above-max", "%F4%90%80%80 would be past U+10FFFF: the value is nil", [.invalidEscape], "a=%F4%90%80%80"),
            decodeCase("nul", "%00 decodes to a NUL, which is kept", [.utf8], "a=x%00y"),
            decodeCase("raw-characters", "raw non-ASCII, a space and '?' are kept as they are", [.utf8], "a=\u{E9} b?d"),
            decodeCase("no-equals", "an item without '=' has a nil value", [.nilValue], "flag&b=1"),
            decodeCase("second-equals", "the item splits at its first '='", [], "a=b=c"),
            decodeCase("empty-item", "an empty item between two '&'", [.nilValue], "a=1&&b=2"),
            decodeCase("empty-query", "an empty query has no items", [.nilValue], ""),
            decodeCase("base64-padding", "%3D%3D padding decodes to ==", [.base64Value], "sig=MK3E+dd/Q%3D%3D"),
            decodeCase("duplicate-names", "duplicate names are all kept, in order", [], "session=a&session=b&SESSION=c"),
        ]
        return VectorFile(
            format: "wirecore", suite: id,
            spec: .init(
                name: "FlowDown Model Exchange section 3 (Apple URLComponents query encoding)",
                version: "swift-foundation 767ff1c2", url: "https://github.com/swiftlang/swift-foundation"),
            header: [
                "URLComponents.queryItems encoding and decoding, which FlowDown's exchange signature is computed over.",
                "Ops wirecore.queryEncode {items: [[name, value|null]]} -> {query} and wirecore.queryDecode {query} -> {items}.",
            ],
            notes: Self.notes,
            testGroups: [
                TestGroup(type: Self.encode.type, tests: encode),
                TestGroup(type: Self.decode.type, tests: decode),
            ])
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        file.allTests.compactMap { pair in
            pair.test.input[F.query] ?? pair.test.expected[F.query]
        }.map { CorpusSeed(target: "FuzzQueryEncoding", bytes: Array($0.utf8)) }
    }
}

extension QueryEncodingSuite {
    /// Query items of every ASCII character, some non-ASCII ones and every small count (no item, an item
    /// without `=`, empty names and values) to encode; and query strings to decode, each character written
    /// as it is or percent-encoded in either case, with stray `%` now and then.
    public func fuzzGenerators(of kind: GroupKind) -> [FuzzGenerator] {
        let characters = (0x20...0x7E).map { String(UnicodeScalar($0)!) } + ["é", "€", "😀", "\u{0}", "\n", "\u{FEFF}"]
        @Sendable func text(_ random: inout SeededRandom) -> String {
            (0..<random.length(near: [0, 1], maximum: 8)).map { _ in random.pick(characters) }.joined()
        }
        switch kind.type {
        case Self.encode.type:
            return [
                FuzzGenerator("items") { random in
                    let items = (0..<random.length(near: [0, 1, 2], maximum: 5)).map { _ in
                        QueryItem(text(&random), random.chance(5) ? nil : text(&random))
                    }
                    return FuzzGenerator.Made(input: JSONObject(F.items(items)), comment: "\(items.count) random items")
                }
            ]
        case Self.decode.type:
            return [
                FuzzGenerator("query") { random in
                    var query = ""
                    for _ in 0..<random.length(near: [0, 1], maximum: 24) {
                        let character = random.pick(characters + ["&", "=", "&", "="])
                        if random.chance(3) {
                            let hex = Hex.encode(Array(character.utf8))
                            let written = random.chance(2) ? hex.uppercased() : hex
                            query += stride(from: 0, to: written.count, by: 2).map { "%" + written.dropFirst($0).prefix(2) }.joined()
                        } else {
                            query += random.chance(20) ? "%" : character
                        }
                    }
                    return FuzzGenerator.Made(input: JSONObject(F.query(query)), comment: "a query of \(query.count) characters")
                }
            ]
        default:
            return []
        }
    }
}
