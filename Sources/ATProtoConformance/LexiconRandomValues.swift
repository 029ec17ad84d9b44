import ATProtoLexicon
import WireCore

/// Random values of lexicon types for `wirecheck fuzz`: mostly valid, often at an edge the schema declares
/// (an integer at its minimum or maximum or one past, a string exactly `maxLength` UTF-8 bytes long or
/// `maxGraphemes` graphemes of several bytes each, an array at its length limits, a value outside
/// `knownValues`, an optional member left out or null, an undeclared member, a union member of an unknown
/// type). The validator under test and the reference say which are valid. `LexiconExamples` makes the
/// one smallest valid value of each type; this draws from all of them.
public struct LexiconRandomValues: Sendable {
    /// The catalog refs are resolved in.
    public let catalog: LexiconCatalog
    /// How deep refs and containers nest before only required members are made.
    static let maxDepth = 6
    /// Characters of 1 to 4 UTF-8 bytes, a combining mark and a ZWJ emoji sequence: lengths in bytes and in
    /// graphemes part ways on them.
    static let characters = ["a", "Z", "7", "-", " ", "é", "ß", "€", "中", "😀", "e\u{0301}", "👩\u{200D}💻"]

    /// Random values over `catalog`.
    public init(catalog: LexiconCatalog) { self.catalog = catalog }

    /// A value of `schema` written in document `base`.
    public func value(_ schema: LexiconSchema, base: String, random: inout SeededRandom, depth: Int = 0) -> JSONValue {
        switch schema {
        case .null: return .null
        case .boolean(let s): return .bool(s.const ?? (random.chance(2)))
        case .integer(let s): return .int(integer(s, &random))
        case .string(let s): return .string(string(s, &random))
        case .bytes(let s):
            let count = random.length(near: [s.minLength, s.maxLength].compactMap { $0 }, maximum: 40)
            return ["$bytes": .string(Base64.encode(random.bytes(count), variant: .init(.std, .raw, .strict)))]
        case .cidLink: return ["$link": .string(LexiconExamples.formatSamples[.cid]!)]
        case .blob(let s):
            let size = s.maxSize.map { $0 &+ Int64(random.below(3)) &- 1 } ?? Int64(random.below(5000))
            let mime = random.chance(4) ? "application/x-unlisted" : (s.accept.map { random.pick($0) } ?? "*/*").replacingStar()
            return [
                "$type": "blob", "ref": ["$link": .string(LexiconExamples.formatSamples[.cid]!)], "mimeType": .string(mime),
                "size": .int(size),
            ]
        case .array(let s):
            // Long arrays only of scalars, or at the top: 1,000 members of 1,000 members would not end.
            let scalar = [.null, .cidLink, .unknown].contains(s.items) || { if case .string = s.items { true } else { false } }()
            let cap = scalar ? 1001 : depth == 0 ? 101 : 8
            let wanted =
                depth >= Self.maxDepth ? (s.minLength ?? 0) : random.length(near: [s.minLength, s.maxLength].compactMap { $0 }, maximum: 4)
            let count = min(wanted, cap)
            return .array((0..<count).map { _ in value(s.items, base: base, random: &random, depth: depth + 1) })
        case .object(let s):
            var object = JSONObject()
            for (name, property) in s.properties {
                let required = s.required.contains(name)
                if !required, depth >= Self.maxDepth || random.chance(2) { continue }
                if required, random.chance(40) { continue }  // a required member missing
                object[name] =
                    s.nullable.contains(name) && random.chance(4) ? .null : value(property, base: base, random: &random, depth: depth + 1)
            }
            if random.chance(10) { object["undeclaredMember"] = .string("x") }
            return .object(object)
        case .ref(let ref):
            guard let (name, def) = catalog.resolve(ref, from: base) else { return .null }
            let nsid = String(name.split(separator: "#")[0])
            switch def {
            case .schema(let target): return value(target, base: nsid, random: &random, depth: depth + 1)
            case .record(let record):
                var object = value(.object(record.record), base: nsid, random: &random, depth: depth + 1).objectValue ?? [:]
                object["$type"] = .string(nsid)
                return .object(object)
            case .token: return .string(random.chance(8) ? name + "x" : name)
            default: return .null
            }
        case .union(let s):
            guard !s.refs.isEmpty, !random.chance(8) else { return ["$type": "com.example.unknown", "note": "x"] }
            let ref = random.pick(s.refs)
            var object = value(.ref(ref), base: base, random: &random, depth: depth + 1).objectValue ?? [:]
            if !random.chance(20) { object["$type"] = .string(LexiconCatalog.qualify(ref, in: base).replacingMainSuffix()) }
            return .object(object)
        case .unknown: return random.chance(2) ? ["note": "an unknown value"] : .string("not an object")
        }
    }

    func integer(_ s: IntegerSchema, _ random: inout SeededRandom) -> Int64 {
        // Wrapping steps: a bound at Int64's edge must not trap (its neighbour past the edge is the other edge).
        if let value = s.const { return random.chance(8) ? value &+ 1 : value }
        if let values = s.enumValues, !values.isEmpty, !random.chance(8) { return random.pick(values) }
        let edges = [s.minimum, s.maximum].compactMap { $0 }.flatMap { [$0 &- 1, $0, $0 &+ 1] }
        if !edges.isEmpty, random.chance(2) { return random.pick(edges) }
        let low = s.minimum ?? -1000
        let high = max(low, s.maximum ?? 1000)
        let span = high.subtractingReportingOverflow(low)
        return low &+ Int64(random.below(Int(span.overflow ? 1_000_000 : min(span.partialValue, 1_000_000)) + 1))
    }

    func string(_ s: StringSchema, _ random: inout SeededRandom) -> String {
        if let value = s.const { return random.chance(8) ? value + "x" : value }
        if let values = s.enumValues, !values.isEmpty, !random.chance(8) { return random.pick(values) }
        if let values = s.knownValues, !values.isEmpty, !random.chance(4) { return random.pick(values) }
        if let format = s.format {
            if let grammar = ATProtoGrammar.of(format), random.chance(2) { return grammar(&random) }
            return LexiconExamples.formatSamples[format]!
        }
        // A length in UTF-8 bytes or in graphemes at or around a declared limit, of characters of every width.
        let byteLimits = [s.minLength, s.maxLength].compactMap { $0 }
        let graphemeLimits = [s.minGraphemes, s.maxGraphemes].compactMap { $0 }
        if !graphemeLimits.isEmpty, random.chance(2) {
            let count = random.length(near: graphemeLimits, maximum: 20)
            let character = random.pick(Self.characters)
            return String(repeating: character, count: count)
        }
        let target = random.length(near: byteLimits, maximum: 24)
        var text = ""
        while text.utf8.count < target {
            let character = random.pick(Self.characters)
            if text.utf8.count + character.utf8.count > target { break }
            text += character
        }
        return text + String(repeating: "a", count: target - text.utf8.count)
    }
}
