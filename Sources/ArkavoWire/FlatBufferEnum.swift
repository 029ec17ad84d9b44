/// A FlatBuffers `enum X: byte` of the Arkavo schemas. The Verifier does not check enum values, so
/// any Int8 is representable; `name` is nil for a value the schema does not define.
public protocol FlatBufferEnum: RawRepresentable, Hashable, Sendable where RawValue == Int8 {
    /// The schema's values and their names.
    static var names: [Int8: String] { get }
    /// The value `rawValue`, named or not.
    init(rawValue: Int8)
}

extension FlatBufferEnum {
    /// The schema's name of this value, nil when it has none.
    public var name: String? { Self.names[rawValue] }

    /// The value named `name` in the schema.
    public init?(name: String) {
        guard let value = Self.names.first(where: { $0.value == name })?.key else { return nil }
        self.init(rawValue: value)
    }
}
