import ATProtoLexicon

/// An atproto `datetime` as the models carry it: the instant, and the text exactly as received so a
/// value re-encodes byte for byte. Decoding reads the full atproto grammar (any fraction length, `Z`
/// or an offset), never Foundation's ISO 8601 parser; new values are written
/// `YYYY-MM-DDTHH:MM:SS.sssZ`.
public struct ATDatetime: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The text as received or written.
    public let text: String
    /// Milliseconds since the Unix epoch.
    public let unixMilliseconds: Int64

    /// A datetime read from its text; nil when it is not an atproto datetime.
    public init?(_ text: String) {
        guard let parsed = try? Datetime.parse(text) else { return nil }
        self.text = text
        unixMilliseconds = parsed.unixSeconds * 1000 + Int64(parsed.fraction.prefix(3).padding(toLength: 3, withPad: "0", startingAt: 0))!
    }

    /// The instant `ms`, written in the preferred form.
    public init(unixMilliseconds ms: Int64) {
        text = Datetime.format(unixMilliseconds: ms)
        unixMilliseconds = ms
    }

    /// Reads a JSON string; refuses one that is not an atproto datetime.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = ATDatetime(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not an atproto datetime"))
        }
        self = value
    }

    /// Writes the text as received or made.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// The description.
    public var description: String { text }
}
