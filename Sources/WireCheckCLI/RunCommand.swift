import ArgumentParser
import Conformance
import Foundation

/// `wirecheck run`: the main job of `make run`.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run every conformance suite against the reference implementation, end to end through its shim.",
        discussion: """
            Starts `wirecheck shim` as a child process and drives every vector of every suite through the shim \
            protocol, exactly as it would drive another implementation. Then starts the mock cdev server \
            in both profiles on free loopback ports and runs `wirecheck check cdev` against each. Prints the summary table and writes \
            results.jsonl, junit.xml and summary.md to reports/<run-name>/.
            Example: wirecheck run
            """)

    @Option(help: "The vectors folder.") var vectors = "Vectors"
    @Option(help: "Write the report here instead of reports/<run-name>/.") var reportDir: String?
    @Option(help: "Seconds a shim may take for one case.") var timeout = 10.0
    @Flag(help: "Print the run summary as JSON on stdout.") var json = false
    @Flag(help: "Skip the live-server checks against the embedded mock servers.") var noLive = false

    func run() throws {
        var options = VerifyRun.Options()
        options.vectorsDirectory = vectors
        options.reportDirectory = reportDir
        options.timeout = timeout
        options.runKind = "run"
        options.shimCommand = "\(ShellQuote.quote(Self.executablePath())) shim"
        if !noLive { options.liveChecks = { console in try EmbeddedCdevChecks.run(console: console) } }
        try VerifyCommand.perform(options: options, json: json)
    }

    /// This executable's own path, so the run drives the shim of the same build.
    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
