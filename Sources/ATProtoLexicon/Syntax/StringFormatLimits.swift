extension StringFormat {
    /// The lengths this format's syntax check holds values to (whole strings and segments), for tools that
    /// probe them: a fuzzer makes values of exactly these lengths and one off. The 63 of DNS labels and
    /// NSID names, the 13 of a TID and the 512 of a record key are written in their checks as literals.
    public var declaredLimits: [Int] {
        switch self {
        case .did: [DIDSyntax.maxLength]
        case .handle: [63, HandleSyntax.maxLength]
        case .nsid: [63, NSIDSyntax.maxLength]
        case .tid: [13]
        case .recordKey: [1, 2, 512]
        case .atURI: [63, ATURISyntax.maxLength]
        case .uri: [URISyntax.maxLength]
        case .cid: []
        case .datetime: [Datetime.maxLength]
        case .language: [2, 3, 8]
        case .atIdentifier: [63, HandleSyntax.maxLength, DIDSyntax.maxLength]
        }
    }
}
