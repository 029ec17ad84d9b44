/// A TID is 13 characters of base32-sortable (`234567a-z`) whose first character keeps the top bit
/// zero (`234567a-j`) (atproto TID spec).
enum TIDSyntax {
    static let alphabet = Array("234567abcdefghijklmnopqrstuvwxyz".utf8)

    static func check(_ s: [UInt8]) throws(SyntaxError) {
        guard s.count == 13 else { throw SyntaxError(.tid, "must be 13 characters, not \(s.count)") }
        for (i, b) in s.enumerated() {
            guard let value = alphabet.firstIndex(of: b) else {
                throw SyntaxError(.tid, "\(ASCII.show(b)) is not in the base32-sortable alphabet", at: i)
            }
            if i == 0, value >= 16 { throw SyntaxError(.tid, "the first character sets the top bit", at: 0) }
        }
    }
}
