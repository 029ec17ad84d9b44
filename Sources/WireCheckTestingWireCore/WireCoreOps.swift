import ConformanceKit
import WireCore
import WireCoreConformance

/// The `wirecore.*` ops as typed functions over plain Swift values, for an `OpTable` of `WireCheckTesting`:
/// `OpTable(name: "MyBase64", [WireCoreOps.base64Decode { variant, text throws(ShimError) in … }])`. Each builder reads
/// the case's arguments, calls your function and writes its answer as the vectors compare it (bytes as hex); throw
/// `ShimError(code:)` with the vectors' error class to refuse. Nothing of the reference comes with it.
public enum WireCoreOps {
    private typealias Reference = WireCoreConformance.WireCoreOps

    /// `wirecore.base64Decode`: the bytes of `text` in `variant`, one of the eight names (`std-padded-strict`,
    /// `url-raw-go`, …; any other is `bad-request` before your function is called).
    public static func base64Decode(_ decode: @escaping @Sendable (_ variant: String, _ text: String) throws(ShimError) -> [UInt8])
        -> ShimOperation
    {
        Reference.base64Decode(decode)
    }

    /// `wirecore.queryEncode`: the query string of `items`, in order (a nil value is an item without `=`).
    public static func queryEncode(
        _ encode: @escaping @Sendable (_ items: [(name: String, value: String?)]) throws(ShimError) -> String
    ) -> ShimOperation {
        Reference.queryEncode { items throws(ShimError) in try encode(items.map { ($0.name, $0.value) }) }
    }

    /// `wirecore.queryDecode`: the items of `query`, in order (a nil value for an item without `=`).
    public static func queryDecode(
        _ decode: @escaping @Sendable (_ query: String) throws(ShimError) -> [(name: String, value: String?)]
    ) -> ShimOperation {
        Reference.queryDecode { query throws(ShimError) in try decode(query).map { QueryItem($0.name, $0.value) } }
    }
}
