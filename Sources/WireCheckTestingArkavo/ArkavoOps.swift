import ArkavoConformance
import ArkavoWire
import ConformanceKit
import NanoTDF
import WireCheckTestingNanoTDF

/// The `arkavo.*` ops as typed functions over this product's own value types, for an `OpTable` of `WireCheckTesting`:
/// `OpTable(name: "MyArkavo", [ArkavoOps.decodeEvent { buffer, limits throws(ShimError) in … }])`. Each builder reads
/// the case's arguments, calls your function and writes its answer as the vectors compare it; throw
/// `ShimError(code:)` with the vectors' error class (`truncated`, `unknown-frame-type`, `flatbuffer-invalid`, …) to
/// refuse. What your functions return is handed to the family's own builders member by member: nothing your decoder
/// read is replaced by a schema default, and a rating or purpose of the wrong length is compared as it is.
public enum ArkavoOps {
    private typealias Reference = ArkavoConformance.ArkavoOps

    /// `arkavo.parseFrame`: one WebSocket binary frame read.
    public static func parseFrame(_ parse: @escaping @Sendable (_ frame: [UInt8]) throws(ShimError) -> ArkavoFrame) -> ShimOperation {
        Reference.parseFrame { bytes throws(ShimError) in try Frame(try parse(bytes)) }
    }

    /// `arkavo.decodeEvent`: an Event buffer verified within `limits` and read.
    public static func decodeEvent(
        _ decode: @escaping @Sendable (_ buffer: [UInt8], _ limits: ArkavoVerifierLimits) throws(ShimError) -> ArkavoEvent
    ) -> ShimOperation {
        Reference.decodeEvent { buffer, limits throws(ShimError) in Event(try decode(buffer, ArkavoVerifierLimits(limits))) }
    }

    /// `arkavo.decodeMetadata`: a Metadata buffer verified within `limits` and read. A string that is not UTF-8 must
    /// be refused too (`flatbuffer-invalid`), which the Swift FlatBuffers Verifier does not check: test each string's
    /// bytes yourself (`String(validating:as:)`) before reading it.
    public static func decodeMetadata(
        _ decode: @escaping @Sendable (_ buffer: [UInt8], _ limits: ArkavoVerifierLimits) throws(ShimError) -> ArkavoMetadata
    ) -> ShimOperation {
        Reference.decodeMetadata { buffer, limits throws(ShimError) in try Metadata(try decode(buffer, ArkavoVerifierLimits(limits))) }
    }

    /// `arkavo.encodeEvent`: the buffer flatc's builders would write for `event`.
    public static func encodeEvent(_ encode: @escaping @Sendable (_ event: ArkavoEvent) throws(ShimError) -> [UInt8]) -> ShimOperation {
        Reference.encodeEvent { event throws(ShimError) in try encode(ArkavoEvent(event)) }
    }

    /// `arkavo.encodeMetadata`: the buffer flatc's builders would write for `metadata`.
    public static func encodeMetadata(_ encode: @escaping @Sendable (_ metadata: ArkavoMetadata) throws(ShimError) -> [UInt8])
        -> ShimOperation
    {
        Reference.encodeMetadata { metadata throws(ShimError) in try encode(ArkavoMetadata(metadata)) }
    }
}
