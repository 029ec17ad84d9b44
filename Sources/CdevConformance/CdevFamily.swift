import ConformanceKit

/// cdev pairing and auth: HMAC-signed tokens, pairing JSON, and live checks of a cdev server.
public enum CdevFamily {
    /// The `cdev/*` suites and the token benchmark (the live checks of the mock are `withEmbeddedMock`, in the
    /// `CdevEmbedded` target).
    public static let family = ProtocolFamily(
        name: "cdev", title: "cdev pairing and auth: HMAC-signed tokens, pairing JSON, HTTP API and /ws gate",
        suites: [CdevTokenSuite(), CdevPairingSuite()], reference: CdevOps.reference, bench: CdevBench.set)
}
