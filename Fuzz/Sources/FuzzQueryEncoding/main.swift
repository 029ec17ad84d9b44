import FuzzSupport
import WireCore

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
    for byte in encoded.utf8 {
        require(
            URLQueryEncoding.isAllowed(byte) || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "&")
                || byte == UInt8(ascii: "="), "encoded query contains byte \(byte)")
    }
    return 0
}
