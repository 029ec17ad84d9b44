// Re-exported: the families' typed op builders (`WireCoreOps`, `CdevOps`, …) reach `WireCheckTesting`'s users.
@_exported import ATProtoConformance
@_exported import ArkavoConformance
@_exported import CatbirdMLSConformance
@_exported import CdevConformance
import ConformanceKit
@_exported import FlowDownConformance
@_exported import NanoTDFConformance
@_exported import WireCoreConformance

/// The one list of protocol families, shared by the CLI (`wirecheck run`, `vectors`, `shim`, …) and
/// by `WireCheckTesting`. Adding a family means a line here, its own targets, and (for commands it
/// brings) a line in the CLI's `Families.swift`.
public enum WireCheckFamilies {
    /// Every family, in the order of runs and reports.
    public static let all = ProtocolFamilies([
        WireCoreFamily.family, FlowDownFamily.family, CdevFamily.family, NanoTDFFamily.family, ArkavoFamily.family,
        ATProtoFamily.family, MLSFamily.family,
    ])
}
