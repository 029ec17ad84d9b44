// Re-exported: the families' suites and typed op builders (`WireCoreOps`, `CdevOps`, …), so that the CLI, the tests
// and the differential fuzz target reach them with one import.
@_exported import ATProtoConformance
@_exported import ArkavoConformance
@_exported import CatbirdMLSConformance
@_exported import CdevConformance
import ConformanceKit
@_exported import FlowDownConformance
@_exported import NanoTDFConformance
@_exported import WireCoreConformance

/// The one list of protocol families, shared by the CLI (`wirecheck run`, `vectors`, `shim`, …), the tests and the
/// differential fuzz target (`WireCheckTesting` judges from the vectors and their schemas instead). Adding a family
/// means a line here, its own targets, and (for commands it brings) a line in the CLI's `Families.swift`.
public enum WireCheckFamilies {
    /// Every family, in the order of runs and reports.
    public static let all = ProtocolFamilies([
        WireCoreFamily.family, FlowDownFamily.family, CdevFamily.family, NanoTDFFamily.family, ArkavoFamily.family,
        ATProtoFamily.family, MLSFamily.family,
    ])
}
