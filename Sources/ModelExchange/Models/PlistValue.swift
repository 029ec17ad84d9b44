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

    /// Foundation's plist decoders keep the element kinds apart, so the order of attempts only
    /// matters for speed.
    public init(from decoder: any Decoder) throws {
        try DecodeBudget.charge(decoder)
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
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
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
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

/// Limits on one plist decode. A binary plist can reference an object from itself (a cycle) or
/// from many places (exponential expansion); swift-foundation's reader follows both, so a 67-byte
/// input ran for minutes (found by FuzzFlowDownPlist). Depth and node count are bounded here.
final class DecodeBudget: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "wirecheck.plist.budget")!
    static let maximumDepth = 64
    static let maximumNodes = 100_000

    private var nodes = 0

    /// Called once per value decoded; throws when the plist is too deep or too large.
    static func charge(_ decoder: any Decoder) throws {
        guard let budget = decoder.userInfo[key] as? DecodeBudget else { return }
        budget.nodes += 1
        if budget.nodes > maximumNodes || decoder.codingPath.count > maximumDepth {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [],
                    debugDescription: "plist nested deeper than \(maximumDepth) or larger than \(maximumNodes) values (a reference cycle?)")
            )
        }
    }
}
