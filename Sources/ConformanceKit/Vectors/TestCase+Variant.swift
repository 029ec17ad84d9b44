import WireCore

extension TestCase {
    /// An invalid case made from this valid one by changing exactly one input field, the rule of
    /// Vectors/README.md for invalid cases ("the smallest change that makes it invalid"): everything else
    /// of the input stays as it is, in its order, so a reader sees the one difference.
    public func invalidVariant(
        id: String, comment: String, flags: [String], spec: [String]? = nil, changing field: String, to value: JSONValue,
        error: some RawRepresentable<String>
    ) -> TestCase {
        var input = self.input.objectValue ?? [:]
        precondition(input[field] != nil, "\(self.id) has no input field \(field) to change")
        precondition(input[field] != value, "\(id): the changed \(field) must differ from \(self.id)'s")
        input[field] = value
        return TestCase(
            id: id, comment: comment, flags: flags, spec: spec ?? self.spec, input: input, result: .invalid, error: error.rawValue)
    }
}
