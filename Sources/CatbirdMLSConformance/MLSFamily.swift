import ConformanceKit

/// Catbird MLS over atproto lexicons: the v0 contract's values.
public enum MLSFamily {
    /// The `mls/*` suites: all `WireCheckTesting` needs. The benchmark and the `mls/live` check run the mock
    /// MLS server in process, whose GRDB and jwt-kit a testing library's users should not have to build;
    /// `CatbirdMLSEmbedded` adds them (`MLSFamily.withEmbeddedMock`, in the CLI's family list).
    public static let family = ProtocolFamily(
        name: "mls", title: "Catbird MLS API (blue.catbird.mls.*, v0 contract) over atproto lexicons",
        suites: [MLSLexiconSuite(), MLSXRPCErrorSuite()], reference: MLSOps.reference)
}
