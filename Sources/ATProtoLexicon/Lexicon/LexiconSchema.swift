import WireCore

/// A field type of Lexicon v1 (Lexicon spec, "Field Type Definitions"): what a property, an array
/// item, a params entry or a body schema can be. Objects are kept in the order written.
public indirect enum LexiconSchema: Sendable, Equatable {
    case null
    case boolean(BooleanSchema)
    case integer(IntegerSchema)
    case string(StringSchema)
    case bytes(BytesSchema)
    case cidLink
    case blob(BlobSchema)
    case array(ArraySchema)
    case object(ObjectSchema)
    /// A reference to another def: `nsid#name`, `#name` (same document) or `nsid` (its `main`).
    case ref(String)
    case union(UnionSchema)
    case unknown

    /// The `type` name written in lexicon JSON.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .boolean: "boolean"
        case .integer: "integer"
        case .string: "string"
        case .bytes: "bytes"
        case .cidLink: "cid-link"
        case .blob: "blob"
        case .array: "array"
        case .object: "object"
        case .ref: "ref"
        case .union: "union"
        case .unknown: "unknown"
        }
    }

    /// The `default` value, for the types that can have one.
    public var defaultValue: JSONValue? {
        switch self {
        case .boolean(let s): s.defaultValue.map { .bool($0) }
        case .integer(let s): s.defaultValue.map { .int($0) }
        case .string(let s): s.defaultValue.map { .string($0) }
        default: nil
        }
    }
}

/// `boolean`.
public struct BooleanSchema: Sendable, Equatable {
    /// `default`: the value an absent field takes.
    public var defaultValue: Bool?
    /// `const`: the one value allowed.
    public var const: Bool?
}

/// `integer`: a JSON integer (an integral float such as `123.0` counts), 53-bit safe.
public struct IntegerSchema: Sendable, Equatable {
    /// `minimum`, inclusive.
    public var minimum: Int64?
    /// `maximum`, inclusive.
    public var maximum: Int64?
    /// `enum`: the closed set of values.
    public var enumValues: [Int64]?
    /// `default`: the value an absent field takes.
    public var defaultValue: Int64?
    /// `const`: the one value allowed.
    public var const: Int64?
}

/// `string`: lengths in UTF-8 bytes, graphemes in extended grapheme clusters; `enum` is closed,
/// `knownValues` open.
public struct StringSchema: Sendable, Equatable {
    /// `format`: the string format every value must have.
    public var format: StringFormat?
    /// `minLength`, in UTF-8 bytes.
    public var minLength: Int?
    /// `maxLength`, in UTF-8 bytes.
    public var maxLength: Int?
    /// `minGraphemes`, in extended grapheme clusters.
    public var minGraphemes: Int?
    /// `maxGraphemes`, in extended grapheme clusters.
    public var maxGraphemes: Int?
    /// `knownValues`: the values known so far (an open set; others pass).
    public var knownValues: [String]?
    /// `enum`: the closed set of values.
    public var enumValues: [String]?
    /// `default`: the value an absent field takes.
    public var defaultValue: String?
    /// `const`: the one value allowed.
    public var const: String?
}

/// `bytes`: `{"$bytes": base64}` in JSON; lengths count decoded bytes.
public struct BytesSchema: Sendable, Equatable {
    /// `minLength`, in decoded bytes.
    public var minLength: Int?
    /// `maxLength`, in decoded bytes.
    public var maxLength: Int?
}

/// `blob`: `accept` holds MIME types or globs (`image/*`, `*/*`); `maxSize` is in bytes.
public struct BlobSchema: Sendable, Equatable {
    /// `accept`: MIME types or globs the blob may have.
    public var accept: [String]?
    /// `maxSize`: the largest blob, in bytes.
    public var maxSize: Int64?
}

/// `array`: lengths count elements.
public struct ArraySchema: Sendable, Equatable {
    /// `items`: the type of every element.
    public var items: LexiconSchema
    /// `minLength`, in elements.
    public var minLength: Int?
    /// `maxLength`, in elements.
    public var maxLength: Int?
}

/// `object` (and the `record` of a record def).
public struct ObjectSchema: Sendable, Equatable {
    /// The properties in the order written.
    public var properties: [(name: String, schema: LexiconSchema)]
    /// `required`: names that must be present.
    public var required: [String]
    /// `nullable`: names that may be null.
    public var nullable: [String]
    /// `description`.
    public var description: String?

    /// An object type of these properties.
    public init(
        properties: [(name: String, schema: LexiconSchema)], required: [String] = [], nullable: [String] = [], description: String? = nil
    ) {
        self.properties = properties
        self.required = required
        self.nullable = nullable
        self.description = description
    }

    /// The schema of property `name`.
    public func property(_ name: String) -> LexiconSchema? { properties.first { $0.name == name }?.schema }

    public static func == (lhs: ObjectSchema, rhs: ObjectSchema) -> Bool {
        lhs.properties.map(\.name) == rhs.properties.map(\.name) && lhs.properties.map(\.schema) == rhs.properties.map(\.schema)
            && lhs.required == rhs.required && lhs.nullable == rhs.nullable && lhs.description == rhs.description
    }
}

/// `union`: an object whose `$type` names one of `refs`; an open union lets other types through.
public struct UnionSchema: Sendable, Equatable {
    /// `refs`: the member types.
    public var refs: [String]
    /// `closed`: whether a `$type` outside `refs` is refused.
    public var closed: Bool
}

/// `params`: the query-string parameters of a query, procedure or subscription; only boolean,
/// integer, string, unknown or arrays of those.
public struct ParamsSchema: Sendable, Equatable {
    /// `properties`, in the order written.
    public var properties: [(name: String, schema: LexiconSchema)]
    /// `required`: names that must be present.
    public var required: [String]

    /// Parameters of these types.
    public init(properties: [(name: String, schema: LexiconSchema)], required: [String] = []) {
        self.properties = properties
        self.required = required
    }

    /// The schema of parameter `name`.
    public func property(_ name: String) -> LexiconSchema? { properties.first { $0.name == name }?.schema }

    public static func == (lhs: ParamsSchema, rhs: ParamsSchema) -> Bool {
        lhs.properties.map(\.name) == rhs.properties.map(\.name) && lhs.properties.map(\.schema) == rhs.properties.map(\.schema)
            && lhs.required == rhs.required
    }
}
