/// The query encoding of Apple's `URLComponents.queryItems`, byte for byte (FlowDown spec section 3).
///
/// FlowDown signs the *encoded* query and re-encodes what it receives before verifying, so a sender
/// that encodes any byte differently (`%2B` for `+`, lowercase hex, `+` for space) fails verification.
public enum URLQueryEncoding {
    /// RFC 3986 query-allowed characters minus `&` and `=`: `A-Z a-z 0-9 - . _ ~ ! $ ' ( ) * + , ; : @ / ?`.
    public static let allowed: Set<UInt8> = {
        var set = Set<UInt8>()
        for range in [
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
        ] {
            set.formUnion(range)
        }
        set.formUnion("-._~!$'()*+,;:@/?".utf8)
        return set
    }()

    private static let allowedTable: [Bool] = (0..<256).map { allowed.contains(UInt8($0)) }

    /// Whether `byte` is in `allowed`: a table lookup, where the set hashes the byte on every call.
    public static func isAllowed(_ byte: UInt8) -> Bool { allowedTable[Int(byte)] }
    private static let upperHex = Array("0123456789ABCDEF".utf8)

    /// Percent-encodes one name or value: every UTF-8 byte outside `allowed` becomes `%XX`, uppercase.
    public static func encodeComponent(_ text: String) -> String {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `encodeComponent(text)`, appended to `out`.
    private static func append(_ text: String, to out: inout [UInt8]) {
        allowedTable.withUnsafeBufferPointer { allowed in
            for byte in text.utf8 {
                if allowed[Int(byte)] {
                    out.append(byte)
                } else {
                    out.append(UInt8(ascii: "%"))
                    out.append(upperHex[Int(byte >> 4)])
                    out.append(upperHex[Int(byte & 0x0f)])
                }
            }
        }
    }

    /// The `queryItems` setter: items joined with `&`, `name=value` or a bare name for a nil value.
    public static func encode(_ items: [QueryItem]) -> String {
        // Written into one buffer: a string per component and per item, then joined, cost more
        // than the rest of a FlowDown verification but the signature check.
        var out = [UInt8]()
        out.reserveCapacity(items.reduce(0) { $0 + $1.name.utf8.count + ($1.value?.utf8.count ?? 0) + 2 })
        for (index, item) in items.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "&")) }
            append(item.name, to: &out)
            if let value = item.value {
                out.append(UInt8(ascii: "="))
                append(value, to: &out)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The `queryItems` getter: split on `&`, split each item at its first `=`, percent-decode.
    /// A name that does not decode becomes `""`, a value that does not decode becomes nil, and `+`
    /// stays `+` (this is not form decoding). An empty query has no items.
    public static func decode(_ query: String) -> [QueryItem] {
        guard !query.isEmpty else { return [] }
        // Split a copy of the bytes, not the String's UTF8View: an Array's split and search are
        // specialised and inlined, the view's walk index by index through generic code.
        return Array(query.utf8).split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map { item in
            guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else { return QueryItem(percentDecode(item) ?? "", nil) }
            return QueryItem(percentDecode(item[..<equals]) ?? "", percentDecode(item[(equals + 1)...]))
        }
    }

    /// Whether Foundation keeps a URL component as it is: every byte an RFC 3986 `pchar` (unreserved,
    /// sub-delims, `:`, `@`) or in `alsoAllowed`, and every `%` followed by two hex digits. Swift 6
    /// Foundation percent-encodes a component that is not valid *whole*, `%` included.
    public static func isValidComponent(_ text: String, alsoAllowed: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, Hex.nibble(bytes[index + 1]) != nil, Hex.nibble(bytes[index + 2]) != nil else {
                    return false
                }
                index += 3
            } else {
                guard pcharTable[Int(byte)] || alsoAllowed.utf8.contains(byte) else { return false }
                index += 1
            }
        }
        return true
    }

    /// RFC 3986 `pchar` without `%`: unreserved, sub-delims, `:` and `@`.
    private static let pcharTable: [Bool] = (0..<256).map { byte in
        let unreservedOrDelimiter = Array("-._~!$&'()*+,;=:@".utf8)
        return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(UInt8(byte))
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(UInt8(byte))
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(UInt8(byte)) || unreservedOrDelimiter.contains(UInt8(byte))
    }

    /// `removingPercentEncoding`: nil when a `%` is not followed by two hex digits or the
    /// decoded bytes are not UTF-8.
    public static func percentDecode(_ text: String) -> String? {
        percentDecode(Array(text.utf8)[...])
    }

    /// `bytes` must be a whole string, or a part of one cut at ASCII characters.
    static func percentDecode(_ bytes: ArraySlice<UInt8>) -> String? {
        // Most names and values have no escape: their bytes, already UTF-8, are the answer.
        guard bytes.contains(UInt8(ascii: "%")) else { return String(decoding: bytes, as: UTF8.self) }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, let high = Hex.nibble(bytes[index + 1]),
                    let low = Hex.nibble(bytes[index + 2])
                else { return nil }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }
}
