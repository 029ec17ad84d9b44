import WireCore

// The kinds of field the vectors use. Each is used with the field's type written out, so the
// declaration says what Swift value the op and the tests get:
// `static let text: Field<String> = .string("text", "The Base64 text to decode.")`.

extension Field where Value == String {
    /// A string.
    public static func string(_ name: String, _ description: String, required: Bool = true) -> Field<String> {
        Field(name, description, schema: SchemaBuilder.string, required: required) { json throws(FieldProblem) in
            guard let text = json.stringValue else { throw FieldProblem("must be a string") }
            return text
        } encode: {
            .string($0)
        }
    }
}

extension Field where Value == [UInt8] {
    /// Bytes as lower-case hex (upper-case hex is read too); with `count`, exactly that many (a key or seed of another
    /// size is an argument the harness cannot use, `bad-request`, before any protocol check the op makes).
    public static func hex(_ name: String, _ description: String, required: Bool = true, count: Int? = nil) -> Field<[UInt8]> {
        Field(name, description, schema: SchemaBuilder.hex, required: required) { json throws(FieldProblem) in
            guard let text = json.stringValue else { throw FieldProblem("must be a string") }
            let bytes: [UInt8]
            do {
                bytes = try Hex.decode(text)
            } catch {
                throw FieldProblem("is not hex: \(error)")
            }
            if let count, bytes.count != count { throw FieldProblem("must be \(count) bytes, not \(bytes.count)") }
            return bytes
        } encode: {
            .string(Hex.encode($0))
        }
    }
}

extension Field where Value == Int64 {
    /// An integer.
    public static func integer(_ name: String, _ description: String, required: Bool = true) -> Field<Int64> {
        Field(name, description, schema: SchemaBuilder.integer, required: required) { json throws(FieldProblem) in
            guard let number = json.intValue else { throw FieldProblem("must be an integer") }
            return number
        } encode: {
            .int($0)
        }
    }
}

extension Field where Value == Double {
    /// A number, integer or not.
    public static func number(_ name: String, _ description: String, required: Bool = true) -> Field<Double> {
        Field(name, description, schema: ["type": "number"], required: required) { json throws(FieldProblem) in
            guard let number = json.doubleValue else { throw FieldProblem("must be a number") }
            return number
        } encode: {
            $0.rounded() == $0 && abs($0) < 9e15 ? .int(Int64($0)) : .double($0)
        }
    }
}

extension Field where Value == Bool {
    /// A boolean.
    public static func boolean(_ name: String, _ description: String, required: Bool = true) -> Field<Bool> {
        Field(name, description, schema: SchemaBuilder.boolean, required: required) { json throws(FieldProblem) in
            guard let flag = json.boolValue else { throw FieldProblem("must be a boolean") }
            return flag
        } encode: {
            .bool($0)
        }
    }
}

extension Field where Value == [QueryItem] {
    /// URL query items in order, each a two-element array `[name, value-or-null]` (null: an item without `=`).
    public static func queryItems(_ name: String, _ description: String, required: Bool = true) -> Field<[QueryItem]> {
        let item = SchemaBuilder.described(
            [
                "type": "array", "minItems": 2, "maxItems": 2,
                "prefixItems": [
                    SchemaBuilder.described(SchemaBuilder.string, "The item's name, decoded (not percent-encoded)."),
                    SchemaBuilder.described(
                        SchemaBuilder.nullable(SchemaBuilder.string),
                        "The item's value, decoded; null for an item without '=' (an empty string keeps its '=')."),
                ],
            ], "One query item: [name, value-or-null].")
        return Field(name, description, schema: SchemaBuilder.array(item), required: required) { json throws(FieldProblem) in
            guard let array = json.arrayValue else { throw FieldProblem("must be an array") }
            var items: [QueryItem] = []
            for (index, element) in array.enumerated() {
                guard let pair = element.arrayValue, pair.count == 2, let name = pair[0].stringValue,
                    pair[1].isNull || pair[1].stringValue != nil
                else { throw FieldProblem("has item \(index) that is not [name, value-or-null]") }
                items.append(QueryItem(name, pair[1].stringValue))
            }
            return items
        } encode: { items in
            .array(items.map { [.string($0.name), $0.value.map { .string($0) } ?? .null] })
        }
    }
}

extension Field where Value == JSONObject {
    /// An object of these fields: the declared members are checked and named like top-level ones; the
    /// schema allows no others, and an op ignores any it is given.
    public static func object(
        _ name: String, _ description: String, fields: [any DeclaredField], required: Bool = true
    ) -> Field<JSONObject> {
        Field(name, description, schema: fields.objectSchema, required: required) { json throws(FieldProblem) in
            guard let object = json.objectValue else { throw FieldProblem("must be an object") }
            if let (member, reason) = fields.firstProblem(in: object) {
                throw FieldProblem(reason.map { "has '\(member)' that \($0)" } ?? "has no '\(member)'")
            }
            return object
        } encode: {
            .object($0)
        }
    }

    /// An object whose members are all of one schema (a map), e.g. query fields by name.
    public static func map(
        _ name: String, _ description: String, values: JSONValue, required: Bool = true
    ) -> Field<JSONObject> {
        Field(name, description, schema: ["type": "object", "additionalProperties": values], required: required) {
            json throws(FieldProblem) in
            guard let object = json.objectValue else { throw FieldProblem("must be an object") }
            return object
        } encode: {
            .object($0)
        }
    }
}

extension Field where Value == [JSONValue] {
    /// An array whose items have the schema `items` (the op reads the items).
    public static func array(_ name: String, _ description: String, items: JSONValue, required: Bool = true) -> Field<[JSONValue]> {
        Field(name, description, schema: SchemaBuilder.array(items), required: required) { json throws(FieldProblem) in
            guard let array = json.arrayValue else { throw FieldProblem("must be an array") }
            return array
        } encode: {
            .array($0)
        }
    }
}

extension Field where Value == JSONValue {
    /// Any JSON value the schema allows; the schema must say what (it is written to `Vectors/schema/`).
    public static func json(_ name: String, _ description: String, schema: JSONValue, required: Bool = true) -> Field<JSONValue> {
        Field(name, description, schema: schema, required: required) { json throws(FieldProblem) in
            json
        } encode: {
            $0
        }
    }
}

extension Field {
    /// One of a closed set of Swift values, each written as `json(value)`: the schema's `enum`, and
    /// reading a value outside it is `bad-request` naming the allowed ones. Nothing checks it again.
    public static func oneOf(
        _ name: String, _ description: String, _ cases: [Value], json: @escaping @Sendable (Value) -> JSONValue,
        required: Bool = true
    ) -> Field<Value> {
        let table = cases.map { (json($0), $0) }
        let allowed = table.map { "\($0.0)" }.joined(separator: ", ")
        return Field(name, description, schema: ["enum": .array(table.map(\.0))], required: required) { value throws(FieldProblem) in
            guard let match = table.first(where: { $0.0 == value }) else { throw FieldProblem("is \(value), not one of \(allowed)") }
            return match.1
        } encode: {
            json($0)
        }
    }

    /// One of a closed set of Swift values, each written as the string `label(value)`.
    public static func oneOf(
        _ name: String, _ description: String, _ cases: [Value], label: @escaping @Sendable (Value) -> String, required: Bool = true
    ) -> Field<Value> {
        oneOf(name, description, cases, json: { .string(label($0)) }, required: required)
    }
}

extension Field where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of the cases of a string enum, by raw value.
    public static func oneOf(_ name: String, _ description: String, required: Bool = true) -> Field<Value> {
        oneOf(name, description, Array(Value.allCases), label: \.rawValue, required: required)
    }
}
