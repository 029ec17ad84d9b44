import Foundation

/// A property-list value, so models keep keys this project does not know (FlowDown spec section 10:
/// decode leniently, unknown keys kept).
public indirect enum PlistValue: Equatable, Sendable, Decodable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    /// Whole seconds since the Unix epoch; plists carry dates to the second.
    case date(Int64)
    case data([UInt8])
    case array([PlistValue])
    case dict([String: PlistValue])

    /// Foundation's plist decoders (swift-foundation, Linux, XML and binary) keep the element kinds
    /// apart: each kind decodes as one type only, but for `<integer>` and `<real>`, which decode as both
    /// Int64 and Double where the value fits. So the order of attempts matters only for speed, with
    /// Int64 before Double; and each failed attempt builds a DecodingError. Strings and dicts, most of
    /// a models plist's values, come first: they came fifth and last (FuzzFlowDownPlist, perf). A dict
    /// whose values do not decode still throws their error, as the last attempt did.
    public init(from decoder: any Decoder) throws {
        let budget = try DecodeBudget.enter(decoder)
        defer { budget?.leave() }
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
            // A dict (only a dict has keys): decoded here, not after six attempts that fail, and from
            // this container, as `[String: PlistValue]`'s decoder would make a second one.
            let keys = keyed.allKeys
            var dict = [String: PlistValue](minimumCapacity: keys.count)
            for key in keys { dict[key.stringValue] = try keyed.decode(PlistValue.self, forKey: key) }
            self = .dict(dict)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .real(value)
        } else if let value = try? container.decode(Date.self) {
            guard let seconds = Int64(exactly: value.timeIntervalSince1970.rounded(.down)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "date out of range")
            }
            self = .date(seconds)
        } else if let value = try? container.decode(Data.self) {
            self = .data(Array(value))
        } else if let value = try? container.decode([PlistValue].self) {
            self = .array(value)
        } else {
            self = .dict(try container.decode([String: PlistValue].self))
        }
    }

    /// The string, when this is one.
    public var string: String? { if case .string(let v) = self { v } else { nil } }
    /// The dictionary, when this is one.
    public var dictionary: [String: PlistValue]? { if case .dict(let v) = self { v } else { nil } }
}

/// Any key, to ask a decoder whether a value is a dict.
private struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Limits on one plist decode. A binary plist can reference an object from itself (a cycle) or
/// from many places (exponential expansion); swift-foundation's reader follows both, so a 67-byte
/// input ran for minutes (found by FuzzFlowDownPlist). Depth and node count are bounded here.
final class DecodeBudget: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "wirecheck.plist.budget")!
    static let maximumDepth = 64
    static let maximumNodes = 100_000

    private var nodes = 0
    /// How many values are being decoded one inside the other: the length of the coding path,
    /// counted here because `decoder.codingPath` builds an array for every value.
    private var depth = 0

    /// Called when a value starts to decode; throws when the plist is too deep or too large. A
    /// budget returned must be given `leave()` when that value is done, decoded or thrown.
    static func enter(_ decoder: any Decoder) throws -> DecodeBudget? {
        guard let budget = decoder.userInfo[key] as? DecodeBudget else { return nil }
        budget.nodes += 1
        guard budget.nodes <= maximumNodes, budget.depth < maximumDepth else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [],
                    debugDescription: "plist nested deeper than \(maximumDepth) or larger than \(maximumNodes) values (a reference cycle?)")
            )
        }
        budget.depth += 1
        return budget
    }

    /// The value `enter` was called for is done.
    func leave() { depth -= 1 }
}
