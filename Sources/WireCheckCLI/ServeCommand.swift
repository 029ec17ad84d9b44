import ArgumentParser

/// `wirecheck serve <family>`: a family's mock server in the foreground.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run a mock server for client developers.",
        subcommands: Families.serveCommands)
}
