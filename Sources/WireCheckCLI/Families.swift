import ArgumentParser
import CdevConformance
import ConformanceKit
import FlowDownConformance
import NanoTDFConformance
import WireCoreConformance

/// The one list of protocol families. Adding a family means a line here (its `ProtocolFamily`, and
/// the commands it brings), its own folders, `Package.swift` and the fuzz registration; `run`,
/// `vectors`, `shim`, `bench`, `serve` and `check` loop over this list.
enum Families {
    /// Every family, in the order of runs and reports.
    static let all = ProtocolFamilies([WireCoreFamily.family, FlowDownFamily.family, CdevFamily.family, NanoTDFFamily.family])

    /// Top-level commands a family adds (`wirecheck flowdown …`, `wirecheck cdev …`).
    static let commands: [any ParsableCommand.Type] = [FlowDownCommand.self, CdevCommand.self, NanoTDFCommand.self]

    /// `wirecheck serve <family>`: the families with a mock server.
    static let serveCommands: [any ParsableCommand.Type] = [ServeCdevCommand.self]

    /// `wirecheck check <family>`: the families with a live-server checker.
    static let checkCommands: [any ParsableCommand.Type] = [CheckCdevCommand.self]
}
