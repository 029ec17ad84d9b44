/// A generic URI as the interop vectors test it: an RFC 3986 scheme (`ALPHA *(ALPHA / DIGIT / "+" /
/// "-" / ".")`), `:`, an optional `//`, then at least one character that is neither whitespace nor `/`
/// and no whitespace anywhere after it; at most 8 KiB. (The reference validator's `^\w+:` would refuse
/// the interop vectors `content-type:text/plan` and `microsoft.windows.camera:thing`; RFC 3986's scheme
/// accepts them.)
enum URISyntax {
    static let maxLength = 8 * 1024

    static func check(_ value: String) throws(SyntaxError) {
        let s = Array(value.utf8)
        guard s.count <= maxLength else { throw SyntaxError(.uri, "longer than \(maxLength) bytes (\(s.count))") }
        guard let first = s.first, ASCII.isAlpha(first) else { throw SyntaxError(.uri, "the scheme must start with a letter", at: 0) }
        var i = 1
        while i < s.count, ASCII.isAlnum(s[i]) || "+-.".utf8.contains(s[i]) { i += 1 }
        guard i < s.count, s[i] == ASCII.colon else { throw SyntaxError(.uri, "no ':' after the scheme", at: i) }
        i += 1
        if s[i...].starts(with: [ASCII.slash, ASCII.slash]) { i += 2 }
        guard i < s.count, s[i] != ASCII.slash else { throw SyntaxError(.uri, "nothing after the scheme", at: i) }
        // ASCII whitespace by table; Unicode's property lookup only where a non-ASCII byte is seen.
        if let space = s.firstIndex(where: { $0 == 0x20 || (0x09...0x0d).contains($0) }) {
            if s[..<space].allSatisfy({ $0 < 0x80 }) { throw SyntaxError(.uri, "contains whitespace", at: space) }
        } else if s.allSatisfy({ $0 < 0x80 }) {
            return
        }
        var offset = 0
        for scalar in value.unicodeScalars {
            if scalar.properties.isWhitespace { throw SyntaxError(.uri, "contains whitespace", at: offset) }
            offset += UTF8.width(scalar)
        }
    }
}
