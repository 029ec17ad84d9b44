import ArgumentParser
import ArkavoConformance
import CatbirdMLSEmbedded
import CdevConformance
import CdevEmbedded
import KASService
import ConformanceKit
import WireCheckFamilies
import WireCoreBench
import WireCoreConformance

/// The families and the commands they bring. The families themselves are listed once, in
/// `WireCheckFamilies` (shared with the tests and the differential fuzz target); `run`, `vectors`, `shim`, `bench`,
/// `serve` and `check` loop over them.
enum Families {
    /// Every family, in the order of runs and reports, with the parts kept out of `WireCheckFamilies` for their
    /// dependencies, which the fuzz build should not compile: the mocks run in process (MLS: GRDB, jwt-kit; cdev:
    /// libqrencode, libpng) and WireCore's benchmark (libsodium). `TestEnvironment.families` is the same list.
    static let all = WireCheckFamilies.all.replacing(MLSFamily.withEmbeddedMock).replacing(WireCoreFamily.withBench)
        .replacing(CdevFamily.withEmbeddedMock).replacing(ArkavoFamily.withEmbeddedMock)

    /// Top-level commands a family adds (`wirecheck flowdown …`, `wirecheck cdev …`).
    static let commands: [any ParsableCommand.Type] = [
        FlowDownCommand.self, CdevCommand.self, NanoTDFCommand.self, ArkavoCommand.self, ATProtoCommand.self, MLSCommand.self,
    ]

    /// `wirecheck serve <family>`: the families with a mock server.
    static let serveCommands: [any ParsableCommand.Type] = [ServeCdevCommand.self, ServeMLSCommand.self, ServeKASCommand.self]

    /// `wirecheck check <family>`: the families with a live-server checker.
    static let checkCommands: [any ParsableCommand.Type] = [CheckCdevCommand.self, CheckMLSCommand.self, CheckKASCommand.self]
}
