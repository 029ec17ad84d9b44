import ConformanceKit

/// NanoTDF (magic 0x4C314C): containers and headers on four curves and six tag sizes.
public enum NanoTDFFamily {
    /// The `nanotdf/*` suites.
    public static let family = ProtocolFamily(
        name: "nanotdf", title: "NanoTDF (L1L, L1M): header, policy, binding, payload and signature layout",
        suites: [NanoTDFParseSuite(), NanoTDFCryptoSuite()], reference: NanoTDFOps.reference, bench: NanoTDFBench.set)
}
