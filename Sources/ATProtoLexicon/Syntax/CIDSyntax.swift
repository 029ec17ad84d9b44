/// The `cid` string format as the interop vectors test it: 8–256 characters of `[A-Za-z0-9+=]`, not
/// starting with `Qmb` (CIDv0). It is a syntax check only; the CIDs this project writes are CIDv1
/// (raw codec, sha-256, base32 `b…`).
enum CIDSyntax {
    static func check(_ s: [UInt8]) throws(SyntaxError) {
        guard (8...256).contains(s.count) else { throw SyntaxError(.cid, "must be 8 to 256 characters, not \(s.count)") }
        for (i, b) in s.enumerated() where !(ASCII.isAlnum(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "=")) {
            throw SyntaxError(.cid, "\(ASCII.show(b)) is not allowed", at: i)
        }
        if s.starts(with: Array("Qmb".utf8)) { throw SyntaxError(.cid, "CIDv0 (starting \"Qmb\") is not supported", at: 0) }
    }
}
