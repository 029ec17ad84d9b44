import ConformanceKit
import Foundation
import ModelExchange
import WireCore

/// Which fuzz-made models inputs the contract lets a requester read more strictly than FlowDown's Foundation does
/// (section 10). Foundation reads a binary plist whose objects start inside its header or inside another object, an
/// XML `<date>` in forms it does not write, and on encoding takes `{"date": text}` as a date for any text its
/// `ISO8601DateFormatter` reads (`2023-1/-14T22:13:22Z` is 14 January). FlowDown never writes such input; a reader
/// without Foundation cannot match every leniency, and the contract allows it not to.
extension FlowDownModelsSuite {
    /// `decodeModels` and `decodeModelsAsApp` of such a plist: the reference's answer or a refusal. `encodeModels` of
    /// models with such a date text: the reference's plist or the one that keeps that text as a dict.
    public func ambiguity(of input: JSONObject, in group: TestGroup) -> InputAmbiguity {
        switch group.type {
        case Self.decodeModels.type, Self.decodeModelsAsApp.type:
            guard let bytes = input[F.plist], let lenient = Self.foundationLeniency(inPlist: bytes) else { return .unknown }
            return .refusable("\(lenient), which a strict reader refuses (contract 10)")
        case Self.encodeModels.type:
            guard let values = input[F.models], let text = values.lazy.compactMap(Self.lenientDateText).first,
                let models = try? FlowDownOps.cloudModels(values, canonicalDatesOnly: true)
            else { return .unknown }
            let kept = JSONObject(F.plist(ModelsPlist.encodeXML(models)))
            return .stricterReading(
                "date text \(text.debugDescription) that only Foundation's ISO8601DateFormatter reads, kept as text (contract 10)",
                results: [kept])
        default:
            return .unknown
        }
    }

    /// The first `{"date": text}` in `value` whose text Foundation reads as a date but would write otherwise.
    static func lenientDateText(in value: JSONValue) -> String? {
        switch value {
        case .array(let elements): return elements.lazy.compactMap { lenientDateText(in: $0) }.first
        case .object(let object):
            if object.count == 1, let text = object[F.plistDate], let seconds = ModelJSON.dateSeconds(text),
                !ModelsPlist.iso8601(seconds).isExactly(text)
            {
                return text
            }
            return object.lazy.compactMap { lenientDateText(in: $0.value) }.first
        default: return nil
        }
    }

    /// What of a plist only Foundation's reader takes, if anything.
    static func foundationLeniency(inPlist bytes: [UInt8]) -> String? {
        if bytes.starts(with: Array("bplist".utf8)) {
            return BinaryPlistLayout(bytes)?.isDamaged == true
                ? "a binary plist whose objects overlap, start in its header, run into its offset table or cannot be read" : nil
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        for element in text.components(separatedBy: "<date>").dropFirst() {
            guard let end = element.range(of: "</date>") else { continue }
            let date = String(element[..<end.lowerBound])
            guard let seconds = ModelJSON.dateSeconds(date), ModelsPlist.iso8601(seconds).isExactly(date) else {
                return "a <date> written \(date.debugDescription), not as Foundation writes a date"
            }
        }
        return nil
    }
}

/// Where the objects of a binary plist lie, from its trailer and offset table: enough to tell a layout no writer
/// makes (an object starting in the 8-byte header, running into the offset table, two objects sharing bytes, an object
/// that cannot be read), which Foundation still decodes.
struct BinaryPlistLayout {
    /// Each readable object's first byte and the byte after it, in offset-table order.
    let extents: [Range<Int>]
    /// Where the offset table starts: the objects lie before it.
    let tableStart: Int
    /// Whether an entry points at an object whose marker or length cannot be read. Foundation reads only the objects
    /// the top one reaches, so it decodes the plist when nothing refers to that one; a reader that reads every entry
    /// refuses it.
    let hasUnreadableObject: Bool

    /// Nil when the trailer or the offset table cannot be read, or an entry points at or past the table: Foundation
    /// refuses those too.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 8 + 32 else { return nil }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let count = Self.integer(bytes, at: trailer + 8, size: 8), count <= bytes.count,
            let tableStart = Self.integer(bytes, at: trailer + 24, size: 8), tableStart <= trailer,
            tableStart + count * offsetSize <= trailer
        else { return nil }
        var extents: [Range<Int>] = []
        var hasUnreadableObject = false
        for index in 0..<count {
            guard let start = Self.integer(bytes, at: tableStart + index * offsetSize, size: offsetSize), start < tableStart
            else { return nil }
            guard let length = Self.length(bytes, at: start, referenceSize: referenceSize), start + length <= bytes.count else {
                hasUnreadableObject = true
                continue
            }
            extents.append(start..<(start + length))
        }
        self.extents = extents
        self.tableStart = tableStart
        self.hasUnreadableObject = hasUnreadableObject
    }

    /// An object starts in the header or runs into the offset table, two share a byte, or one cannot be read.
    var isDamaged: Bool {
        if hasUnreadableObject { return true }
        let sorted = extents.sorted { $0.lowerBound < $1.lowerBound }
        if let first = sorted.first, first.lowerBound < 8 { return true }
        if extents.contains(where: { $0.upperBound > tableStart }) { return true }
        return zip(sorted, sorted.dropFirst()).contains { $0.upperBound > $1.lowerBound }
    }

    /// The bytes of the object at `start`, marker included, by its marker's type nibble.
    private static func length(_ bytes: [UInt8], at start: Int, referenceSize: Int) -> Int? {
        let marker = Int(bytes[start])
        let type = marker >> 4
        let nibble = marker & 0x0F
        switch type {
        case 0x0: return 1  // null, false, true, fill
        case 0x1, 0x2: return 1 + (1 << nibble)  // integer, real
        case 0x3: return 9  // date: a double
        case 0x8: return 1 + nibble + 1  // UID
        default: break
        }
        // The rest carry a count: in the nibble, or after it as an integer object when the nibble is 15.
        var header = 1
        var count = nibble
        if nibble == 0x0F {
            guard start + 1 < bytes.count, bytes[start + 1] >> 4 == 0x1 else { return nil }
            let size = 1 << Int(bytes[start + 1] & 0x0F)
            guard size <= 8, let value = integer(bytes, at: start + 2, size: size) else { return nil }
            header += 1 + size
            count = value
        }
        guard count <= bytes.count else { return nil }  // no object has more members than the plist has bytes
        switch type {
        case 0x4, 0x5, 0x7: return header + count  // data, ASCII string, UTF-8 string
        case 0x6: return header + 2 * count  // UTF-16 string
        case 0xA, 0xB, 0xC: return header + count * referenceSize  // array, ordered set, set
        case 0xD: return header + 2 * count * referenceSize  // dict: keys, then values
        default: return nil
        }
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, or nil past the end or above `Int.max / 4` (so that
    /// sums and products of a few of them cannot overflow).
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= 8, offset + size <= bytes.count else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max / 4) ? Int(value) : nil
    }
}
