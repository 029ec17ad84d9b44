import ArkavoWire
import ConformanceKit
import WireCore

/// The `arkavo.*` shim operations over ArkavoWire (frames and buffers hex, tables in flatc's JSON).
enum ArkavoOperations {
    static let frames: [ShimOperation] = [
        ArkavoFrameSuite.parseFrame.operation { args throws(ShimError) in
            let frame = try args.hex("frame")
            do throws(ArkavoError) {
                return ArkavoFrameJSON.frame(try Frame.decode(frame))
            } catch {
                throw ShimError(error)
            }
        }
    ]

    static let flatBuffers: [ShimOperation] = [
        decode(ArkavoFlatBuffersSuite.decodeEvent, Event.self), decode(ArkavoFlatBuffersSuite.decodeMetadata, Metadata.self),
        encode(ArkavoFlatBuffersSuite.encodeEvent, Event.self), encode(ArkavoFlatBuffersSuite.encodeMetadata, Metadata.self),
    ]

    /// `arkavo.decode<Table> {buffer, maxDepth?, maxTables?}` → `table`.
    static func decode<Table: FlatBufferRoot>(_ kind: GroupKind, _: Table.Type) -> ShimOperation {
        kind.operation { args throws(ShimError) in
            let buffer = try args.hex("buffer")
            let limits = try Self.limits(args)
            do throws(ArkavoError) {
                return ["table": .object(try Table.decode(buffer, limits: limits).json)]
            } catch {
                throw ShimError(error)
            }
        }
    }

    /// `arkavo.encode<Table> {table}` → `buffer`; a table the JSON form cannot express is `bad-request`.
    static func encode<Table: FlatBufferRoot>(_ kind: GroupKind, _: Table.Type) -> ShimOperation {
        kind.operation { args throws(ShimError) in
            do throws(FlatBufferJSONError) {
                return ["buffer": .string(Hex.encode(try Table(json: args["table"] ?? .null).encode()))]
            } catch {
                throw ShimError(code: ShimError.badRequestCode, message: "table: \(error)")
            }
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
