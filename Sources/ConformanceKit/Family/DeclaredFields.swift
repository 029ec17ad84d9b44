import WireCore

/// A list of declared fields as one object: its schema, and its check. A group's params, input and
/// expected, and a nested object field, are each such a list.
extension Array where Element == any DeclaredField {
    /// The JSON Schema of an object with exactly these fields (the required ones required).
    public var objectSchema: JSONValue {
        SchemaBuilder.object(map { ($0.name, $0.schema) }, required: filter(\.required).map(\.name))
    }

    /// The first of these fields that `object` lacks though it is required, or holds a value not of it:
    /// its name, and why (nil when it is missing).
    public func firstProblem(in object: JSONObject) -> (name: String, reason: String?)? {
        for field in self {
            guard let value = object[field.name] else {
                if field.required { return (field.name, nil) }
                continue
            }
            if let reason = field.problem(with: value) { return (field.name, reason) }
        }
        return nil
    }
}
