/// Text from bytes as Go's `encoding/json` makes a string of them: each byte that does not start a
/// valid UTF-8 sequence becomes one U+FFFD and the reading goes on at the next byte (`utf8.DecodeRune`
/// answers `RuneError` with width 1). That is not Swift's `String(decoding:as:)`, which replaces a
/// truncated sequence such as `E2 82` with a single U+FFFD where Go writes two.
public enum GoUTF8 {
    /// `bytes` with every invalid byte replaced by U+FFFD, one per byte.
    public static func string(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let width = validWidth(input, at: index)
            if width == 0 {
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                index += 1
            } else {
                output.append(contentsOf: input[index..<index + width])
                index += width
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The length of the valid UTF-8 sequence starting at `index`, or 0 where there is none. The
    /// second byte's range depends on the first (no overlong forms, no surrogates, nothing above
    /// U+10FFFF), as in RFC 3629's table and Go's `utf8.DecodeRune`.
    static func validWidth(_ input: [UInt8], at index: Int) -> Int {
        let lead = input[index]
        let width: Int
        let second: ClosedRange<UInt8>
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (width, second) = (2, 0x80...0xBF)
        case 0xE0: (width, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (width, second) = (3, 0x80...0xBF)
        case 0xED: (width, second) = (3, 0x80...0x9F)
        case 0xF0: (width, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (width, second) = (4, 0x80...0xBF)
        case 0xF4: (width, second) = (4, 0x80...0x8F)
        default: return 0
        }
        guard index + width <= input.count, second.contains(input[index + 1]) else { return 0 }
        for offset in 2..<width where !(0x80...0xBF).contains(input[index + offset]) { return 0 }
        return width
    }
}
