import ConformanceKit

/// atproto: the string formats every atproto implementation parses (the lexicon validator's
/// conformance is the `mls` family's, on the Catbird lexicons).
public enum ATProtoFamily {
    /// The `atproto/*` suites.
    public static let family = ProtocolFamily(
        name: "atproto",
        title: "atproto string formats (did, handle, nsid, tid, record-key, at-uri, uri, cid, datetime, language, at-identifier)",
        suites: [ATProtoSyntaxSuite()], reference: ATProtoOps.reference)
}
