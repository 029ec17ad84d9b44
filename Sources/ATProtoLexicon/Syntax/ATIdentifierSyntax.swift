/// An at-identifier is a DID (when it starts with `did:`) or else a handle.
enum ATIdentifierSyntax {
    static func check(_ s: [UInt8]) throws(SyntaxError) {
        if s.starts(with: Array("did:".utf8)) {
            do throws(SyntaxError) { try DIDSyntax.check(s) } catch { throw SyntaxError(.atIdentifier, error.reason, at: error.offset) }
        } else {
            try HandleSyntax.check(s, format: .atIdentifier)
        }
    }
}
