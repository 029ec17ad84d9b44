import ArkavoWire
import ConformanceKit
import WireCore

/// The `arkavo.*` shim operations over ArkavoWire (frames and buffers hex, tables in flatc's JSON).
enum ArkavoOperations {
    static let frames: [ShimOperation] = [
        ArkavoOps.parseFrame { frame throws(ShimError) in try refusing { () throws(ArkavoError) in try Frame.decode(frame) } }
    ]

    static let flatBuffers: [ShimOperation] = [
        ArkavoOps.decodeEvent { buffer, limits throws(ShimError) in
            try refusing { () throws(ArkavoError) in try Event.decode(buffer, limits: limits) }
        },
        ArkavoOps.decodeMetadata { buffer, limits throws(ShimError) in
            try refusing { () throws(ArkavoError) in try Metadata.decode(buffer, limits: limits) }
        },
        ArkavoOps.encodeEvent { event in event.encode() },
        ArkavoOps.encodeMetadata { metadata in metadata.encode() },
    ]

    /// An ArkavoWire refusal as the vectors' error class.
    static func refusing<Value>(_ body: () throws(ArkavoError) -> Value) throws(ShimError) -> Value {
        do throws(ArkavoError) {
            return try body()
        } catch {
            throw ShimError(error)
        }
    }
}
