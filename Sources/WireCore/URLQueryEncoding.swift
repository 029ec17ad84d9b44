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

    /// `allowed` as a table of 1 (allowed) and 0, indexed by byte: eight entries ANDed test eight bytes.
    private static let allowedTable: [UInt8] = (0..<256).map { allowed.contains(UInt8($0)) ? 1 : 0 }

    /// Whether `byte` is in `allowed`: a table lookup, where the set hashes the byte on every call.
    public static func isAllowed(_ byte: UInt8) -> Bool { allowedTable[Int(byte)] != 0 }
    private static let upperHex = Array("0123456789ABCDEF".utf8)

    /// Percent-encodes one name or value: every UTF-8 byte outside `allowed` becomes `%XX`, uppercase.
    public static func encodeComponent(_ text: String) -> String {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `encodeComponent(text)`, appended to `out`. Runs of allowed bytes are copied whole: appending
    /// byte by byte was a tenth of a FlowDown URL verification outside its signature check.
    private static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = firstNotAllowed(bytes, from: 0)
            while index < bytes.count {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                out.append(UInt8(ascii: "%"))
                out.append(upperHex[Int(bytes[index] >> 4)])
                out.append(upperHex[Int(bytes[index] & 0x0f)])
                runStart = index + 1
                index = firstNotAllowed(bytes, from: runStart)
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    /// The offset of the first byte at or after `start` that is not in `allowed`, or `bytes.count`.
    /// Eight bytes a step: one branch per eight instead of per byte, which in a fuzz build is one
    /// trace-cmp call instead of eight.
    private static func firstNotAllowed(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        allowedTable.withUnsafeBufferPointer { allowed in
            var index = start
            while index + 8 <= bytes.count {
                let all =
                    allowed[Int(bytes[index])] & allowed[Int(bytes[index + 1])] & allowed[Int(bytes[index + 2])]
                    & allowed[Int(bytes[index + 3])] & allowed[Int(bytes[index + 4])] & allowed[Int(bytes[index + 5])]
                    & allowed[Int(bytes[index + 6])] & allowed[Int(bytes[index + 7])]
                if all == 0 { break }
                index += 8
            }
            while index < bytes.count, allowed[Int(bytes[index])] != 0 { index += 1 }
            return index
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
        var query = query
        // The separators are found by memchr in the string's own UTF-8: splitting a copy byte by byte
        // was a third of FuzzQueryEncoding, most of it trace-cmp calls on the loop bounds.
        return query.withUTF8 { bytes in
            var items: [QueryItem] = []
            var start = 0
            while true {
                let end = ByteSearch.firstIndex(of: UInt8(ascii: "&"), in: bytes, from: start) ?? bytes.count
                let item = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if let equals = ByteSearch.firstIndex(of: UInt8(ascii: "="), in: item) {
                    items.append(
                        QueryItem(
                            percentDecode(UnsafeBufferPointer(rebasing: item[..<equals])) ?? "",
                            percentDecode(UnsafeBufferPointer(rebasing: item[(equals + 1)...]))))
                } else {
                    items.append(QueryItem(percentDecode(item) ?? "", nil))
                }
                guard end < bytes.count else { return items }
                start = end + 1
            }
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
                        guard index + 2 < bytes.count, Hex.nibble(bytes[index + 1]) != nil, Hex.nibble(bytes[index + 2]) != nil else {
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
    /// decoded bytes are not UTF-8.
    public static func percentDecode(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { percentDecode($0) }
    }

    /// `bytes` must be a whole string, or a part of one cut at ASCII characters.
    static func percentDecode(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // Most names and values have no escape: their bytes, already UTF-8, are the answer.
        guard var escape = ByteSearch.firstIndex(of: UInt8(ascii: "%"), in: bytes) else { return String(decoding: bytes, as: UTF8.self) }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var runStart = 0
        while true {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<escape]))
            guard escape + 2 < bytes.count, let high = Hex.nibble(bytes[escape + 1]), let low = Hex.nibble(bytes[escape + 2]) else {
                return nil
            }
            out.append(high << 4 | low)
            runStart = escape + 3
            guard let next = ByteSearch.firstIndex(of: UInt8(ascii: "%"), in: bytes, from: runStart) else { break }
            escape = next
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        return String(validating: out, as: UTF8.self)
    }
}
