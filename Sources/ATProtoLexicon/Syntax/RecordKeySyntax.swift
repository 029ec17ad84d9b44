/// A record key is 1–512 characters of `[A-Za-z0-9._:~-]`, other than `.` and `..` (atproto
/// record-key spec).
enum RecordKeySyntax {
    static func check(_ s: [UInt8], format: StringFormat = .recordKey) throws(SyntaxError) {
        guard !s.isEmpty else { throw SyntaxError(format, "the record key is empty") }
        guard s.count <= 512 else { throw SyntaxError(format, "the record key is longer than 512 characters (\(s.count))") }
        for (i, b) in s.enumerated() where !(ASCII.isAlnum(b) || "._:~-".utf8.contains(b)) {
            throw SyntaxError(format, "\(ASCII.show(b)) is not allowed in a record key", at: i)
        }
        if s == [ASCII.dot] || s == [ASCII.dot, ASCII.dot] { throw SyntaxError(format, "the record key is '.' or '..'") }
    }
}
