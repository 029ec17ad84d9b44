/// One `name=value` pair of a URL query, as Foundation's `URLQueryItem`: a nil value is written as
/// the bare name (FlowDown spec section 3).
public struct QueryItem: Hashable, Sendable, CustomStringConvertible {
    /// The decoded name.
    public var name: String
    /// The decoded value; nil when the item has no `=`.
    public var value: String?

    /// An item.
    public init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }

    public var description: String { value.map { "\(name)=\($0)" } ?? name }
}
