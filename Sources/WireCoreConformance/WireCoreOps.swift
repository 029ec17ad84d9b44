import ConformanceKit
import WireCore

/// The `wirecore.*` ops as typed functions, for `WireCheckTesting`'s `OpSet`: you write the function
/// over Swift values, the builder reads the case's arguments and writes the result the vectors
/// compare. Throw `ShimError(code:)` with the vectors' error class to refuse. The reference
/// implementation is built the same way, so every case checks the builders too.
public enum WireCoreOps {
    /// `wirecore.base64Decode`: the bytes of `text` in `variant` (`std-padded-strict`, `url-raw-go`, …;
    /// `Vectors/README.md` lists the variants and the error classes).
    public static func base64Decode(
        _ decode: @escaping @Sendable (_ variant: String, _ text: String) throws(ShimError) -> [UInt8]
    ) -> ShimOperation {
        Base64Suite.decode.operation { args throws(ShimError) in
            ["bytes": .string(Hex.encode(try decode(try args.string("variant"), try args.string("text"))))]
        }
    }

    /// `wirecore.queryEncode`: the query string of `items` (a nil value is an item without `=`).
    public static func queryEncode(_ encode: @escaping @Sendable (_ items: [QueryItem]) throws(ShimError) -> String) -> ShimOperation {
        QueryEncodingSuite.encode.operation { args throws(ShimError) in
            var items: [QueryItem] = []
            for element in try args.array("items") {
                guard let pair = element.arrayValue, pair.count == 2, let name = pair[0].stringValue,
                    pair[1].isNull || pair[1].stringValue != nil
                else { throw ShimError(code: ShimError.badRequestCode, message: "each item must be [name, value-or-null]") }
                items.append(QueryItem(name, pair[1].stringValue))
            }
            return ["query": .string(try encode(items))]
        }
    }

    /// `wirecore.queryDecode`: the items of `query`, in order.
    public static func queryDecode(_ decode: @escaping @Sendable (_ query: String) throws(ShimError) -> [QueryItem]) -> ShimOperation {
        QueryEncodingSuite.decode.operation { args throws(ShimError) in
            let items = try decode(try args.string("query"))
            return ["items": .array(items.map { [.string($0.name), $0.value.map { .string($0) } ?? .null] })]
        }
    }
}
