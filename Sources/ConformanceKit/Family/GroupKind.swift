import WireCore

/// One group type of the vectors, declared once: its name, the shim op its cases call, and the
/// fields of its `params`, `input` and `expected`. The JSON Schema in `Vectors/schema/`, the op's
/// argument check in the reference shim, the call a case turns into and the tests' field access
/// all follow from this one value (Vectors/README.md, "Test groups").
public struct GroupKind: Sendable {
    /// The group `type`, e.g. `FlowDownSealTest`.
    public let type: String
    /// The shim op every case of the group calls.
    public let op: String
    /// The fields of the group's `params`; they are passed to the op with every case's input.
    public let params: [Field]
    /// The fields of a case's `input`.
    public let input: [Field]
    /// The fields of a valid case's `expected`.
    public let expected: [Field]

    /// A group type whose cases call `op` with their params and input.
    public init(_ type: String, op: String, params: [Field] = [], input: [Field], expected: [Field]) {
        self.type = type
        self.op = op
        self.params = params
        self.input = input
        self.expected = expected
    }

    /// The JSON Schema of one group of this type (written to `Vectors/schema/<type>.schema.json`).
    public var schema: JSONValue {
        SchemaBuilder.group(
            type: type, params: Field.objectSchema(params), input: Field.objectSchema(input),
            expected: Field.objectSchema(expected))
    }

    /// The shim call of one case: the group's params, then the case's input, as the op's arguments.
    public func call(for test: TestCase, in group: TestGroup) -> ShimCall {
        var args = group.params.objectValue ?? [:]
        for (key, value) in test.input.objectValue ?? [:] { args[key] = value }
        return ShimCall(op, args)
    }

    /// Why a successful result does not have the shape this group type declares, or nil when it
    /// does. A key the type does not declare is wrong whatever its value, and a declared key the case
    /// leaves out (an absent optional field, such as a pairing document's missing `token`) must be
    /// absent or `null`. The keys the case lists are the suite's to compare: each must be there and
    /// right, except the few a suite documents as informational, which may be left out but not wrong.
    public func shapeMismatch(result: JSONObject, expected: JSONValue) -> String? {
        let listed = expected.objectValue ?? [:]
        for key in result.keys where !self.expected.contains(where: { $0.name == key }) {
            let declared = self.expected.map(\.name).joined(separator: ", ")
            return "result has a key '\(key)' that \(type) does not declare (declared: \(declared))"
        }
        for field in self.expected where listed[field.name] == nil {
            if let value = result[field.name], value != .null {
                return "result has '\(field.name)' = \(value), but this case has no '\(field.name)': it must be absent or null"
            }
        }
        return nil
    }

    /// Checks a request's arguments against the declared params and input: every required field
    /// present, every present field of its declared JSON type. A failure is `bad-request` naming
    /// the argument, before the op's own code runs.
    public func checkArguments(_ args: JSONObject) throws(ShimError) {
        for field in params + input {
            guard let value = args[field.name] else {
                if field.required { throw ShimError(code: ShimError.badRequestCode, message: "argument '\(field.name)' is missing") }
                continue
            }
            if let type = field.jsonType, !type.matches(value) {
                throw ShimError(code: ShimError.badRequestCode, message: "argument '\(field.name)' must be \(type.article)")
            }
        }
    }

    /// The reference implementation of this group's op: `run` after the argument check.
    public func operation(_ run: @escaping @Sendable (JSONObject) throws(ShimError) -> JSONObject) -> ShimOperation {
        let kind = self
        return ShimOperation(op) { args throws(ShimError) in
            try kind.checkArguments(args)
            return try run(args)
        }
    }
}

/// One named field of a group's params, input or expected, with its JSON Schema.
public struct Field: Sendable {
    /// The JSON key.
    public let name: String
    /// The field's JSON Schema.
    public let schema: JSONValue
    /// Whether every case has it.
    public let required: Bool

    /// A field with an explicit schema.
    public init(_ name: String, _ schema: JSONValue, required: Bool = true) {
        self.name = name
        self.schema = schema
        self.required = required
    }

    /// A string.
    public static func string(_ name: String, required: Bool = true) -> Field { Field(name, SchemaBuilder.string, required: required) }
    /// Bytes as lower-case hex.
    public static func hex(_ name: String, required: Bool = true) -> Field { Field(name, SchemaBuilder.hex, required: required) }
    /// An integer.
    public static func integer(_ name: String, required: Bool = true) -> Field { Field(name, SchemaBuilder.integer, required: required) }
    /// A boolean.
    public static func boolean(_ name: String, required: Bool = true) -> Field { Field(name, SchemaBuilder.boolean, required: required) }
    /// One of a closed set of strings.
    public static func oneOf(_ name: String, _ values: [String], required: Bool = true) -> Field {
        Field(name, SchemaBuilder.oneOf(values), required: required)
    }
    /// An array of `items`.
    public static func array(_ name: String, of items: JSONValue, required: Bool = true) -> Field {
        Field(name, SchemaBuilder.array(items), required: required)
    }

    /// The schema of an object with exactly these fields.
    static func objectSchema(_ fields: [Field]) -> JSONValue {
        SchemaBuilder.object(fields.map { ($0.name, $0.schema) }, required: fields.filter(\.required).map(\.name))
    }

    /// The JSON type the schema names, when it names exactly one.
    var jsonType: JSONType? {
        if let name = schema.objectValue?["type"]?.stringValue { return JSONType(rawValue: name) }
        if let values = schema.objectValue?["enum"]?.arrayValue, values.allSatisfy({ $0.stringValue != nil }) { return .string }
        return nil
    }
}

/// The JSON types a field can declare.
enum JSONType: String {
    case string, integer, number, boolean, array, object

    func matches(_ value: JSONValue) -> Bool {
        switch self {
        case .string: value.stringValue != nil
        case .integer: value.intValue != nil
        case .number: value.intValue != nil || value.doubleValue != nil
        case .boolean: value.boolValue != nil
        case .array: value.arrayValue != nil
        case .object: value.objectValue != nil
        }
    }

    var article: String {
        switch self {
        case .integer, .array, .object: "an \(rawValue)"
        default: "a \(rawValue)"
        }
    }
}
