import CatbirdMLS
import ConformanceKit
import WireCore

/// Every field of the `mls.*` group types, declared once: the suites' group types, the ops, the
/// generator and the tests name these, never the JSON keys (docs/ARCHITECTURE.md, "The typed seam").
public enum MLSFields {
    // MARK: mls.validate

    /// The lexicon target a value is validated against.
    public static let lexicon: Field<String> = .string(
        "lexicon",
        "The lexicon target, by the name mls.validate takes: `nsid#def` for a def of a Catbird MLS document, or `nsid#params`, "
            + "`nsid#input` or `nsid#output` for an endpoint's query parameters, JSON input or JSON output.")

    /// Any JSON value, its type included.
    static let anyJSON: JSONValue = ["type": ["object", "array", "string", "number", "boolean", "null"]]

    /// The value to validate: what a lexicon describes is mostly an object, but a case may break even that.
    public static let value: Field<JSONValue> = .json(
        "value", "The decoded JSON value to validate against `lexicon`; the case may break the lexicon in any way, its type included.",
        schema: [
            "anyOf": [
                [
                    "type": "object",
                    "additionalProperties": SchemaBuilder.described(
                        anyJSON, "A member: a property the lexicon object declares (of its declared type, or not), or an undeclared one."),
                    "description":
                        "The value of an object def, an endpoint's input or output, or its query parameters as an object of typed values.",
                ],
                SchemaBuilder.described(
                    ["type": ["array", "string", "number", "boolean", "null"]],
                    "The value of a def that is not an object (cipherSuiteEnum is a string), or a value of the wrong type on purpose."),
            ]
        ])

    /// Where a violation is.
    public static let errorPath: Field<String> = .string(
        "path", "The JSON pointer (RFC 6901) of the offending member inside `value`; empty for the value itself.")
    /// The validator's code of a violation.
    public static let errorCode: Field<String> = .string(
        "code", "The validator's own error code (the reference's are kebab-case, e.g. `missing-required`); codes are not compared.")
    /// Why a violation is one.
    public static let errorMessage: Field<String> = .string(message.name, "Why the member breaks the lexicon, in prose.")

    /// The violations an invalid case expects: where they must be found.
    public static let errors: Field<[JSONValue]> = .array(
        "errors",
        "An invalid case's violations: the JSON pointer each rejection must point at or inside (checked with --strict); "
            + "absent for a valid case, and for an invalid one that is not one change at a known place.",
        items: SchemaBuilder.described(
            SchemaBuilder.object([(errorPath.name, errorPath.schema), (errorCode.name, errorCode.schema)]),
            "One violation the rejection must report: where, and the reference's code for it."),
        required: false)

    /// The `errors` detail of an `invalid-value` refusal: every violation found.
    public static let violations: Field<[JSONValue]> = .array(
        errors.name, "Every violation the validator found, in its order (the `invalid-value` refusal's detail).",
        items: SchemaBuilder.described(
            SchemaBuilder.object([
                (errorPath.name, errorPath.schema), (errorCode.name, errorCode.schema), (errorMessage.name, errorMessage.schema),
            ]), "One violation: where, the validator's code and why."))

    // MARK: mls.xrpc-error

    /// The endpoint an answer came from.
    public static let endpoint: Field<MLSEndpoint> = .oneOf(
        "endpoint", "The Catbird MLS endpoint that answered, by NSID (blue.catbird.mls.<name>); its lexicon declares its own errors.",
        MLSEndpoint.allCases, label: \.nsid)
    /// The answer's HTTP status.
    public static let status: Field<Int> = Field(
        "status", "The answer's HTTP status code (100-599), never 200 in the cases.",
        schema: ["type": "integer", "minimum": 100, "maximum": 599]
    ) { json throws(FieldProblem) in
        guard let status = json.intValue, (100...599).contains(status) else { throw FieldProblem("must be an HTTP status (100-599)") }
        return Int(status)
    } encode: { .int(Int64($0)) }
    /// The `Content-Type` header.
    public static let contentType: Field<String> = .string(
        "contentType", "The answer's Content-Type header as sent (any case, with its parameters); absent when there is none.",
        required: false)
    /// The `Retry-After` header.
    public static let retryAfterHeader: Field<String> = .string(
        "retryAfter", "The answer's Retry-After header as sent, not necessarily valid; absent when there is none.", required: false)
    /// The answer's body.
    public static let body: Field<String> = .string(
        "body", "The answer's body as text: an XRPC error object, another JSON value, HTML, JSON cut short, or empty.")

    /// The XRPC error name a client reads.
    public static let error: Field<String?> = Field<String>.string(
        "error",
        "The body's `error` when the media type is application/json and it is a string of printable ASCII without spaces; "
            + "else null.").nullable()
    /// The message a client reads.
    public static let message: Field<String?> = Field<String>.string(
        "message", "The body's `message` when `error` is set and `message` is a string; else null.").nullable()
    /// Whether the endpoint declares the error.
    public static let declared: Field<Bool> = .boolean(
        "declared", "Whether `error` is one of the endpoint lexicon's errors or a generic XRPC error; false when `error` is null.")
    /// Whether to retry.
    public static let retry: Field<Bool> = .boolean(
        "retry", "Whether the request is worth another attempt: status 429, or 5xx other than 501.")
    /// `Retry-After` as read.
    public static let retryAfterSeconds: Field<Int64?> = Field<Int64>.integer(
        retryAfterHeader.name,
        "The Retry-After header as delay-seconds (digits only, surrounding spaces ignored), in seconds; null when absent or not "
            + "delay-seconds.").nullable()
}
