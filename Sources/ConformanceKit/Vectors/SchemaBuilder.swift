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

    /// `schema` with a `description`.
    public static func described(_ schema: JSONValue, _ description: String) -> JSONValue {
        guard var object = schema.objectValue else { return schema }
        object["description"] = .string(description)
        return .object(object)
    }

    /// The schema of one group of `type`; `expected` must allow the empty object of invalid cases.
    public static func group(type: String, op: String, params: JSONValue, input: JSONValue, expected: JSONValue) -> JSONValue {
        [
            "$schema": .string(draft),
            "$id": .string("\(type).schema.json"),
            "title": .string("\(type) test group"),
            "type": "object",
            "required": ["type", "op", "source", "params", "tests"],
            "properties": [
                "type": ["const": .string(type), "description": "The group type: which op its cases call and what their fields are."],
                "op": ["const": .string(op), "description": "The shim op every case of the group calls, with the params and its input."],
                "source": described(source, "The implementation that produced the group's expected values."),
                "params": described(params, "Arguments shared by every case of the group, passed to the op with each case's input."),
                "tests": described(
                    array([
                        "type": "object",
                        "required": ["input", "expected"],
                        "properties": [
                            "input": described(input, "The op's arguments (merged over the group's params)."),
                            "expected": [
                                "anyOf": [expected, ["type": "object", "maxProperties": 0]],
                                "description": "The result a valid case expects; empty for an invalid case, which expects its error class.",
                            ],
                        ],
                    ]), "The cases; the envelope schema gives their other members."),
            ],
        ]
    }

    /// `{"name", "version"}` of the generator or of the source of a group.
    static var source: JSONValue {
        object([
            ("name", described(string, "The implementation's name.")), ("version", described(string, "Its version.")),
        ])
    }

    /// The shape of an error class: kebab-case.
    public static let codePattern = "^[a-z0-9]+(-[a-z0-9]+)*$"

    /// `wirecheck-vectors-v1.schema.json`: the file envelope of Vectors/README.md.
    public static var envelope: JSONValue {
        let note = object([
            ("bugType", described(oneOf(BugType.allCases.map(\.rawValue)), "The kind of bug the flag's cases catch.")),
            ("description", described(string, "What the flag means, in prose.")),
            ("links", described(array(string), "Where to read more (specs, issues, source lines).")),
        ])
        let test: JSONValue = [
            "type": "object",
            "required": ["id", "tcId", "comment", "flags", "spec", "input", "expected", "result", "error"],
            "additionalProperties": false,
            "properties": [
                "id": [
                    "type": "string", "pattern": "^[a-z0-9-]+/[a-z0-9-]+/[A-Za-z0-9._+/-]+$",
                    "description": "The case's stable id, `<suite>/<name>`: what reports, `--only` and expectations files name.",
                ],
                "tcId": ["type": "integer", "minimum": 1, "description": "The case's number in its file, from 1."],
                "comment": described(string, "What the case is, in prose."),
                "flags": described(
                    array(["type": "string", "pattern": "^[A-Z][A-Za-z0-9]*$"]),
                    "What the case is about; the file's `notes` explain each flag."),
                "spec": described(array(string), "The spec sections the case exercises."),
                "input": [
                    "type": "object", "additionalProperties": true,
                    "description": "The op's arguments; their fields are in the group type's schema (`<type>.schema.json`).",
                ],
                "expected": [
                    "type": "object", "additionalProperties": true,
                    "description": "A valid case's result (empty otherwise); its fields are in the group type's schema.",
                ],
                "result": described(
                    oneOf(ExpectedResult.allCases.map(\.rawValue)),
                    "`valid`: the answer must equal `expected`; `invalid`: the op must refuse with `error`; `acceptable`: either."),
                "error": described(
                    nullable(["type": "string", "pattern": .string(codePattern)]), "The error class an invalid case expects, else null."),
            ],
            "if": ["properties": ["result": ["const": "invalid", "description": "A case the implementation must refuse."]]],
            "then": ["properties": ["error": ["type": "string", "description": "A refused case names its error class."]]],
            "else": ["properties": ["error": ["type": "null", "description": "A case that is not refused has no error class."]]],
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
                "schema": ["const": .string(VectorFile.envelopeSchema), "description": "This schema's id: the envelope's version."],
                "format": ["type": "string", "pattern": "^[a-z0-9-]+$", "description": "The format, the suite id's first part."],
                "suite": [
                    "type": "string", "pattern": "^[a-z0-9-]+/[a-z0-9-]+$", "description": "The suite id, the file's path below Vectors/.",
                ],
                "vectorsVersion": described(string, "The version of the vectors, the same in every file of a release."),
                "generator": described(source, "The program that wrote the file."),
                "spec": described(
                    object([
                        ("name", described(string, "The specification's name.")), ("version", described(string, "The version read.")),
                        ("url", described(string, "Where it is published.")),
                    ]), "The specification the cases follow."),
                "numberOfTests": ["type": "integer", "minimum": 0, "description": "How many cases the file has."],
                "header": described(array(string), "The file's prose: the ops, their arguments and results, what the cases cover."),
                "notes": [
                    "type": "object", "additionalProperties": note, "description": "What each flag the cases use means, by flag.",
                ],
                "testGroups": described(
                    array([
                        "type": "object",
                        "additionalProperties": false,
                        "required": ["type", "op", "source", "params", "tests"],
                        "properties": [
                            "type": [
                                "type": "string", "pattern": "^[A-Z][A-Za-z0-9]*Test$",
                                "description": "The group type; `<type>.schema.json` describes its params, input and expected.",
                            ],
                            "op": [
                                "type": "string", "pattern": "^[a-z0-9]+\\.[A-Za-z0-9-]+$",
                                "description": "The shim op every case of the group calls (the group type's).",
                            ],
                            "source": described(source, "The implementation that produced the group's expected values."),
                            "params": [
                                "type": "object", "additionalProperties": true,
                                "description": "Arguments shared by the group's cases (fields in the group type's schema).",
                            ],
                            "tests": described(array(test), "The cases."),
                        ],
                    ]), "The cases, in groups of one type each."),
            ],
        ]
    }
}
