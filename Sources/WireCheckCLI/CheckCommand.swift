import ArgumentParser

/// `wirecheck check <family>`: probe a running server of a family.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Probe a running server over HTTP and report every check.",
        subcommands: Families.checkCommands)
}
