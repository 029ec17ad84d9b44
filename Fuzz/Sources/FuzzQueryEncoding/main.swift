import FuzzSupport
import WireCore

#if canImport(Glibc)
import Glibc
#endif

/// The bytes an encoded query may hold, written out apart from the encoder's table: FlowDown spec
/// section 3's allowed characters, `%`, and the `&` and `=` between names and values.
let mayAppearEncoded = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*+,;:@/?%&="

/// URLComponents query decoding. Oracle: decode → encode → decode gives the same items, and the
/// encoding of those items is stable (the canonical query FlowDown signs).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let query = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let items = URLQueryEncoding.decode(query)
    consume(items.count)
    let encoded = URLQueryEncoding.encode(items)
    let again = URLQueryEncoding.decode(encoded)
    if encoded.isEmpty {
        // One item with no name and no value encodes to "", which is a query with no items.
        require(items.isEmpty || items == [QueryItem("", nil)], "items \(items) encode to an empty query")
        require(URLQueryEncoding.encode(again) == encoded, "encoding is not stable for \(query.debugDescription)")
    } else {
        // With again == items, encoding is stable (encode(again) == encoded) as encode is a function.
        require(again == items, "decode(encode(items)) != items for \(query.debugDescription)")
    }
    // strspn, not a Swift loop: libc is not instrumented, and a loop made a trace-cmp call per byte.
    // The encoding holds no NUL (it would be %00), so the C string is the whole query.
    let clean = encoded.withCString { strspn($0, mayAppearEncoded) }
    require(clean == encoded.utf8.count, "encoded query contains byte \(Array(encoded.utf8)[clean]) at offset \(clean)")
    return 0
}
