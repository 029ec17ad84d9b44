/// A strict RFC 4648 Base64 decoder: padded, no whitespace, zero trailing bits; the standard (`+/`)
/// or URL (`-_`) alphabet. This is the "implementation" the example checks. Its name is that of WireCheck's own
/// decoder (`WireCore.Base64`), on purpose: `import WireCheckTesting` brings none of the reference into scope, so
/// the tests' `Base64` is this one, without ambiguity.
public enum Base64 {
    /// Why a text is refused, named as the vectors name it.
    public enum Refusal: String, Error {
        case invalidCharacter = "invalid-character"
        case badLength = "bad-length"
        case badPadding = "bad-padding"
        case nonZeroTrailingBits = "non-zero-trailing-bits"
    }

    static let standard = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    static let url = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The bytes of `text`. Checks in the order the vectors expect: characters, then where the
    /// padding is, then the length of the data, then how much padding, then the trailing bits.
    public static func decode(_ text: String, urlAlphabet: Bool) throws(Refusal) -> [UInt8] {
        var values = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in (urlAlphabet ? url : standard).enumerated() { values[Int(character)] = UInt8(index) }
        let input = Array(text.utf8)
        let pad = UInt8(ascii: "=")
        guard input.allSatisfy({ $0 == pad || values[Int($0)] != 0xFF }) else { throw .invalidCharacter }
        let data = input.prefix { $0 != pad }
        let padding = input.dropFirst(data.count)
        guard padding.allSatisfy({ $0 == pad }), padding.count <= 2 else { throw .badPadding }
        guard data.count % 4 != 1 else { throw .badLength }
        guard padding.count == (4 - data.count % 4) % 4 else { throw .badPadding }
        var out: [UInt8] = []
        var accumulator: UInt32 = 0
        for (index, character) in data.enumerated() {
            accumulator = accumulator << 6 | UInt32(values[Int(character)])
            if index % 4 == 3 {
                out += [UInt8(accumulator >> 16 & 0xFF), UInt8(accumulator >> 8 & 0xFF), UInt8(accumulator & 0xFF)]
                accumulator = 0
            }
        }
        switch data.count % 4 {
        case 3:
            guard accumulator & 0x3 == 0 else { throw .nonZeroTrailingBits }
            out += [UInt8(accumulator >> 10 & 0xFF), UInt8(accumulator >> 2 & 0xFF)]
        case 2:
            guard accumulator & 0xF == 0 else { throw .nonZeroTrailingBits }
            out.append(UInt8(accumulator >> 4 & 0xFF))
        default: break
        }
        return out
    }
}
