import ConformanceKit
import WireCore

/// The `wirecore.*` ops: a typed builder per op, and the reference table made of them, so every
/// case checks the builders too.
///
/// A builder takes a function over Swift values, reads the case's arguments through the declared
/// fields (`WireCoreFields`) and writes the result the vectors compare; `WireCheckTesting` users
/// give it their own function (throw `ShimError(code:)` with the vectors' error class to refuse).
public enum WireCoreOps {
    typealias F = WireCoreFields

    /// `wirecore.base64Decode`: the bytes of `text` in `variant` (`std-padded-strict`, `url-raw-go`, …;
    /// `Vectors/README.md` lists the variants and the error classes). `variant` is one of the eight
    /// names: any other is refused as `bad-request` before `decode` is called.
    public static func base64Decode(
        _ decode: @escaping @Sendable (_ variant: String, _ text: String) throws(ShimError) -> [UInt8]
    ) -> ShimOperation {
        // The name, not the variant, so an implementation that only knows the names keeps compiling.
        base64Decode(typed: { variant, text throws(ShimError) in try decode(variant.name, text) })
    }

    /// `wirecore.base64Decode` over the variant itself, as the reference decodes.
    static func base64Decode(
        typed decode: @escaping @Sendable (_ variant: Base64Variant, _ text: String) throws(ShimError) -> [UInt8]
    ) -> ShimOperation {
        Base64Suite.decode.operation { args throws(ShimError) in
            JSONObject(F.bytes(try decode(try args.read(F.variant), try args.read(F.text))))
        }
    }

    /// `wirecore.queryEncode`: the query string of `items` (a nil value is an item without `=`).
    public static func queryEncode(_ encode: @escaping @Sendable (_ items: [QueryItem]) throws(ShimError) -> String) -> ShimOperation {
        QueryEncodingSuite.encode.operation { args throws(ShimError) in
            JSONObject(F.query(try encode(try args.read(F.items))))
        }
    }

    /// `wirecore.queryDecode`: the items of `query`, in order.
    public static func queryDecode(_ decode: @escaping @Sendable (_ query: String) throws(ShimError) -> [QueryItem]) -> ShimOperation {
        QueryEncodingSuite.decode.operation { args throws(ShimError) in
            JSONObject(F.items(try decode(try args.read(F.query))))
        }
    }

    /// The reference: WireCore's own codecs; a decoding refusal is its `WireError` class.
    public static let reference = OpTable(name: ReferenceShim.name, [
        base64Decode(typed: { variant, text throws(ShimError) in
            do throws(WireError) {
                return try Base64.decode(text, variant: variant)
            } catch {
                throw ShimError(error)
            }
        }),
        queryEncode { items in URLQueryEncoding.encode(items) },
        queryDecode { query in URLQueryEncoding.decode(query) },
    ])
}
