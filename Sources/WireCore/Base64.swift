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
        try decode(utf8: Array(text.utf8), variant: variant)
    }

    /// Decodes UTF-8 bytes in `variant`; errors carry the byte offset.
    public static func decode(utf8 input: [UInt8], variant: Base64Variant) throws(WireError) -> [UInt8] {
        // Go skips line breaks anywhere; keep each kept byte's original offset for error messages.
        var data = input
        var origin: [Int]? = nil
        if variant.mode == .go, input.contains(where: { $0 == 0x0a || $0 == 0x0d }) {
            data = []
            origin = []
            for (offset, byte) in input.enumerated() where byte != 0x0a && byte != 0x0d {
                data.append(byte)
                origin!.append(offset)
            }
        }
        func at(_ index: Int) -> Int { origin.map { index < $0.count ? $0[index] : input.count } ?? index }

        let count = data.count
        // In a padded variant the padding can only be the last one or two characters of a whole
        // number of quanta; anything else that looks like padding is reported where it stands.
        var dataEnd = count
        if variant.padding == .padded, count % 4 == 0, count >= 4, data[count - 1] == pad {
            dataEnd = data[count - 2] == pad ? count - 2 : count - 1
        }
        let table = variant.alphabet == .std ? stdTable : urlTable
        // Whole quanta first, four characters to three bytes, without per-byte bounds checks; the
        // first invalid quantum stops the loop and is examined character by character below.
        var out = [UInt8](repeating: 0, count: dataEnd / 4 * 3 + 2)
        var written = 0
        var index = 0
        data.withUnsafeBufferPointer { input in
            table.withUnsafeBufferPointer { values in
                out.withUnsafeMutableBufferPointer { output in
                    while index + 4 <= dataEnd {
                        let a = values[Int(input[index])]
                        let b = values[Int(input[index + 1])]
                        let c = values[Int(input[index + 2])]
                        let d = values[Int(input[index + 3])]
                        if (a | b | c | d) & 0xC0 != 0 { return }
                        let n = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                        output[written] = UInt8(truncatingIfNeeded: n >> 16)
                        output[written + 1] = UInt8(truncatingIfNeeded: n >> 8)
                        output[written + 2] = UInt8(truncatingIfNeeded: n)
                        written += 3
                        index += 4
                    }
                }
            }
        }
        // The rest (a partial last quantum, or the quantum that stopped the loop) one by one.
        var accumulator: UInt32 = 0
        var bits = 0
        while index < dataEnd {
            let byte = data[index]
            let value = table[Int(byte)]
            if value == invalid {
                if byte == pad { throw .badPadding(offset: at(index)) }
                throw .invalidCharacter(encoding: "base64", offset: at(index), byte: byte)
            }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out[written] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
                written += 1
                accumulator &= (1 << UInt32(bits)) - 1
            }
            index += 1
        }
        out.removeLast(out.count - written)
        if dataEnd % 4 == 1 { throw .badLength(encoding: "base64", length: input.count) }
        if variant.padding == .padded, count % 4 != 0 { throw .badPadding(offset: at(count)) }
        // Leftover bits (2 or 4) come from the last character; canonical Base64 has them zero.
        if variant.mode == .strict, bits > 0, accumulator != 0 {
            throw .nonZeroTrailingBits(offset: at(dataEnd - 1))
        }
        return out
    }
}
