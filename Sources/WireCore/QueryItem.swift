/// One `name=value` pair of a URL query, as Foundation's `URLQueryItem`: a nil value is written as
/// the bare name (FlowDown spec section 3).
public struct QueryItem: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var value: String?

    public init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }

    public var description: String { value.map { "\(name)=\($0)" } ?? name }
}
