/// `did:` + a method of lower-case letters + `:` + an identifier of `[A-Za-z0-9._:%-]` that does not
/// end in `:` or `%` (atproto DID spec), at most 2,048 characters.
enum DIDSyntax {
    static let maxLength = 2048

    static func check(_ s: [UInt8]) throws(SyntaxError) {
        guard s.count <= maxLength else { throw SyntaxError(.did, "longer than \(maxLength) characters (\(s.count))") }
        guard s.starts(with: Array("did:".utf8)) else { throw SyntaxError(.did, "does not start with \"did:\"", at: 0) }
        var i = 4
        while i < s.count, ASCII.isLower(s[i]) { i += 1 }
        guard i > 4 else { throw SyntaxError(.did, "the method is empty or not lower-case letters", at: 4) }
        guard i < s.count, s[i] == ASCII.colon else {
            throw SyntaxError(.did, i < s.count ? "the method has \(ASCII.show(s[i]))" : "no ':' after the method", at: i)
        }
        i += 1
        guard i < s.count else { throw SyntaxError(.did, "the identifier is empty", at: i) }
        for j in i..<s.count where !(ASCII.isAlnum(s[j]) || ".-_:%".utf8.contains(s[j])) {
            throw SyntaxError(.did, "\(ASCII.show(s[j])) is not allowed in the identifier", at: j)
        }
        if s.last == ASCII.colon || s.last == UInt8(ascii: "%") {
            throw SyntaxError(.did, "the identifier ends with \(ASCII.show(s.last!))", at: s.count - 1)
        }
    }
}
