/// Hex as used throughout the vectors and the shim protocol: lowercase on output,
/// either case accepted on input (vectors.md: "All binary values are lowercase hex").
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
        try decode(utf8: Array(text.utf8))
    }

    /// Hex given as UTF-8 bytes.
    public static func decode(utf8 input: [UInt8]) throws(WireError) -> [UInt8] {
        guard input.count % 2 == 0 else { throw .badLength(encoding: "hex", length: input.count) }
        var out = [UInt8]()
        out.reserveCapacity(input.count / 2)
        var index = 0
        while index < input.count {
            guard let high = nibble(input[index]) else {
                throw .invalidCharacter(encoding: "hex", offset: index, byte: input[index])
            }
            guard let low = nibble(input[index + 1]) else {
                throw .invalidCharacter(encoding: "hex", offset: index + 1, byte: input[index + 1])
            }
            out.append(high << 4 | low)
            index += 2
        }
        return out
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
