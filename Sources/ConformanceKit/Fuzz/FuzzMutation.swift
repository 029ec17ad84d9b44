import WireCore

/// The mutations `wirecheck fuzz` applies to one argument of a case. Each is a flag of the inputs it
/// makes, and of the findings they lead to, with a note in the findings file.
public enum FuzzMutation: String, CaseFlag {
    case byteFlip = "FuzzByteFlip"
    case byteInsert = "FuzzByteInsert"
    case byteDelete = "FuzzByteDelete"
    case truncate = "FuzzTruncate"
    case repeatBytes = "FuzzRepeat"
    case splice = "FuzzSplice"
    case interestingByte = "FuzzInterestingByte"
    case characterInsert = "FuzzCharacterInsert"
    case characterDelete = "FuzzCharacterDelete"
    case characterReplace = "FuzzCharacterReplace"
    case characterRepeat = "FuzzCharacterRepeat"
    case unicode = "FuzzUnicode"
    case caseSwap = "FuzzCaseSwap"
    case integerBoundary = "FuzzIntegerBoundary"
    case booleanFlip = "FuzzBooleanFlip"
    case enumSwap = "FuzzEnumSwap"
    case arrayDrop = "FuzzArrayDrop"
    case arrayDuplicate = "FuzzArrayDuplicate"
    case memberDrop = "FuzzMemberDrop"
    case memberAdd = "FuzzMemberAdd"
    case resealed = "FuzzResealed"
    case lengthBoundary = "FuzzLengthBoundary"
    case digitBoundary = "FuzzDigitBoundary"
    case lookAlike = "FuzzLookAlike"
    case percentEscape = "FuzzPercentEscape"
    case jsonDuplicateKey = "FuzzJSONDuplicateKey"
    case jsonNumberForm = "FuzzJSONNumberForm"
    case jsonEscape = "FuzzJSONEscape"
    case jsonSyntax = "FuzzJSONSyntax"
    case jsonNesting = "FuzzJSONNesting"
    case generated = "FuzzGenerated"
    case engineBytes = "FuzzEngineBytes"

    /// What the mutation does, for the findings file's notes.
    public var note: VectorFile.Note {
        let (bugType, text): (BugType, String) =
            switch self {
            case .byteFlip: (.edgeCase, "One bit of a byte field flipped.")
            case .byteInsert: (.edgeCase, "A byte inserted into a byte field.")
            case .byteDelete: (.edgeCase, "A byte removed from a byte field.")
            case .truncate: (.basic, "A byte or string field cut short.")
            case .repeatBytes: (.edgeCase, "A run of a byte field repeated in place.")
            case .splice: (.edgeCase, "Part of the same field of another case spliced in.")
            case .interestingByte: (.edgeCase, "A byte set to 00, 7F, 80 or FF.")
            case .characterInsert: (.edgeCase, "An ASCII character the format gives a meaning inserted into a string.")
            case .characterDelete: (.edgeCase, "A character removed from a string.")
            case .characterReplace: (.edgeCase, "A character of a string replaced by another ASCII one.")
            case .characterRepeat: (.edgeCase, "A character of a string repeated once or more, so lengths step over their limits.")
            case .unicode: (.edgeCase, "A non-ASCII scalar inserted: BOM, combining mark, look-alike, non-BMP, line separator.")
            case .caseSwap: (.edgeCase, "The case of a letter swapped.")
            case .integerBoundary:
                (.edgeCase, "An integer set to a boundary: 0, ±1, its neighbours, another integer of the case ±1, 32/53/64-bit edges.")
            case .booleanFlip: (.basic, "A boolean negated.")
            case .enumSwap: (.basic, "A member of a closed set replaced by another member.")
            case .arrayDrop: (.edgeCase, "An element of an array removed.")
            case .arrayDuplicate: (.edgeCase, "An element of an array repeated, as it is or changed.")
            case .memberDrop: (.basic, "A member of a nested object removed.")
            case .memberAdd: (.edgeCase, "A member no schema declares added to a nested object, with another member's value.")
            case .resealed: (.functionality, "A structure inside a signed or MACed argument changed, then signed or MACed again.")
            case .lengthBoundary:
                (.edgeCase, "A string, or one of its segments between . : and /, made as long as a limit its format declares, or one off.")
            case .digitBoundary:
                (
                    .edgeCase,
                    "A run of digits inside a string set to a calendar or range edge (12, 13, 24, 29-32, 60, 1900, 2100) or one off."
                )
            case .lookAlike:
                (
                    .edgeCase,
                    "A digit, letter or separator replaced by a non-ASCII look-alike (a full-width or Arabic-Indic digit, the Kelvin "
                        + "sign, an ideographic stop), or a character some library calls a space (U+001F, NEL, U+200B) put in."
                )
            case .percentEscape:
                (.edgeCase, "A percent-escape put in a string: of bytes that are not UTF-8 (%ED%A0%80, %C0%AF), or of NUL, %, +, =, &.")
            case .jsonDuplicateKey: (.edgeCase, "A member of JSON text repeated before the original, with the same or another value.")
            case .jsonNumberForm:
                (
                    .edgeCase,
                    "A number of JSON text written another way (1.0, 1e0, 10E-1, -0, a leading zero or plus, 1e400), or a member "
                        + "with such a number added."
                )
            case .jsonEscape:
                (
                    .edgeCase,
                    "A character of a JSON text string written as a \\u escape (or \\/), or a lone or reversed surrogate escape inserted."
                )
            case .jsonSyntax: (.edgeCase, "JSON text with a slip: a trailing comma, a BOM, trailing bytes, whitespace, a cut.")
            case .jsonNesting: (.edgeCase, "A value of JSON text wrapped in arrays as deep as a common parser limit, or one deeper.")
            case .generated:
                (.functionality, "An input made by a generator from random choices through the reference, not from a vector case.")
            case .engineBytes: (.edgeCase, "A string argument replaced by bytes a coverage-guided engine (libFuzzer) chose.")
            }
        return VectorFile.Note(bugType: bugType, description: text)
    }
}

/// Changes one JSON value the way `FuzzMutation` says, with a seeded generator so a run is reproducible.
/// Bytes are recognised as lower-case hex (how the vectors write them) and mutated as bytes.
struct JSONMutator {
    var random: SeededRandom
    /// The integers of the case being mutated: a boundary is often another field's value (now = expires_at).
    var context: [Int64] = []
    /// The limits the case's format declares (`VectorSuite.fuzzLimits`): lengths and integers go to them.
    var limits: [Int] = []

    /// Scalars that trip readers: BOM, combining acute, Cyrillic a, non-BMP, line separator, NUL, DEL, NBSP.
    static let unicode: [Unicode.Scalar] = [
        "\u{FEFF}", "\u{0301}", "\u{0430}", "\u{1F600}", "\u{2028}", "\u{0000}", "\u{007F}", "\u{00A0}",
    ]
    /// ASCII that formats give a meaning: separators, escapes, padding, percent, whitespace.
    static let syntax: [Unicode.Scalar] = [
        "%", "=", "&", "?", "#", "/", ".", ":", "+", "-", "_", " ", "\n", "\r", "\t", "\\", "\"", "0", "A",
    ]
    /// Names of undeclared members (nil: the chosen member's own name with `_` after it); `__proto__` and
    /// `$type` mean something to some readers.
    static let undeclaredNames: [String?] = [nil, "extra", "__proto__", "$type"]
    /// Letters and digits: a character just outside an alphabet (Base32's 0 and 1, a TID's first-character range).
    static let alphanumerics = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".unicodeScalars)

    // The generators' draws (FuzzGenerator.swift), under the mutator's names.
    mutating func index(_ count: Int) -> Int { random.below(count) }
    mutating func chance(_ oneIn: Int) -> Bool { random.chance(oneIn) }

    /// A mutation of `value`, or nil when there is none of its kind; `donor` is the same field of another case.
    mutating func mutate(_ value: JSONValue, allowed: [JSONValue]?, donor: JSONValue?) -> (JSONValue, FuzzMutation)? {
        if let allowed, allowed.count > 1 {
            let others = allowed.filter { $0 != value }
            return others.isEmpty ? nil : (others[index(others.count)], .enumSwap)
        }
        switch value {
        case .string(let text):
            if let bytes = Self.hexBytes(text) {
                let donorBytes = donor?.stringValue.flatMap(Self.hexBytes)
                let (changed, mutation) = mutate(bytes: bytes, donor: donorBytes)
                return (.string(Hex.encode(changed)), mutation)
            }
            let (changed, mutation) = mutate(text: text)
            return (.string(changed), mutation)
        case .int(let number): return (.int(boundary(near: number)), .integerBoundary)
        case .double(let number): return (.double(number.rounded() == number ? number + 0.5 : number.rounded()), .integerBoundary)
        case .bool(let flag): return (.bool(!flag), .booleanFlip)
        case .array(var items):
            guard !items.isEmpty else { return nil }
            let at = index(items.count)
            if chance(3) {
                items.remove(at: at)
                return (.array(items), .arrayDrop)
            }
            if chance(2) {
                // Half the time the copy differs: which of two repeated items wins is a classic disagreement.
                var copy = items[at]
                if chance(2), let (changed, _) = mutate(copy, allowed: nil, donor: nil) { copy = changed }
                items.insert(copy, at: at + 1)
                return (.array(items), .arrayDuplicate)
            }
            guard let (inner, mutation) = mutate(items[at], allowed: nil, donor: nil) else { return nil }
            items[at] = inner
            return (.array(items), mutation)
        case .object(var object):
            guard object.count > 0 else { return nil }
            let key = object.keys[index(object.count)]
            if chance(6) {
                object[key] = nil
                return (.object(object), .memberDrop)
            }
            if chance(8) {
                // A member the schema does not declare, with another member's value: ignored, refused, or read.
                var name = Self.undeclaredNames[index(Self.undeclaredNames.count)] ?? key + "_"
                while object[name] != nil { name += "_" }
                object[name] = object[key]!
                return (.object(object), .memberAdd)
            }
            guard let (inner, mutation) = mutate(object[key]!, allowed: nil, donor: donor?[key]) else { return nil }
            object[key] = inner
            return (.object(object), mutation)
        case .null: return nil
        }
    }

    /// Lower-case hex of at least one byte, read as bytes (an empty or odd string is text).
    static func hexBytes(_ text: String) -> [UInt8]? {
        guard !text.isEmpty, text.utf8.count % 2 == 0,
            text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        return try? Hex.decode(text)
    }

    mutating func mutate(bytes: [UInt8], donor: [UInt8]?) -> ([UInt8], FuzzMutation) {
        var bytes = bytes
        let at = index(bytes.count)
        switch random.next() % 8 {
        case 0:
            bytes[at] ^= 1 << UInt8(random.next() % 8)
            return (bytes, .byteFlip)
        case 1:
            bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: index(bytes.count + 1))
            return (bytes, .byteInsert)
        case 2 where bytes.count > 1:
            bytes.remove(at: at)
            return (bytes, .byteDelete)
        case 3 where bytes.count > 1:
            return (Array(bytes.prefix(index(bytes.count))), .truncate)
        case 4:
            let length = 1 + index(min(16, bytes.count - at))
            bytes.insert(contentsOf: bytes[at..<(at + length)], at: at)
            return (bytes, .repeatBytes)
        case 5 where donor.map({ !$0.isEmpty }) ?? false:
            let donor = donor!
            let start = index(donor.count)
            let piece = donor[start..<min(donor.count, start + 1 + index(32))]
            let end = min(bytes.count, at + piece.count)
            bytes.replaceSubrange(at..<end, with: piece)
            return (bytes, .splice)
        default:
            bytes[at] = [0x00, 0x7F, 0x80, 0xFF][index(4)]
            return (bytes, .interestingByte)
        }
    }

    /// A mutation of a string, on its Unicode scalars (a grapheme split in two is a fair input, and
    /// scalars cost far less to take apart than characters: this runs for most inputs).
    mutating func mutate(text: String) -> (String, FuzzMutation) {
        var scalars = Array(text.unicodeScalars)
        let at = index(scalars.count + 1)
        let string = Self.string
        switch random.next() % 12 {
        case 10: return (lookAlike(in: scalars, at: at), .lookAlike)
        case 11: return (percentEscape(in: scalars, at: at), .percentEscape)
        case 7 where !limits.isEmpty:
            return (resized(text), .lengthBoundary)
        case 8 where scalars.contains(where: { (0x30...0x39).contains($0.value) }):
            return (digitBoundary(in: scalars), .digitBoundary)
        case 9 where Self.looksLikeJSON(text):
            return mutate(jsonText: text)
        case 5 where !scalars.isEmpty:
            // Mostly one more character: a length at its limit steps just over it.
            let position = min(at, scalars.count - 1)
            let times = chance(2) ? 1 : 1 + index(16)
            scalars.insert(contentsOf: repeatElement(scalars[position], count: times), at: position)
            return (string(scalars), .characterRepeat)
        case 0 where !scalars.isEmpty:
            scalars.remove(at: min(at, scalars.count - 1))
            return (string(scalars), .characterDelete)
        case 1 where !scalars.isEmpty:
            // Half the time a separator or escape, half the time a letter or digit (an alphabet's edge).
            let replacement = chance(2) ? Self.syntax[index(Self.syntax.count)] : Self.alphanumerics[index(Self.alphanumerics.count)]
            scalars[min(at, scalars.count - 1)] = replacement
            return (string(scalars), .characterReplace)
        case 2:
            scalars.insert(Self.unicode[index(Self.unicode.count)], at: at)
            return (string(scalars), .unicode)
        case 3 where scalars.contains(where: Self.isLetter):
            let letters = scalars.indices.filter { Self.isLetter(scalars[$0]) }
            let position = letters[index(letters.count)]
            let letter = String(scalars[position])
            // "ß" upper-cases to "SS": the swap may change the length.
            let swapped = letter.uppercased() == letter ? letter.lowercased() : letter.uppercased()
            scalars.replaceSubrange(position...position, with: Array(swapped.unicodeScalars))
            return (string(scalars), .caseSwap)
        case 4 where scalars.count > 1:
            return (string(Array(scalars.prefix(index(scalars.count)))), .truncate)
        default:
            scalars.insert(Self.syntax[index(Self.syntax.count)], at: at)
            return (string(scalars), .characterInsert)
        }
    }

    /// `scalars` as a String, through UTF-8 bytes: appending scalars to a String one at a time costs
    /// several times more, and this runs for most inputs.
    static func string(_ scalars: [Unicode.Scalar]) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(scalars.count + 8)
        for scalar in scalars { UTF8.encode(scalar) { utf8.append($0) } }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// A letter, ASCII first (the Unicode property lookup costs far more).
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value) : scalar.properties.isAlphabetic
    }

    mutating func boundary(near number: Int64) -> Int64 {
        let candidates: [Int64] = [
            0, 1, -1, number &+ 1, number &- 1, number &* 2, 0 &- number, Int64(Int32.max), Int64(Int32.max) + 1, Int64(Int32.min),
            Int64(UInt32.max), Int64(UInt32.max) + 1, 1 << 53, (1 << 53) + 1, .max, .min, 253_402_300_799, 253_402_300_800,
        ]
        let related = (context + limits.map(Int64.init)).flatMap { [$0 &- 1, $0, $0 &+ 1] }
        let others = (chance(2) && !related.isEmpty ? related : candidates).filter { $0 != number }
        guard !others.isEmpty else { return number &+ 1 }
        return others[index(others.count)]
    }
}
