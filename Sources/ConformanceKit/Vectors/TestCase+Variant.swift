import WireCore

extension TestCase {
    /// An invalid case made from this valid one by changing exactly one input field, the rule of
    /// Vectors/README.md for invalid cases ("the smallest change that makes it invalid"): everything else
    /// of the input stays as it is, in its order, so a reader sees the one difference.
    public func invalidVariant<Flag: CaseFlag, Value>(
        id: String, comment: String, flags: [Flag], spec: [String]? = nil, changing field: Field<Value>, to value: Value,
        error: some RawRepresentable<String>
    ) -> TestCase {
        var input = self.input.objectValue ?? [:]
        let json = field.encode(value)
        precondition(input[field.name] != nil, "\(self.id) has no input field \(field.name) to change")
        precondition(input[field.name] != json, "\(id): the changed \(field.name) must differ from \(self.id)'s")
        input.set(field, value)
        return TestCase(
            id: id, comment: comment, flags: flags, spec: spec ?? self.spec, input: input, result: .invalid, error: error.rawValue)
    }
}
