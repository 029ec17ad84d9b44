// Re-exported: the types of the builders' functions, so one import does.
@_exported import ArkavoWire
import ConformanceKit
import WireCore

/// The `arkavo.*` ops as typed functions over ArkavoWire's types, for `WireCheckTesting`'s `OpSet`: you
/// write the function, the builder reads the case's arguments (hex to bytes, flatc's JSON to a table)
/// and writes the result the vectors compare. Throw `ShimError(code:)` with the vectors' error class
/// to refuse. The reference implementation is built the same way.
public enum ArkavoOps {
    /// `arkavo.parseFrame`: one WebSocket binary frame read.
    public static func parseFrame(_ decode: @escaping @Sendable (_ frame: [UInt8]) throws(ShimError) -> Frame) -> ShimOperation {
        ArkavoFrameSuite.parseFrame.operation { args throws(ShimError) in ArkavoFrameJSON.frame(try decode(try args.hex("frame"))) }
    }

    /// `arkavo.decodeEvent`: an Event buffer verified within `limits` and read.
    public static func decodeEvent(
        _ decode: @escaping @Sendable (_ buffer: [UInt8], _ limits: VerifierLimits) throws(ShimError) -> Event
    ) -> ShimOperation {
        decoding(ArkavoFlatBuffersSuite.decodeEvent, decode)
    }

    /// `arkavo.decodeMetadata`: a Metadata buffer verified within `limits` and read.
    public static func decodeMetadata(
        _ decode: @escaping @Sendable (_ buffer: [UInt8], _ limits: VerifierLimits) throws(ShimError) -> Metadata
    ) -> ShimOperation {
        decoding(ArkavoFlatBuffersSuite.decodeMetadata, decode)
    }

    /// `arkavo.encodeEvent`: the buffer flatc's builders would write for `event`.
    public static func encodeEvent(_ encode: @escaping @Sendable (_ event: Event) throws(ShimError) -> [UInt8]) -> ShimOperation {
        encoding(ArkavoFlatBuffersSuite.encodeEvent, encode)
    }

    /// `arkavo.encodeMetadata`: the buffer flatc's builders would write for `metadata`.
    public static func encodeMetadata(_ encode: @escaping @Sendable (_ metadata: Metadata) throws(ShimError) -> [UInt8]) -> ShimOperation {
        encoding(ArkavoFlatBuffersSuite.encodeMetadata, encode)
    }

    /// `{buffer, maxDepth?, maxTables?}` → `{table}`.
    static func decoding<Table: FlatBufferRoot>(
        _ kind: GroupKind, _ decode: @escaping @Sendable ([UInt8], VerifierLimits) throws(ShimError) -> Table
    ) -> ShimOperation {
        kind.operation { args throws(ShimError) in
            let buffer = try args.hex("buffer")
            return ["table": .object(try decode(buffer, try limits(args)).json)]
        }
    }

    /// `{table}` → `{buffer}`; a table the JSON form cannot express is `bad-request`.
    static func encoding<Table: FlatBufferRoot>(
        _ kind: GroupKind, _ encode: @escaping @Sendable (Table) throws(ShimError) -> [UInt8]
    ) -> ShimOperation {
        kind.operation { args throws(ShimError) in
            let table: Table
            do throws(FlatBufferJSONError) {
                table = try Table(json: args["table"] ?? .null)
            } catch {
                throw ShimError(code: ShimError.badRequestCode, message: "table: \(error)")
            }
            return ["buffer": .string(Hex.encode(try encode(table)))]
        }
    }

    /// `maxDepth` and `maxTables`, each 1...2^32-1 when given.
    static func limits(_ args: JSONObject) throws(ShimError) -> VerifierLimits {
        var limits = VerifierLimits.default
        for (key, path) in [("maxDepth", \VerifierLimits.maxDepth), ("maxTables", \VerifierLimits.maxTables)] where args[key] != nil {
            let value = try args.int(key)
            guard let limit = UInt32(exactly: value), limit > 0 else {
                throw ShimError(code: ShimError.badRequestCode, message: "argument '\(key)' must be in 1...\(UInt32.max)")
            }
            limits[keyPath: path] = limit
        }
        return limits
    }
}
