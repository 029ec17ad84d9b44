/// Where the plain part of a JSON string's text ends. Strings are most of the bytes of the JSON
/// WireCheck reads (a token's payload, a FlowDown wrapper's Base64 fields), and most of their bytes
/// need no thought, so they are skipped eight at a time.
public enum JSONStringScan {
    /// The offset of the first byte at or after `start` that is not printable ASCII other than `"`
    /// and `\`: a quote, a backslash, a control character or a byte of a multi-byte character; or
    /// `input.count` when there is none.
    public static func plainEnd(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = input.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= input.count, !mayStop(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
            }
        }
        // Then one table lookup per byte instead of four comparisons (under a fuzzer's comparison
        // tracing, each comparison is a call).
        return byteClass.withUnsafeBufferPointer { classes in
            while index < input.count, classes[Int(input[index])] == plain { index += 1 }
            return index
        }
    }

    /// Whether any of the eight bytes of `word` is a quote, a backslash, a control character or
    /// not ASCII. The classic bit tricks: `(x - 0x01…) & ~x & 0x80…` is non-zero exactly when some
    /// byte of x is zero, and with `0x20…` in place of `0x01…` when some byte is below 0x20 (for
    /// bytes below 0x80; the others are caught by their top bit). Neither misses a byte; a stop only
    /// sends the word to the exact per-byte scan.
    @inline(__always)
    static func mayStop(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let zeroInQuotes = (quotes &- ones) & ~quotes
        let zeroInBackslashes = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroInQuotes | zeroInBackslashes | control | word) & highBits != 0
    }

    private static let plain: UInt8 = 0
    /// 0 for a byte a plain string may hold (printable ASCII other than `"` and `\`), 1 otherwise.
    private static let byteClass: [UInt8] = (0...255).map { byte in
        byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") ? plain : 1
    }
}
