import ConformanceKit

/// The byte codecs every family builds on (Base64 variants, URL query encoding), as a family of
/// their own so the shim spine is exercised before any format.
public enum WireCoreFamily {
    /// The `wirecore/*` suites (the codec benchmarks are `withBench`, in the `WireCoreBench` target).
    public static let family = ProtocolFamily(
        name: "wirecore", title: "WireCore byte codecs: Base64 in eight variants, URLComponents query encoding",
        suites: [Base64Suite(), QueryEncodingSuite()], reference: WireCoreOps.reference)
}
