import ConformanceKit
import WireCore

/// Shim operations over WireCore's codecs, so the shim spine is exercised before the formats land.
enum WireCoreOperations {
    /// `wirecore.base64Decode {variant, text}` → `{bytes}`, or a WireError code.
    static let base64Decode = WireCoreOps.base64Decode { name, text throws(ShimError) in
        guard let variant = Base64Variant(name: name) else {
            throw ShimError(code: ShimError.badRequestCode, message: "unknown variant '\(name)'")
        }
        do throws(WireError) {
            return try Base64.decode(text, variant: variant)
        } catch {
            throw ShimError(error)
        }
    }

    /// `wirecore.queryEncode {items: [[name, value|null]]}` → `{query}`.
    static let queryEncode = WireCoreOps.queryEncode { items in URLQueryEncoding.encode(items) }

    /// `wirecore.queryDecode {query}` → `{items: [[name, value|null]]}`.
    static let queryDecode = WireCoreOps.queryDecode { query in URLQueryEncoding.decode(query) }
}
