/// The strict at-uri of Lexicon fields: `at://AUTHORITY[/COLLECTION[/RKEY]]` where the authority is a
/// DID or handle, the collection an NSID and the key a record key; no query, no fragment, no trailing
/// slash, at most 8 KiB (atproto at-uri spec, "restricted" syntax).
enum ATURISyntax {
    static let maxLength = 8 * 1024

    static func check(_ s: [UInt8]) throws(SyntaxError) {
        guard s.count <= maxLength else { throw SyntaxError(.atURI, "longer than \(maxLength) bytes (\(s.count))") }
        let prefix = Array("at://".utf8)
        guard s.starts(with: prefix) else { throw SyntaxError(.atURI, "does not start with \"at://\"", at: 0) }
        if let i = s.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            throw SyntaxError(.atURI, "a query or fragment is not allowed", at: i)
        }
        // The path's parts as ranges of `s`, split at '/' without copying.
        var start = prefix.count
        var n = 0
        for i in prefix.count...s.count where i == s.count || s[i] == ASCII.slash {
            let part = s[start..<i]
            do throws(SyntaxError) {
                switch n {
                case 0: try ATIdentifierSyntax.check(Array(part))
                case 1: try NSIDSyntax.check(Array(part))
                case 2: try RecordKeySyntax.check(Array(part), format: .atURI)
                default: throw SyntaxError(.atURI, "more than three path segments")
                }
            } catch {
                let what = ["authority", "collection", "record key", "path"][min(n, 3)]
                throw SyntaxError(.atURI, "\(what): \(error.reason)", at: start + (error.offset ?? 0))
            }
            n += 1
            start = i + 1
        }
    }
}
