import ConformanceKit
import WireCore

/// Every field of the `wirecore.*` group types, declared once: the suites' group types, the ops, the
/// generator and the tests name these, never the JSON keys (docs/ARCHITECTURE.md, "The typed seam").
public enum WireCoreFields {
    // MARK: Base64

    /// The Base64 dialect a group decodes in.
    public static let variant: Field<Base64Variant> = .oneOf(
        "variant",
        "The Base64 variant, `<alphabet>-<padding>-<mode>`: alphabet `std` (+ /) or `url` (- _), padding `padded` or `raw`, mode "
            + "`strict` (RFC 4648 canonical) or `go` (Go's decoder without Strict(): skips CR/LF, accepts non-zero trailing bits).",
        Base64Variant.all, label: \.name)
    /// The text to decode.
    public static let text: Field<String> = .string(
        "text", "The Base64 text to decode, as given: it may hold characters, padding or line breaks the variant refuses.")
    /// The decoded bytes.
    public static let bytes: Field<[UInt8]> = .hex("bytes", "The decoded bytes, lower-case hex (empty for empty text).")

    // MARK: URL query encoding

    /// One item of `items`: a two-element array rather than an object, as the vectors have always written it.
    static let itemSchema = SchemaBuilder.described(
        [
            "type": "array", "minItems": 2, "maxItems": 2,
            "prefixItems": [
                SchemaBuilder.described(SchemaBuilder.string, "The item's name, decoded (not percent-encoded)."),
                SchemaBuilder.described(
                    SchemaBuilder.nullable(SchemaBuilder.string),
                    "The item's value, decoded; null for an item without '=' (an empty string keeps its '=')."),
            ],
        ], "One query item: [name, value-or-null].")

    /// The query items, in order.
    public static let items = Field<[QueryItem]>(
        "items",
        "The query items in their order, each [name, value-or-null], as URLComponents.queryItems holds them: what queryEncode "
            + "writes and what queryDecode reads.",
        schema: SchemaBuilder.array(itemSchema),
        decode: { json throws(FieldProblem) in
            guard let array = json.arrayValue else { throw FieldProblem("must be an array") }
            var items: [QueryItem] = []
            for (index, element) in array.enumerated() {
                guard let pair = element.arrayValue, pair.count == 2, let name = pair[0].stringValue,
                    pair[1].isNull || pair[1].stringValue != nil
                else { throw FieldProblem("has item \(index) that is not [name, value-or-null]") }
                items.append(QueryItem(name, pair[1].stringValue))
            }
            return items
        },
        encode: { items in .array(items.map { [.string($0.name), $0.value.map { .string($0) } ?? .null] }) })
    /// The query string.
    public static let query: Field<String> = .string(
        "query", "The query after '?' (without it), percent-encoded as URLComponents.percentEncodedQuery writes it; may be empty.")
}
