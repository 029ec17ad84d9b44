import WireCore

/// A root table of the Arkavo schemas (`Event`, `Metadata`): verified decode, the builders' encode
/// and flatc's JSON form, so that the shim ops, the CLI, the tests and the fuzz oracles are written
/// once for both.
public protocol FlatBufferRoot: Equatable, Sendable {
    /// The table's name in its schema.
    static var tableName: String { get }
    /// Verifies `buffer` with the generated Verifier under `limits` and decodes it.
    static func decode(_ buffer: [UInt8], limits: VerifierLimits) throws(ArkavoError) -> Self
    /// Whether the generated Verifier alone accepts `buffer` (`decode` also refuses a Metadata string that is
    /// not UTF-8).
    static func verifies(_ buffer: [UInt8], limits: VerifierLimits) -> Bool
    /// The bytes the generated builders (and `flatc --binary` of `json`) write.
    func encode() -> [UInt8]
    /// flatc's JSON form.
    var json: JSONObject { get }
    /// Reads flatc's JSON form.
    init(json: JSONValue) throws(FlatBufferJSONError)
}

extension Event: FlatBufferRoot {
    /// `Event`.
    public static var tableName: String { "Event" }
}

extension Metadata: FlatBufferRoot {
    /// `Metadata`.
    public static var tableName: String { "Metadata" }
}
