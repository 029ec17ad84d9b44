import ConformanceKit
import WireCore

/// Shim operations over WireCore's codecs, so the shim spine is exercised before the formats land.
enum WireCoreOperations {
    /// `wirecore.base64Decode {variant, text}` → `{bytes}`, or a WireError code.
    static let base64Decode = Base64Suite.decode.operation { args throws(ShimError) in
        let name = try args.string("variant")
        guard let variant = Base64Variant(name: name) else {
            throw ShimError(code: ShimError.badRequestCode, message: "unknown variant '\(name)'")
        }
        let text = try args.string("text")
        do throws(WireError) {
            return ["bytes": .string(Hex.encode(try Base64.decode(text, variant: variant)))]
        } catch {
            throw ShimError(error)
        }
    }

    /// `wirecore.queryEncode {items: [[name, value|null]]}` → `{query}`.
    static let queryEncode = QueryEncodingSuite.encode.operation { args throws(ShimError) in
        var items: [QueryItem] = []
        for element in try args.array("items") {
            guard let pair = element.arrayValue, pair.count == 2, let name = pair[0].stringValue,
                pair[1].isNull || pair[1].stringValue != nil
            else { throw ShimError(code: ShimError.badRequestCode, message: "each item must be [name, value-or-null]") }
            items.append(QueryItem(name, pair[1].stringValue))
        }
        return ["query": .string(URLQueryEncoding.encode(items))]
    }

    /// `wirecore.queryDecode {query}` → `{items: [[name, value|null]]}`.
    static let queryDecode = QueryEncodingSuite.decode.operation { args throws(ShimError) in
        let items = URLQueryEncoding.decode(try args.string("query"))
        return ["items": .array(items.map { [.string($0.name), $0.value.map { .string($0) } ?? .null] })]
    }
}
