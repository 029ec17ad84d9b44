import ConformanceKit

/// cdev pairing and auth: HMAC-signed tokens, pairing JSON, and live checks of a cdev server.
public enum CdevFamily {
    /// The `cdev/*` suites, the token benchmark and the live checks of the mock in both profiles.
    public static let family = ProtocolFamily(
        name: "cdev", title: "cdev pairing and auth: HMAC-signed tokens, pairing JSON, HTTP API and /ws gate",
        suites: [CdevTokenSuite(), CdevPairingSuite()], reference: CdevOps.reference, bench: CdevBench.set,
        embeddedLiveChecks: CdevEmbeddedChecks.all)
}
