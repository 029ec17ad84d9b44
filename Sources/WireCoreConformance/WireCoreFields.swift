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

    /// The query items, in order.
    public static let items: Field<[QueryItem]> = .queryItems(
        "items",
        "The query items in their order, each [name, value-or-null], as URLComponents.queryItems holds them: what queryEncode "
            + "writes and what queryDecode reads.")
    /// The query string.
    public static let query: Field<String> = .string(
        "query", "The query after '?' (without it), percent-encoded as URLComponents.percentEncodedQuery writes it; may be empty.")
}
