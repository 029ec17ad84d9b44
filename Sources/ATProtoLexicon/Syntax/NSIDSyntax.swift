/// An NSID is a reversed domain authority plus a name: three or more segments, at most 317
/// characters; authority segments are DNS labels (1–63, no edge hyphens) and the first does not start
/// with a digit; the name is 1–63 of `[A-Za-z0-9]` and does not start with a digit (atproto NSID spec).
enum NSIDSyntax {
    static let maxLength = 317

    static func check(_ s: [UInt8]) throws(SyntaxError) {
        guard s.count <= maxLength else { throw SyntaxError(.nsid, "longer than \(maxLength) characters (\(s.count))") }
        guard let lastDot = s.lastIndex(of: ASCII.dot) else { throw SyntaxError(.nsid, "needs at least three segments") }
        let authority = try DomainLabels.split(Array(s[..<lastDot]), format: .nsid, what: "segment")
        guard authority.count >= 2 else { throw SyntaxError(.nsid, "needs at least three segments") }
        if ASCII.isDigit(s[0]) { throw SyntaxError(.nsid, "the first segment starts with a digit", at: 0) }
        let name = (lastDot + 1)..<s.count
        guard !name.isEmpty else { throw SyntaxError(.nsid, "the name is empty", at: lastDot + 1) }
        guard name.count <= 63 else { throw SyntaxError(.nsid, "the name is longer than 63 characters", at: name.lowerBound) }
        for i in name where !ASCII.isAlnum(s[i]) {
            throw SyntaxError(.nsid, "\(ASCII.show(s[i])) is not allowed in the name", at: i)
        }
        if ASCII.isDigit(s[name.lowerBound]) { throw SyntaxError(.nsid, "the name starts with a digit", at: name.lowerBound) }
    }
}
