import WireCore

/// Builds the JSON Schemas (draft 2020-12) written to `Vectors/schema/`: the envelope, and one per
/// group type describing that group's `params`, `input` and `expected`.
public enum SchemaBuilder {
    /// The JSON Schema dialect of every schema written.
    public static let draft = "https://json-schema.org/draft/2020-12/schema"

    /// An object with exactly these properties; all required unless `required` says otherwise.
    public static func object(_ properties: [(String, JSONValue)], required: [String]? = nil) -> JSONValue {
        [
            "type": "object",
            "properties": .object(JSONObject(properties)),
            "required": .array((required ?? properties.map(\.0)).map { .string($0) }),
            "additionalProperties": false,
        ]
    }

    /// Any string.
    public static let string: JSONValue = ["type": "string"]
    /// Bytes as lower-case hex.
    public static let hex: JSONValue = ["type": "string", "pattern": "^([0-9a-f]{2})*$"]
    /// An integer.
    public static let integer: JSONValue = ["type": "integer"]
    /// A boolean.
    public static let boolean: JSONValue = ["type": "boolean"]
    /// `schema` or null.
    public static func nullable(_ schema: JSONValue) -> JSONValue { ["anyOf": [schema, ["type": "null"]]] }
    /// An array of `items`.
    public static func array(_ items: JSONValue) -> JSONValue { ["type": "array", "items": items] }
    /// One of these strings.
    public static func oneOf(_ values: [String]) -> JSONValue { ["enum": .array(values.map { .string($0) })] }

    /// The schema of one group of `type`; `expected` must allow the empty object of invalid cases.
    public static func group(type: String, params: JSONValue, input: JSONValue, expected: JSONValue) -> JSONValue {
        [
            "$schema": .string(draft),
            "$id": .string("\(type).schema.json"),
            "title": .string("\(type) test group"),
            "type": "object",
            "required": ["type", "source", "params", "tests"],
            "properties": [
                "type": ["const": .string(type)],
                "source": ["type": "object"],
                "params": params,
                "tests": array([
                    "type": "object",
                    "required": ["input", "expected"],
                    "properties": [
                        "input": input,
                        "expected": ["anyOf": [expected, ["type": "object", "maxProperties": 0]]],
                    ],
                ]),
            ],
        ]
    }

    /// The shape of an error class: kebab-case.
    public static let codePattern = "^[a-z0-9]+(-[a-z0-9]+)*$"

    /// `wirecheck-vectors-v1.schema.json`: the file envelope of Vectors/README.md.
    public static var envelope: JSONValue {
        let note = object([
            ("bugType", oneOf(BugType.allCases.map(\.rawValue))), ("description", string), ("links", array(string)),
        ])
        let test: JSONValue = [
            "type": "object",
            "required": ["id", "tcId", "comment", "flags", "spec", "input", "expected", "result", "error"],
            "additionalProperties": false,
            "properties": [
                "id": ["type": "string", "pattern": "^[a-z0-9-]+/[a-z0-9-]+/[A-Za-z0-9._+/-]+$"],
                "tcId": ["type": "integer", "minimum": 1],
                "comment": string,
                "flags": array(["type": "string", "pattern": "^[A-Z][A-Za-z0-9]*$"]),
                "spec": array(string),
                "input": ["type": "object"],
                "expected": ["type": "object"],
                "result": oneOf(ExpectedResult.allCases.map(\.rawValue)),
                "error": nullable(["type": "string", "pattern": .string(codePattern)]),
            ],
            "if": ["properties": ["result": ["const": "invalid"]]],
            "then": ["properties": ["error": ["type": "string"]]],
            "else": ["properties": ["error": ["type": "null"]]],
        ]
        return [
            "$schema": .string(draft),
            "$id": .string(VectorFile.envelopeSchema),
            "title": "WireCheck vector file",
            "type": "object",
            "additionalProperties": false,
            "required": [
                "schema", "format", "suite", "vectorsVersion", "generator", "spec", "numberOfTests",
                "header", "notes", "testGroups",
            ],
            "properties": [
                "schema": ["const": .string(VectorFile.envelopeSchema)],
                "format": ["type": "string", "pattern": "^[a-z0-9-]+$"],
                "suite": ["type": "string", "pattern": "^[a-z0-9-]+/[a-z0-9-]+$"],
                "vectorsVersion": string,
                "generator": object([("name", string), ("version", string)]),
                "spec": object([("name", string), ("version", string), ("url", string)]),
                "numberOfTests": ["type": "integer", "minimum": 0],
                "header": array(string),
                "notes": ["type": "object", "additionalProperties": note],
                "testGroups": array([
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["type", "source", "params", "tests"],
                    "properties": [
                        "type": ["type": "string", "pattern": "^[A-Z][A-Za-z0-9]*Test$"],
                        "source": object([("name", string), ("version", string)]),
                        "params": ["type": "object"],
                        "tests": array(test),
                    ],
                ]),
            ],
        ]
    }
}
