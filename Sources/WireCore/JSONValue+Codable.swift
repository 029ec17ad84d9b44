/// `Codable` for `JSONValue`, so vector files can also be read with Foundation's `JSONDecoder`
/// (key order is then not kept; use `JSONParser` where it matters).
extension JSONValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? container.decode(Int64.self) {
            self = .int(i)
        } else if let d = try? container.decode(Double.self) {
            self = .double(d)
        } else if let s = try? container.decode(String.self) {
            self = .string(s)
        } else if let a = try? container.decode([JSONValue].self) {
            self = .array(a)
        } else {
            let members = try container.decode([String: JSONValue].self)
            self = .object(JSONObject(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        }
    }

    /// Encodes the value as it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let b): try container.encode(b)
        case .int(let i): try container.encode(i)
        case .double(let d): try container.encode(d)
        case .string(let s): try container.encode(s)
        case .array(let a): try container.encode(a)
        case .object(let o): try container.encode(Dictionary(o.members.map { ($0.key, $0.value) }) { first, _ in first })
        }
    }
}
