import CBase64SIMD

/// Base64 encoding and decoding in every `Base64Variant`; decoding errors name the byte offset.
public enum Base64 {
    private static let stdChars = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlChars = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let invalid: UInt8 = 0xff
    private static let pad = UInt8(ascii: "=")

    private static func table(for chars: [UInt8]) -> [UInt8] {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, char) in chars.enumerated() { table[Int(char)] = UInt8(value) }
        return table
    }
    private static let stdTable = table(for: stdChars)
    private static let urlTable = table(for: urlChars)

    /// Four tables of 256 entries, one per position in a quantum: a character's value shifted to
    /// where it lands in the 24-bit group, or 0x0100_0000 (beyond 24 bits) for a non-alphabet byte.
    private static func quantumTables(for table: [UInt8]) -> [UInt32] {
        (0..<4).flatMap { position in
            table.map { value in value == invalid ? 0x0100_0000 : UInt32(value) << (18 - 6 * position) }
        }
    }
    private static let stdQuanta = quantumTables(for: stdTable)
    private static let urlQuanta = quantumTables(for: urlTable)

    /// The canonical encoding of `bytes` in `variant` (padding per the variant, zero trailing bits).
    public static func encode<Bytes: Collection>(_ bytes: Bytes, variant: Base64Variant) -> String
    where Bytes.Element == UInt8 {
        let chars = variant.alphabet == .std ? stdChars : urlChars
        let input = Array(bytes)
        var out = [UInt8]()
        out.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= input.count {
            let n = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            out.append(chars[Int(n >> 18 & 63)])
            out.append(chars[Int(n >> 12 & 63)])
            out.append(chars[Int(n >> 6 & 63)])
            out.append(chars[Int(n & 63)])
            index += 3
        }
        let rest = input.count - index
        if rest > 0 {
            let n = UInt32(input[index]) << 16 | (rest == 2 ? UInt32(input[index + 1]) << 8 : 0)
            out.append(chars[Int(n >> 18 & 63)])
            out.append(chars[Int(n >> 12 & 63)])
            if rest == 2 { out.append(chars[Int(n >> 6 & 63)]) }
            if variant.padding == .padded { out.append(contentsOf: rest == 2 ? [pad] : [pad, pad]) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `text` in `variant`; errors carry the byte offset.
    public static func decode(_ text: String, variant: Base64Variant) throws(WireError) -> [UInt8] {
        try decode(text[...].utf8, variant: variant)
    }

    /// Decodes part of a string's UTF-8 (a token after its prefix) without copying it; offsets
    /// count from the start of the part.
    public static func decode(_ utf8: Substring.UTF8View, variant: Base64Variant) throws(WireError) -> [UInt8] {
        // A native string is contiguous UTF-8: decode it where it lies instead of copying it.
        if let result = utf8.withContiguousStorageIfAvailable({ decode(buffer: $0, variant: variant) }) { return try result.get() }
        return try decode(utf8: Array(utf8), variant: variant)
    }

    /// Decodes UTF-8 bytes in `variant`; errors carry the byte offset.
    public static func decode(utf8 input: [UInt8], variant: Base64Variant) throws(WireError) -> [UInt8] {
        try input.withUnsafeBufferPointer { decode(buffer: $0, variant: variant) }.get()
    }

    /// Decodes the bytes of `input` in `variant`; a failure carries the byte offset in `input`.
    public static func decode(buffer input: UnsafeBufferPointer<UInt8>, variant: Base64Variant) -> Result<[UInt8], WireError> {
        let result = decodeSkippingNothing(input, variant: variant)
        // Go skips line breaks anywhere. They are rare, so they are looked for only when the input
        // failed (a CR or LF always fails where nothing is skipped). The retry decodes the input
        // without them, copied run by run between the breaks (found by memchr), and keeps the
        // breaks' offsets so errors can name the offset in `input`.
        guard case .failure = result, variant.mode == .go else { return result }
        var nextLF = ByteSearch.firstIndex(of: 0x0a, in: input) ?? input.count
        var nextCR = ByteSearch.firstIndex(of: 0x0d, in: input) ?? input.count
        guard min(nextLF, nextCR) < input.count else { return result }
        var kept: [UInt8] = []
        kept.reserveCapacity(input.count)
        var skipped: [Int] = []
        var runStart = 0
        while true {
            let lineBreak = min(nextLF, nextCR)
            kept.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<lineBreak]))
            guard lineBreak < input.count else { break }
            skipped.append(lineBreak)
            runStart = lineBreak + 1
            if lineBreak == nextLF {
                nextLF = ByteSearch.firstIndex(of: 0x0a, in: input, from: runStart) ?? input.count
            } else {
                nextCR = ByteSearch.firstIndex(of: 0x0d, in: input, from: runStart) ?? input.count
            }
        }
        return kept.withUnsafeBufferPointer { decodeSkippingNothing($0, variant: variant, skipped: skipped) }
    }

    /// The decoder proper. `skipped`, ascending, are the offsets in the caller's input of bytes left
    /// out of `data` (Go's line breaks), so that errors name the offset the caller sees.
    private static func decodeSkippingNothing(_ data: UnsafeBufferPointer<UInt8>, variant: Base64Variant, skipped: [Int] = [])
        -> Result<[UInt8], WireError>
    {
        /// The caller's offset of `data[index]` (or of the end, for `data.count`): one more for each
        /// skipped byte that came before it.
        func at(_ index: Int) -> Int {
            var offset = index
            for skip in skipped {
                guard skip <= offset else { break }
                offset += 1
            }
            return offset
        }
        let count = data.count
        // In a padded variant the padding can only be the last one or two characters of a whole
        // number of quanta; anything else that looks like padding is reported where it stands.
        var dataEnd = count
        if variant.padding == .padded, count % 4 == 0, count >= 4, data[count - 1] == pad {
            dataEnd = data[count - 2] == pad ? count - 2 : count - 1
        }
        let table = variant.alphabet == .std ? stdTable : urlTable
        let quanta = variant.alphabet == .std ? stdQuanta : urlQuanta
        var written = 0
        var index = 0
        var accumulator: UInt32 = 0
        var bits = 0
        var failure: WireError? = nil
        // Room for the decoded bytes plus eight: each quantum is stored as a 4-byte word whose last
        // byte the next one overwrites, and each SIMD block of 24 bytes as a 32-byte vector.
        let out = ByteArray.build(capacity: dataEnd / 4 * 3 + 8) { output in
            // Whole blocks of 32 characters with AVX2 where the CPU has it; the block holding the
            // first bad character, and whatever is left, go on in the loops below.
            if dataEnd >= 32, let input = data.baseAddress {
                index = wirecheck_base64_decode_blocks(input, dataEnd, output, variant.alphabet == .url ? 1 : 0)
                written = index / 4 * 3
            }
            quanta.withUnsafeBufferPointer { quanta in
                let q = quanta.baseAddress!
                // Whole quanta, four characters to three bytes: each character's table entry is its
                // value already shifted into place, and any invalid character sets bit 24 or above,
                // so one OR builds the quantum and one test checks it. The first invalid quantum
                // stops the loop and is examined character by character below.
                while index + 4 <= dataEnd {
                    let n =
                        q[Int(data[index])] | q[256 &+ Int(data[index &+ 1])] | q[512 &+ Int(data[index &+ 2])]
                        | q[768 &+ Int(data[index &+ 3])]
                    if n > 0xFF_FFFF { break }
                    UnsafeMutableRawPointer(output + written).storeBytes(of: (n << 8).bigEndian, as: UInt32.self)
                    written &+= 3
                    index &+= 4
                }
            }
            // The rest (a partial last quantum, or the quantum that stopped the loop) one by one.
            while index < dataEnd {
                let byte = data[index]
                let value = table[Int(byte)]
                if value == invalid {
                    failure =
                        byte == pad ? .badPadding(offset: at(index)) : .invalidCharacter(encoding: "base64", offset: at(index), byte: byte)
                    break
                }
                accumulator = accumulator << 6 | UInt32(value)
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    output[written] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
                    written += 1
                    accumulator &= (1 << UInt32(bits)) - 1
                }
                index += 1
            }
            return written
        }
        if let failure { return .failure(failure) }
        if dataEnd % 4 == 1 { return .failure(.badLength(encoding: "base64", length: at(count))) }
        if variant.padding == .padded, count % 4 != 0 { return .failure(.badPadding(offset: at(count))) }
        // Leftover bits (2 or 4) come from the last character; canonical Base64 has them zero.
        if variant.mode == .strict, bits > 0, accumulator != 0 {
            return .failure(.nonZeroTrailingBits(offset: at(dataEnd - 1)))
        }
        return .success(out)
    }
}
