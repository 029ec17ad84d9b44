import WireCore

/// One named field of a group's params, input or expected, declared once with its Swift type: the
/// JSON Schema and description written to `Vectors/schema/`, the argument check of the op, the typed
/// read in the op and in the tests, and the typed write in the generator and the op all come from it,
/// so the field's name is spelled in one place (docs/ARCHITECTURE.md, "The typed seam").
///
/// Declare it with its type, `static let container: Field<[UInt8]> = .hex("container", "…")`; read it
/// with `try args.read(container)`; write it with `container(bytes)` in `JSONObject(…)` or
/// `object.set(container, bytes)`.
public struct Field<Value: Sendable>: DeclaredField {
    /// The JSON key.
    public let name: String
    /// What the field holds, for the schema's `description` and the docs.
    public let description: String
    /// Whether every case has it.
    public let required: Bool
    /// The JSON Schema of a value, without the description.
    public let valueSchema: JSONValue
    let decodeValue: @Sendable (JSONValue) throws(FieldProblem) -> Value
    let encodeValue: @Sendable (Value) -> JSONValue

    /// A field of any type: how a JSON value is read (throwing why it is not one) and written.
    public init(
        _ name: String, _ description: String, schema: JSONValue, required: Bool = true,
        decode: @escaping @Sendable (JSONValue) throws(FieldProblem) -> Value,
        encode: @escaping @Sendable (Value) -> JSONValue
    ) {
        self.name = name
        self.description = description
        self.required = required
        self.valueSchema = schema
        self.decodeValue = decode
        self.encodeValue = encode
    }

    /// The value's JSON Schema with the description, as `Vectors/schema/` has it.
    public var schema: JSONValue {
        guard var object = valueSchema.objectValue else { return valueSchema }
        object["description"] = .string(description)
        return .object(object)
    }

    /// `json` as this field's value.
    public func decode(_ json: JSONValue) throws(FieldProblem) -> Value { try decodeValue(json) }

    /// `value` as JSON.
    public func encode(_ value: Value) -> JSONValue { encodeValue(value) }

    /// Why `value` is not a value of this field, or nil.
    public func problem(with value: JSONValue) -> String? {
        do throws(FieldProblem) {
            _ = try decodeValue(value)
            return nil
        } catch {
            return error.reason
        }
    }

    /// The member `name: value`, for `JSONObject(…)`.
    public func callAsFunction(_ value: Value) -> FieldEntry { FieldEntry(name: name, value: encodeValue(value)) }

    /// The same field, also `null` (read as nil).
    public func nullable() -> Field<Value?> {
        let decode = decodeValue
        let encode = encodeValue
        return Field<Value?>(
            name, description, schema: ["anyOf": [valueSchema, ["type": "null"]]], required: required,
            decode: { json throws(FieldProblem) in json.isNull ? nil : try decode(json) },
            encode: { $0.map(encode) ?? .null })
    }

    /// The same field, not in every case (read with `readIfPresent`).
    public func optional() -> Field<Value> {
        Field(name, description, schema: valueSchema, required: false, decode: decodeValue, encode: encodeValue)
    }
}

/// What every declared field gives the group type, whatever its Swift type.
public protocol DeclaredField: Sendable {
    /// The JSON key.
    var name: String { get }
    /// What the field holds.
    var description: String { get }
    /// Whether every case has it.
    var required: Bool { get }
    /// The JSON Schema of its value, with the description.
    var schema: JSONValue { get }
    /// Why `value` is not a value of this field (`must be a string`, `is not hex: …`), or nil.
    func problem(with value: JSONValue) -> String?
}

/// Why a JSON value is not a value of a field: the end of a sentence that starts with the field's name.
public struct FieldProblem: Error, Sendable {
    /// E.g. `must be a string`, `is "x", not one of [a, b]`.
    public let reason: String
    /// A problem; `reason` completes "argument 'name' …".
    public init(_ reason: String) { self.reason = reason }
}

/// One member of an object, written through its field: `JSONObject(container(bytes), privateKey(key))`.
public struct FieldEntry: Sendable {
    /// The field's JSON key.
    public let name: String
    /// The value as JSON.
    public let value: JSONValue
}

extension JSONObject {
    /// An object of these members, in this order.
    public init(_ entries: FieldEntry...) { self.init(entries: entries) }

    /// An object of these members, in this order.
    public init(entries: [FieldEntry]) { self.init(entries.map { ($0.name, $0.value) }) }

    /// Sets `field` to `value`.
    public mutating func set<Value>(_ field: Field<Value>, _ value: Value) { self[field.name] = field.encode(value) }

    /// The argument `field`; missing or not a value of the field is `bad-request` naming it and why.
    public func read<Value>(_ field: Field<Value>) throws(ShimError) -> Value {
        guard let value = try readIfPresent(field) else { throw HarnessRefusal.argumentMissing(field.name).shimError }
        return value
    }

    /// The argument `field`, or nil when it is absent; present but not a value of the field is `bad-request`.
    public func readIfPresent<Value>(_ field: Field<Value>) throws(ShimError) -> Value? {
        guard let json = self[field.name] else { return nil }
        do throws(FieldProblem) {
            return try field.decode(json)
        } catch {
            throw HarnessRefusal.argumentInvalid(field.name, error.reason).shimError
        }
    }

    /// The member `field` as its Swift value, nil when absent or not a value of the field (for tests).
    public subscript<Value>(field: Field<Value>) -> Value? { try? readIfPresent(field) }
}

extension JSONValue {
    /// The member `field` of an object as its Swift value, nil when absent or not a value of it (for tests).
    public subscript<Value>(field: Field<Value>) -> Value? { objectValue?[field] }
}

/// The refusals the harness itself makes of a request, before any op's code runs.
enum HarnessRefusal {
    case argumentMissing(String)
    case argumentInvalid(String, String)

    var shimError: ShimError {
        switch self {
        case .argumentMissing(let name): ShimError(code: ShimError.badRequestCode, message: "argument '\(name)' is missing")
        case .argumentInvalid(let name, let reason): ShimError(code: ShimError.badRequestCode, message: "argument '\(name)' \(reason)")
        }
    }
}
