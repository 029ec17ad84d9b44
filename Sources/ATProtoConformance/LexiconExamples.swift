import ATProtoLexicon
import WireCore

/// Deterministic example values for lexicon types: the smallest value of each type that meets all
/// of its constraints, with every optional property (`full`) or only the required ones (`minimal`).
public struct LexiconExamples: Sendable {
    /// The catalog refs are resolved in.
    public let catalog: LexiconCatalog

    /// Examples over `catalog`.
    public init(catalog: LexiconCatalog) { self.catalog = catalog }

    /// A valid example of each string format.
    public static let formatSamples: [StringFormat: String] = [
        .did: "did:plc:ewvi7nxzyoun6zhxrhs64oiz", .handle: "alice.example.com", .nsid: "com.example.thing", .tid: "3jzfcijpj2z2a",
        .recordKey: "self", .atURI: "at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/com.example.thing/3jzfcijpj2z2a", .uri: "https://example.com/a",
        .cid: "bafkreie5737gdxlw5i64vzichcalba3z2v5n6icifvx5xytvske7mr3hpm", .datetime: "2024-05-06T07:08:09.123Z", .language: "en",
        .atIdentifier: "alice.example.com",
    ]

    /// A value that breaks each format, with the break named.
    public static let formatBreaks: [StringFormat: String] = [
        .did: "did:PLC:ewvi7nxzyoun6zhxrhs64oiz", .handle: "alice..example.com", .nsid: "com.example", .tid: "3JZFCIJPJ2Z2A",
        .recordKey: "..", .atURI: "at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/thing", .uri: "example.com/a", .cid: "Qmb1234567",
        .datetime: "2024-05-06 07:08:09.123Z", .language: "e", .atIdentifier: "alice",
    ]

    /// A valid value of `schema` written in document `base`.
    public func example(_ schema: LexiconSchema, base: String, full: Bool = true) -> JSONValue {
        switch schema {
        case .null: return .null
        case .boolean(let s): return .bool(s.const ?? s.defaultValue ?? true)
        case .integer(let s):
            if let value = s.const ?? s.enumValues?.first ?? s.defaultValue { return .int(value) }
            return .int(min(max(s.minimum ?? 0, 1), s.maximum ?? Int64.max))
        case .string(let s): return .string(string(s))
        case .bytes(let s):
            return [
                "$bytes": .string(
                    Base64.encode(Array(repeating: 7, count: max(s.minLength ?? 0, 4)), variant: .init(.std, .padded, .strict)))
            ]
        case .cidLink: return ["$link": .string(Self.formatSamples[.cid]!)]
        case .blob(let s):
            let mime = (s.accept?.first ?? "*/*").replacingStar()
            return [
                "$type": "blob", "ref": ["$link": .string(Self.formatSamples[.cid]!)], "mimeType": .string(mime),
                "size": .int(min(s.maxSize ?? 1024, 1024)),
            ]
        case .array(let s):
            let item = example(s.items, base: base, full: full)
            return .array(Array(repeating: item, count: max(s.minLength ?? 0, 1)))
        case .object(let s):
            var object = JSONObject()
            for (name, property) in s.properties where full || s.required.contains(name) {
                object[name] = example(property, base: base, full: full)
            }
            return .object(object)
        case .ref(let ref):
            guard let (name, def) = catalog.resolve(ref, from: base) else { return .null }
            let nsid = String(name.split(separator: "#")[0])
            switch def {
            case .schema(let target): return example(target, base: nsid, full: full)
            case .record(let record):
                var object = example(.object(record.record), base: nsid, full: full).objectValue ?? [:]
                object["$type"] = .string(nsid)
                return .object(object)
            case .token: return .string(name)
            default: return .null
            }
        case .union(let s):
            guard let first = s.refs.first else { return ["$type": "com.example.unknown"] }
            var object = example(.ref(first), base: base, full: full).objectValue ?? [:]
            object["$type"] = .string(LexiconCatalog.qualify(first, in: base).replacingMainSuffix())
            return .object(object)
        case .unknown: return ["note": "an unknown value"]
        }
    }

    func string(_ s: StringSchema) -> String {
        if let value = s.const ?? s.enumValues?.first ?? s.defaultValue ?? s.knownValues?.first { return value }
        if let format = s.format { return Self.formatSamples[format]! }
        let length = max(s.minLength ?? 0, min(s.maxLength ?? 8, 8))
        return String("example-value-text".prefix(max(length, 1)))
    }
}

extension String {
    /// `image/*` → `image/png`, `*/*` → `application/octet-stream`.
    func replacingStar() -> String {
        if self == "*/*" { return "application/octet-stream" }
        return hasSuffix("/*") ? String(dropLast()) + "png" : self
    }

    /// `nsid#main` → `nsid` (the form `$type` is written in).
    func replacingMainSuffix() -> String { hasSuffix("#main") ? String(dropLast(5)) : self }
}
