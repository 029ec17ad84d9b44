// Re-exported: the types of the builders' functions, so one import does.
@_exported import ArkavoWire
import ConformanceKit
import WireCore

/// The `arkavo.*` ops: a typed builder per op over ArkavoWire's types, and the reference table made of them.
///
/// A builder reads the case's arguments through the declared fields (`ArkavoFields`: hex to bytes,
/// flatc's JSON to a table) and writes the result the vectors compare; `WireCheckTesting` users give
/// it their own function (throw `ShimError(code:)` with the vectors' error class to refuse).
public enum ArkavoOps {
    typealias F = ArkavoFields

    /// `arkavo.parseFrame`: one WebSocket binary frame read.
    public static func parseFrame(_ decode: @escaping @Sendable (_ frame: [UInt8]) throws(ShimError) -> Frame) -> ShimOperation {
        ArkavoFrameSuite.parseFrame.operation { args throws(ShimError) in ArkavoFrameJSON.frame(try decode(try args.read(F.frame))) }
    }

    /// `arkavo.decodeEvent`: an Event buffer verified within `limits` and read.
    public static func decodeEvent(
        _ decode: @escaping @Sendable (_ buffer: [UInt8], _ limits: VerifierLimits) throws(ShimError) -> Event
    ) -> ShimOperation {
        decoding(ArkavoFlatBuffersSuite.decodeEvent, F.eventTable, decode)
    }

    /// `arkavo.decodeMetadata`: a Metadata buffer verified within `limits` and read.
    public static func decodeMetadata(
        _ decode: @escaping @Sendable (_ buffer: [UInt8], _ limits: VerifierLimits) throws(ShimError) -> Metadata
    ) -> ShimOperation {
        decoding(ArkavoFlatBuffersSuite.decodeMetadata, F.metadataTable, decode)
    }

    /// `arkavo.encodeEvent`: the buffer flatc's builders would write for `event`.
    public static func encodeEvent(_ encode: @escaping @Sendable (_ event: Event) throws(ShimError) -> [UInt8]) -> ShimOperation {
        encoding(ArkavoFlatBuffersSuite.encodeEvent, F.eventTable, encode)
    }

    /// `arkavo.encodeMetadata`: the buffer flatc's builders would write for `metadata`.
    public static func encodeMetadata(_ encode: @escaping @Sendable (_ metadata: Metadata) throws(ShimError) -> [UInt8]) -> ShimOperation {
        encoding(ArkavoFlatBuffersSuite.encodeMetadata, F.metadataTable, encode)
    }

    /// `{buffer, maxDepth?, maxTables?}` → `{table}`.
    static func decoding<Table: FlatBufferRoot>(
        _ kind: GroupKind, _ table: Field<JSONObject>, _ decode: @escaping @Sendable ([UInt8], VerifierLimits) throws(ShimError) -> Table
    ) -> ShimOperation {
        kind.operation { args throws(ShimError) in
            let buffer = try args.read(F.buffer)
            return JSONObject(table(try decode(buffer, try limits(args)).json))
        }
    }

    /// `{table}` → `{buffer}`. The argument check sees only that `table` is an object: its members are
    /// the table reader's to refuse. A table the JSON form cannot express (a negative or too large integer, an
    /// unknown member at any level, a union without its type) is `invalid-table`, as flatc refuses to build it:
    /// a judged refusal, not an argument error, so an implementation that builds it anyway is caught.
    static func encoding<Table: FlatBufferRoot>(
        _ kind: GroupKind, _ table: Field<JSONObject>, _ encode: @escaping @Sendable (Table) throws(ShimError) -> [UInt8]
    ) -> ShimOperation {
        kind.operation { args throws(ShimError) in
            let json = try args.read(table)
            let value: Table
            do throws(FlatBufferJSONError) {
                value = try Table(json: .object(json))
            } catch {
                throw ShimError(code: Self.invalidTableCode, message: "\(table.name): \(error)")
            }
            return JSONObject(F.buffer(try encode(value)))
        }
    }

    /// The error class of a table the JSON form cannot express.
    public static let invalidTableCode = "invalid-table"

    /// The Verifier's limits: the library's defaults, with `maxDepth` and `maxTables` when given.
    static func limits(_ args: JSONObject) throws(ShimError) -> VerifierLimits {
        var limits = VerifierLimits.default
        if let maxDepth = try args.readIfPresent(F.maxDepth) { limits.maxDepth = maxDepth }
        if let maxTables = try args.readIfPresent(F.maxTables) { limits.maxTables = maxTables }
        return limits
    }

    /// The reference: ArkavoWire's decoders and the FlatBuffers builders, refusals as the vectors' error classes.
    public static let reference = OpTable(
        name: ReferenceShim.name,
        [
            parseFrame { frame throws(ShimError) in try refusing { () throws(ArkavoError) in try Frame.decode(frame) } },
            decodeEvent { buffer, limits throws(ShimError) in
                try refusing { () throws(ArkavoError) in try Event.decode(buffer, limits: limits) }
            },
            decodeMetadata { buffer, limits throws(ShimError) in
                try refusing { () throws(ArkavoError) in try Metadata.decode(buffer, limits: limits) }
            },
            encodeEvent { event in event.encode() },
            encodeMetadata { metadata in metadata.encode() },
        ])

    /// An ArkavoWire refusal as the vectors' error class.
    static func refusing<Value>(_ body: () throws(ArkavoError) -> Value) throws(ShimError) -> Value {
        do throws(ArkavoError) {
            return try body()
        } catch {
            throw ShimError(error)
        }
    }
}
