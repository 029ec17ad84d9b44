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

    /// `allowed` as a table indexed by byte.
    private static let allowedTable: [Bool] = (0..<256).map { allowed.contains(UInt8($0)) }

    /// Whether `byte` is in `allowed`: a table lookup, where the set hashes the byte on every call.
    public static func isAllowed(_ byte: UInt8) -> Bool { allowedTable[Int(byte)] }
    private static let upperHex = Array("0123456789ABCDEF".utf8)

    /// Percent-encodes one name or value: every UTF-8 byte outside `allowed` becomes `%XX`, uppercase.
    public static func encodeComponent(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: 3 * bytes.count + 1) { out in write(bytes, to: out.baseAddress!) }
        }
    }

    /// Each byte's encoding as it is stored: the byte itself, or `%` and two uppercase hex digits, in
    /// the low three bytes (first byte lowest), and how many of them count in the top byte.
    private static let encodedByte: [UInt32] = (0..<256).map { byte in
        guard !allowedTable[byte] else { return 1 << 24 | UInt32(byte) }
        return 3 << 24 | UInt32(upperHex[byte & 0x0f]) << 16 | UInt32(upperHex[byte >> 4]) << 8 | UInt32(UInt8(ascii: "%"))
    }

    /// Writes `encodeComponent` of `bytes` from `out`, which has room for `3 * bytes.count + 1`, and
    /// returns how many bytes it wrote. Every byte stores four bytes from the table and moves on by
    /// its length: no branch per byte, where a fuzz build makes a trace-cmp call for each (testing
    /// every byte and copying runs of allowed ones was still a third of FuzzQueryEncoding).
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        encodedByte.withUnsafeBufferPointer { table in
            let output = UnsafeMutableRawPointer(out)
            var written = 0
            var index = 0
            func put(_ byte: UInt8) {
                let encoded = table[Int(byte)]
                output.storeBytes(of: encoded.littleEndian, toByteOffset: written, as: UInt32.self)
                written += Int(encoded >> 24)
            }
            while index + 4 <= bytes.count {
                put(bytes[index])
                put(bytes[index + 1])
                put(bytes[index + 2])
                put(bytes[index + 3])
                index += 4
            }
            while index < bytes.count {
                put(bytes[index])
                index += 1
            }
            return written
        }
    }

    /// The `queryItems` setter: items joined with `&`, `name=value` or a bare name for a nil value.
    public static func encode(_ items: [QueryItem]) -> String {
        // Written into the string's own storage, sized for the worst case (every byte escaped, a
        // separator and `=` per item, and the byte `write` may store past its end): a string per
        // component and per item, then joined, cost more than the rest of a FlowDown verification
        // but the signature check.
        let capacity = items.reduce(1) { $0 + 3 * ($1.name.utf8.count + ($1.value?.utf8.count ?? 0)) + 2 }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            let out = buffer.baseAddress!
            var written = 0
            for (index, item) in items.enumerated() {
                if index > 0 {
                    out[written] = UInt8(ascii: "&")
                    written += 1
                }
                var name = item.name
                written += name.withUTF8 { write($0, to: out + written) }
                if var value = item.value {
                    out[written] = UInt8(ascii: "=")
                    written += 1
                    written += value.withUTF8 { write($0, to: out + written) }
                }
            }
            return written
        }
    }

    /// The `queryItems` getter: split on `&`, split each item at its first `=`, percent-decode.
    /// A name that does not decode becomes `""`, a value that does not decode becomes nil, and `+`
    /// stays `+` (this is not form decoding). An empty query has no items. With
    /// `droppingByteOrderMarks`, each name and value loses one leading U+FEFF, as Foundation's
    /// `URLComponents` decodes them (`percentDecode`); Go's `url.ParseQuery` keeps it, so the default does.
    public static func decode(_ query: String, droppingByteOrderMarks: Bool = false) -> [QueryItem] {
        guard !query.isEmpty else { return [] }
        var query = query
        // The separators are found by memchr in the string's own UTF-8: splitting a copy byte by byte
        // was a third of FuzzQueryEncoding, most of it trace-cmp calls on the loop bounds.
        return query.withUTF8 { bytes in
            var items: [QueryItem] = []
            var start = 0
            while true {
                let end = ByteSearch.firstIndex(of: UInt8(ascii: "&"), in: bytes, from: start) ?? bytes.count
                let item = UnsafeBufferPointer(rebasing: bytes[start..<end])
                let mark = droppingByteOrderMarks
                if let equals = ByteSearch.firstIndex(of: UInt8(ascii: "="), in: item) {
                    items.append(
                        QueryItem(
                            percentDecode(UnsafeBufferPointer(rebasing: item[..<equals]), droppingByteOrderMark: mark) ?? "",
                            percentDecode(UnsafeBufferPointer(rebasing: item[(equals + 1)...]), droppingByteOrderMark: mark)))
                } else {
                    items.append(QueryItem(percentDecode(item, droppingByteOrderMark: mark) ?? "", nil))
                }
                guard end < bytes.count else { return items }
                start = end + 1
            }
        }
    }

    /// Whether `text` has a `%` that is not followed by two hex digits (a stray `%`, which no decoding reads alike).
    public static func hasStrayPercent(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.indices.contains { i in
            bytes[i] == UInt8(ascii: "%") && !(i + 2 < bytes.count && Hex.byte(bytes[i + 1], bytes[i + 2]) != nil)
        }
    }

    /// The items of a query read literally, as Swift 6 `URL(string:)` hands over a query it had to re-encode whole (a
    /// stray `%` becomes `%25`, so each name and value decodes back to its own text): split on the bytes `&` and the
    /// first `=` (a Swift Character would fuse a combining mark that follows a separator with it), nothing decoded; with
    /// `droppingByteOrderMarks`, each name and value loses one leading U+FEFF, as Foundation's decoding does.
    public static func literalItems(_ query: String, droppingByteOrderMarks: Bool = false) -> [QueryItem] {
        func text(_ bytes: ArraySlice<UInt8>) -> String {
            let text = String(decoding: bytes, as: UTF8.self)
            return droppingByteOrderMarks ? droppingByteOrderMark(text) : text
        }
        return Array(query.utf8).split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map { item in
            guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else { return QueryItem(text(item), nil) }
            return QueryItem(text(item[..<equals]), text(item[(equals + 1)...]))
        }
    }

    /// Whether Foundation keeps a URL component as it is: every byte an RFC 3986 `pchar` (unreserved,
    /// sub-delims, `:`, `@`) or in `alsoAllowed`, and every `%` followed by two hex digits. Swift 6
    /// Foundation percent-encodes a component that is not valid *whole*, `%` included.
    public static func isValidComponent(_ text: String, alsoAllowed: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            pcharTable.withUnsafeBufferPointer { pchar in
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if pchar[Int(byte)] {
                        index += 1
                    } else if byte == UInt8(ascii: "%") {
                        guard index + 2 < bytes.count, Hex.byte(bytes[index + 1], bytes[index + 2]) != nil else {
                            return false
                        }
                        index += 3
                    } else {
                        guard alsoAllowed.utf8.contains(byte) else { return false }
                        index += 1
                    }
                }
                return true
            }
        }
    }

    /// RFC 3986 `pchar` without `%`: unreserved, sub-delims, `:` and `@`.
    private static let pcharTable: [Bool] = (0..<256).map { byte in
        let unreservedOrDelimiter = Array("-._~!$&'()*+,;=:@".utf8)
        return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(UInt8(byte))
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(UInt8(byte))
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(UInt8(byte)) || unreservedOrDelimiter.contains(UInt8(byte))
    }

    /// `removingPercentEncoding`: nil when a `%` is not followed by two hex digits or the
    /// decoded bytes are not UTF-8. With `droppingByteOrderMark`, one leading U+FEFF (a byte order
    /// mark, escaped or not) is dropped, as Foundation does: it reads the decoded bytes as a UTF-8
    /// document (FINDINGS.md F5).
    public static func percentDecode(_ text: String, droppingByteOrderMark: Bool = false) -> String? {
        var text = text
        return text.withUTF8 { percentDecode($0, droppingByteOrderMark: droppingByteOrderMark) }
    }

    /// `text` without one leading U+FEFF, as Foundation decodes a name or value of a query.
    public static func droppingByteOrderMark(_ text: String) -> String {
        text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    /// `bytes` must be a whole string, or a part of one cut at ASCII characters.
    static func percentDecode(_ bytes: UnsafeBufferPointer<UInt8>, droppingByteOrderMark mark: Bool) -> String? {
        mark ? decodingEscapes(bytes).map(droppingByteOrderMark) : decodingEscapes(bytes)
    }

    private static func decodingEscapes(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // Most names and values have no escape: their bytes, already UTF-8, are the answer.
        guard let first = ByteSearch.firstIndex(of: UInt8(ascii: "%"), in: bytes) else { return String(decoding: bytes, as: UTF8.self) }
        // The decoded bytes are never more than the encoded ones; they are written to a buffer of that
        // size (the stack for short texts) with the runs between escapes copied whole.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
            let out = buffer.baseAddress!
            var written = 0
            var runStart = 0
            var escape = first
            while true {
                (out + written).update(from: bytes.baseAddress! + runStart, count: escape - runStart)
                written += escape - runStart
                guard escape + 2 < bytes.count, let byte = Hex.byte(bytes[escape + 1], bytes[escape + 2]) else { return nil }
                out[written] = byte
                written += 1
                runStart = escape + 3
                guard let next = ByteSearch.firstIndex(of: UInt8(ascii: "%"), in: bytes, from: runStart) else { break }
                escape = next
            }
            (out + written).update(from: bytes.baseAddress! + runStart, count: bytes.count - runStart)
            written += bytes.count - runStart
            return String(validating: UnsafeBufferPointer(rebasing: buffer[..<written]), as: UTF8.self)
        }
    }
}
