import ArgumentParser
import ConformanceKit
import Foundation
import MockServers

/// `wirecheck run`: the main job of `make run`.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run every conformance suite against the reference implementation, end to end through its shim.",
        discussion: """
            Starts `wirecheck shim` as a child process and drives every vector of every suite through the shim \
            protocol, exactly as it would drive another implementation. Then starts each family's mock server \
            on a free loopback port (cdev: in both profiles) and runs its live checks against it. Prints the summary table and writes \
            index.html (the report to open in a browser), results.jsonl, junit.xml and summary.md to reports/<run-name>/.
            Example: wirecheck run
            """)

    @Option(help: "The vectors folder.") var vectors = Installation.vectorsDirectory
    @Option(help: "Write the report here instead of reports/<run-name>/.") var reportDir: String?
    @Option(help: "Seconds a shim may take for one case.") var timeout = 10.0
    @Option(help: ArgumentHelp("Reference shim processes run side by side, each taking whole vector files.", valueName: "N"))
    var jobs = 1
    @Flag(help: "Print the run summary as JSON on stdout.") var json = false
    @Flag(help: "Skip the live-server checks against the embedded mock servers.") var noLive = false

    func run() throws {
        var options = VerifyRun.Options(families: Families.all)
        options.vectorsDirectory = vectors
        options.reportDirectory = reportDir
        options.timeout = timeout
        options.runKind = "run"
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        options.jobs = jobs
        options.shimCommand = "\(ShellQuote.quote(Self.executablePath())) shim"
        if !noLive {
            let checks = Families.all.all.flatMap(\.embeddedLiveChecks)
            options.liveChecks = { console in try checks.flatMap { try $0.run(BackgroundServer.embeddedStarter, console) } }
        }
        try VerifyCommand.perform(options: options, json: json)
    }

    /// This executable's own path, so the run drives the shim of the same build.
    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
