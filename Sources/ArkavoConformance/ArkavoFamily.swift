import ConformanceKit

/// Arkavo: the WebSocket frames around NanoTDF and the FlatBuffers Event and Metadata tables.
public enum ArkavoFamily {
    /// The `arkavo/*` suites.
    public static let family = ProtocolFamily(
        name: "arkavo", title: "Arkavo WebSocket frames and FlatBuffers Event/Metadata (NanoTDF spec sections 13-14)",
        suites: [ArkavoFrameSuite(), ArkavoFlatBuffersSuite()], reference: ArkavoOps.reference,
        bench: ArkavoBench.set)
}
