import WireCore

/// A structure inside an argument that an integrity check guards (a token's MACed payload, a signed
/// URL's items): `open` takes it out of a case's arguments as JSON, `seal` puts a changed one back and
/// signs, MACs or encrypts it again with the keys the case carries. A mutation made through a layer
/// reaches the code behind the check, which a byte flip of the whole argument never passes.
public struct FuzzLayer: Sendable {
    /// What the structure is, for the case's comment (`token payload`).
    public let name: String
    /// The structure of these arguments (params then input), or nil when they have none.
    public let open: @Sendable (_ args: JSONObject) -> JSONValue?
    /// The arguments with the structure replaced and sealed again, or nil when it cannot be.
    public let seal: @Sendable (_ args: JSONObject, _ structure: JSONValue) -> JSONObject?

    /// A layer named `name`.
    public init(
        _ name: String, open: @escaping @Sendable (JSONObject) -> JSONValue?,
        seal: @escaping @Sendable (JSONObject, JSONValue) -> JSONObject?
    ) {
        self.name = name
        self.open = open
        self.seal = seal
    }
}
