import FuzzSupport
import WireCore

/// The bytes an encoded query may hold: `allowed`, `%`, and the `&` and `=` between names and values.
/// A table, so the check is one lookup per byte (each comparison would be a call under trace-cmp).
let mayAppearEncoded: [Bool] = (0...255).map { byte in
    URLQueryEncoding.isAllowed(UInt8(byte)) || [UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "=")].contains(UInt8(byte))
}

/// URLComponents query decoding. Oracle: decode → encode → decode gives the same items, and the
/// encoding of those items is stable (the canonical query FlowDown signs).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let query = String(decoding: inputBytes(start, count), as: UTF8.self)
    let items = URLQueryEncoding.decode(query)
    consume(items.count)
    let encoded = URLQueryEncoding.encode(items)
    let again = URLQueryEncoding.decode(encoded)
    if encoded.isEmpty {
        // One item with no name and no value encodes to "", which is a query with no items.
        require(items.isEmpty || items == [QueryItem("", nil)], "items \(items) encode to an empty query")
    } else {
        require(again == items, "decode(encode(items)) != items for \(query.debugDescription)")
    }
    require(URLQueryEncoding.encode(again) == encoded, "encoding is not stable for \(query.debugDescription)")
    for byte in encoded.utf8 { require(mayAppearEncoded[Int(byte)], "encoded query contains byte \(byte)") }
    return 0
}
