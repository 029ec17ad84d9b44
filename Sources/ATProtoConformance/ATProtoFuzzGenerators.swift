import ATProtoLexicon
import ConformanceKit
import WireCore

/// atproto strings drawn from each format's grammar for `wirecheck fuzz`, with lengths at the limits the
/// format declares and fields at their calendar edges: handles of 63- and 64-character labels and of 253
/// and 254 characters, TIDs whose first character sets the top bit or not, the record keys `.` and `..`,
/// datetimes on a leap second or the 31st of a 30-day month. The reference says which are valid.
extension ATProtoSyntaxSuite {
    /// One generator per format that has a grammar here.
    public func fuzzGenerators(of kind: GroupKind) -> [FuzzGenerator] {
        let grammars = StringFormat.allCases.compactMap { format in ATProtoGrammar.of(format).map { (format, $0) } }
        return grammars.map { format, grammar in
            FuzzGenerator(format.rawValue) { random in
                let value = grammar(&random)
                return FuzzGenerator.Made(
                    params: JSONObject(F.format(format)), input: JSONObject(F.value(value)),
                    comment: "a \(format.rawValue) of \(value.count) characters from its grammar")
            }
        }
    }

    /// The lengths the group's format declares.
    public func fuzzLimits(of kind: GroupKind, params: JSONObject) -> [Int] {
        (try? params.read(F.format))?.declaredLimits ?? []
    }
}

/// Grammar-driven makers of atproto strings, mostly valid, often at an edge.
enum ATProtoGrammar {
    /// The maker of `format`'s strings, when there is one.
    static func of(_ format: StringFormat) -> (@Sendable (inout SeededRandom) -> String)? {
        switch format {
        case .handle: handle
        case .nsid: nsid
        case .did: did
        case .tid: tid
        case .recordKey: recordKey
        case .datetime: datetime
        case .atURI: atURI
        case .atIdentifier: { random in random.chance(2) ? handle(&random) : did(&random) }
        case .uri, .cid, .language: nil
        }
    }

    static let lower = Array("abcdefghijklmnopqrstuvwxyz")
    static let alphanumeric = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    static let base32Sortable = Array("234567abcdefghijklmnopqrstuvwxyz")

    static func word(_ random: inout SeededRandom, _ alphabet: [Character], length: Int) -> String {
        String((0..<max(1, length)).map { _ in random.pick(alphabet) })
    }

    /// A DNS label: letters and digits, sometimes an inner hyphen, 1 to 64 characters.
    static func label(_ random: inout SeededRandom) -> String {
        var label = word(&random, alphanumeric, length: random.length(near: [63], maximum: 20))
        if label.count > 2, random.chance(4) {
            label.replaceSubrange(label.index(after: label.startIndex)...label.index(after: label.startIndex), with: "-")
        }
        return label
    }

    /// Labels joined by dots; a third of the time grown to about 253 characters with more labels.
    static func handle(_ random: inout SeededRandom) -> String {
        var labels = (0..<(2 + random.below(3))).map { _ in label(&random) }
        labels[labels.count - 1] = word(&random, lower, length: 2 + random.below(6))
        if random.chance(3) {
            let target = random.pick([252, 253, 254])
            while labels.joined(separator: ".").count < target - 64 { labels.insert(word(&random, lower, length: 63), at: 0) }
            let rest = target - labels.joined(separator: ".").count - 1
            if rest > 0 { labels.insert(word(&random, lower, length: rest), at: 0) }
        }
        return labels.joined(separator: ".")
    }

    /// Authority labels and a name of letters (digits after the first), the name up to 64 characters.
    static func nsid(_ random: inout SeededRandom) -> String {
        let authority = (0..<(2 + random.below(3))).map { _ in label(&random) }
        let name = word(&random, lower, length: 1) + word(&random, alphanumeric, length: random.length(near: [62], maximum: 12))
        return (authority + [name]).joined(separator: ".")
    }

    /// `did:method:identifier`, the whole sometimes 2,047 to 2,049 characters.
    static func did(_ random: inout SeededRandom) -> String {
        let method = random.pick(["plc", "web", "key", word(&random, lower, length: 1 + random.below(8))])
        let characters = alphanumeric + Array("._:%-")
        // A quarter of the time the whole DID is 2,047 to 2,049 characters long.
        let length = random.chance(4) ? 2047 + random.below(3) - method.count - 5 : 1 + random.below(40)
        var identifier = word(&random, characters, length: length)
        if identifier.last == ":" || identifier.last == "%" { identifier += "a" }
        return "did:\(method):\(identifier)"
    }

    /// 13 characters of the base32-sortable alphabet, the first from all of it (half set the top bit); a
    /// quarter of the time a length around 13.
    static func tid(_ random: inout SeededRandom) -> String {
        word(&random, base32Sortable, length: random.chance(4) ? random.length(near: [13], maximum: 14) : 13)
    }

    /// Record-key characters, 1 to 513 of them, and now and then `.` or `..`.
    static func recordKey(_ random: inout SeededRandom) -> String {
        if random.chance(8) { return random.pick([".", "..", "..."]) }
        return word(&random, alphanumeric + Array("._:~-"), length: random.length(near: [512], maximum: 30))
    }

    /// An RFC 3339 datetime whose fields are now and then at their edges (month 13, day 31 of a 30-day month,
    /// February 29 of a common year, hour 24, second 60), with a fraction of 0 to 10 digits and a zone.
    static func datetime(_ random: inout SeededRandom) -> String {
        func two(_ usual: ClosedRange<Int>, edges: [Int]) -> String {
            let value = random.chance(6) ? random.pick(edges) : usual.lowerBound + random.below(usual.count)
            return value < 10 ? "0\(value)" : "\(value)"
        }
        let year = random.pick(["0000", "0001", "1970", "1985", "2000", "2023", "2024", "2100", "9999"])
        var date = "\(year)-\(two(1...12, edges: [0, 2, 4, 6, 9, 11, 13]))-\(two(1...28, edges: [0, 29, 30, 31, 32]))"
        // A quarter of the time a date on a calendar rule: February 29 in a leap year, a common year or a century
        // (1900 and 2100 are not leap years, 1600 and 2000 are), or the 31st of a 30-day month.
        if random.chance(4) {
            date =
                random.chance(2)
                ? "\(random.pick(["1600", "1900", "2000", "2023", "2024", "2100", "2400"]))-02-\(random.pick(["28", "29", "30"]))"
                : "\(random.pick(["2023", "2024"]))-\(random.pick(["04", "06", "09", "11"]))-\(random.pick(["30", "31"]))"
        }
        let time = "\(two(0...23, edges: [24])):\(two(0...59, edges: [60])):\(two(0...59, edges: [60, 61]))"
        let digits = random.pick([0, 0, 1, 3, 6, 9, 10])
        let fraction = digits == 0 ? "" : "." + String((0..<digits).map { _ in random.pick(Array("0123456789")) })
        let zone =
            random.chance(4)
            ? random.pick(["z", "-00:00", "+23:59", "+24:00", "", "+0000", "+05"]) : random.pick(["Z", "+00:00", "-05:30"])
        return "\(date)\(random.chance(8) ? " " : "T")\(time)\(fraction)\(zone)"
    }

    /// `at://` an authority, then maybe a collection NSID and a record key.
    static func atURI(_ random: inout SeededRandom) -> String {
        var uri = "at://" + (random.chance(2) ? handle(&random) : did(&random))
        if random.chance(3) { return uri }
        uri += "/" + nsid(&random)
        if random.chance(3) { return uri }
        return uri + "/" + random.pick([recordKey(&random), tid(&random)])
    }
}
