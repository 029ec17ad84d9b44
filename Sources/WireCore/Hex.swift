/// Hex as used throughout the vectors and the shim protocol: lowercase on output,
/// either case accepted on input (Vectors/README.md: "All binary values are lowercase hex").
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Lower-case hex.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Hex of either case; errors carry the byte offset.
    public static func decode(_ text: String) throws(WireError) -> [UInt8] {
        // A native Swift string is contiguous UTF-8: decode it in place, without copying it to an array.
        if let result = text.utf8.withContiguousStorageIfAvailable({ decode(buffer: $0) }) { return try result.get() }
        return try decode(utf8: Array(text.utf8))
    }

    /// Hex given as UTF-8 bytes.
    public static func decode(utf8 input: [UInt8]) throws(WireError) -> [UInt8] {
        try input.withUnsafeBufferPointer { decode(buffer: $0) }.get()
    }

    /// The value of every byte as a hex digit, 0xFF for a byte that is none.
    private static let values: [UInt8] = (0...255).map { nibble(UInt8($0)) ?? 0xFF }

    /// Two digits to a byte through a table, with no branch per byte: an invalid digit sets the high
    /// bits of `bad`, and only then is the input searched for the first one (its offset is the error's).
    static func decode(buffer input: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], WireError> {
        guard input.count % 2 == 0 else { return .failure(.badLength(encoding: "hex", length: input.count)) }
        let count = input.count / 2
        var bad: UInt8 = 0
        let out = values.withUnsafeBufferPointer { table in
            ByteArray.build(capacity: count) { output in
                for i in 0..<count {
                    let high = table[Int(input[2 &* i])]
                    let low = table[Int(input[2 &* i &+ 1])]
                    bad |= high | low
                    output[i] = high << 4 | low
                }
                return count
            }
        }
        guard bad & 0xF0 != 0 else { return .success(out) }
        let offset = input.firstIndex { nibble($0) == nil }!
        return .failure(.invalidCharacter(encoding: "hex", offset: offset, byte: input[offset]))
    }

    /// The byte two hex digits of either case spell, or nil when either is not a digit: two table
    /// reads and one test, where `nibble` twice is up to six range comparisons (in a fuzz build, a
    /// trace-cmp call each; they were a tenth of FuzzQueryEncoding).
    @inline(__always)
    public static func byte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        values.withUnsafeBufferPointer { table in
            let (high, low) = (table[Int(high)], table[Int(low)])
            return (high | low) & 0xF0 == 0 ? high << 4 | low : nil
        }
    }

    /// The value of one hex digit, either case.
    @inline(__always)
    static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
