import ATProtoLexicon
import ConformanceKit

/// Every field of the `atproto.*` group types, declared once: the suite's group type, the op, the
/// generator and the tests name these, never the JSON keys (docs/ARCHITECTURE.md, "The typed seam").
public enum ATProtoFields {
    /// The string format a group's values are checked in.
    public static let format: Field<StringFormat> = .oneOf(
        "format",
        "The atproto string format the values are checked in, by its Lexicon name: did, handle, nsid, tid, record-key, at-uri, "
            + "uri, cid, datetime, language or at-identifier.")
    /// The string to check.
    public static let value: Field<String> = .string(
        "value", "The string to check, exactly as a JSON string holds it: whitespace, newlines and non-ASCII characters are part of it.")
}
