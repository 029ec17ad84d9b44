import ConformanceKit

/// Catbird MLS over atproto lexicons: the v0 contract's values.
public enum MLSFamily {
    /// The `mls/*` suites.
    public static let family = ProtocolFamily(
        name: "mls", title: "Catbird MLS API (blue.catbird.mls.*, v0 contract) over atproto lexicons",
        suites: [MLSLexiconSuite(), MLSXRPCErrorSuite()],
        bench: MLSBench.set,
        embeddedLiveChecks: MLSEmbeddedChecks.all)
}
