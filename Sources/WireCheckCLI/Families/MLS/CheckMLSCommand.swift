import ArgumentParser
import CatbirdMLSConformance
import ConformanceKit
import Foundation

/// `wirecheck check mls`: the live-server checker.
struct CheckMLSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mls",
        abstract: "Check a running Catbird MLS server (v0 contract), e.g. `wirecheck serve mls`.",
        discussion: """
            Checks auth refusal (401 AuthenticationRequired), unknown methods (501), the seed workflow (publish and \
            fetch key packages, create a conversation, send, read with pagination), every answer's shape against the \
            lexicons, limits (400 InvalidRequest), the contract's error names and statuses, blob upload, and last \
            LastMember on leaving. It creates a conversation and messages as the --token user.
            Exit: 0 all checks pass, 1 a check failed, 2 the server could not be reached or the arguments are wrong.
            Example:
              wirecheck check mls --url http://127.0.0.1:8767 \\
                --token dev-alice --other-token dev-bob
            """)

    @Option(help: "The server's base URL, http://HOST:PORT.") var url: String
    @Option(help: "A Bearer token (- reads it from standard input).") var token: String
    @Option(help: "A second user's token, for the NotMember check.") var otherToken: String?
    @Option(help: "Seconds to wait for each answer.") var timeout = 10.0
    @Option(help: "Write the report here instead of reports/<run-name>/.") var reportDir: String?
    @Flag(help: "Print the run summary as JSON on stdout.") var json = false

    func run() throws {
        let options = MLSLiveChecker.Options(baseURL: url, token: try tokenArgument(token), otherToken: otherToken, timeout: timeout)
        let console = Console()
        let started = Date()
        let checker: MLSLiveChecker
        do { checker = try MLSLiveChecker(options: options) { console.message("[mls/live] \($0)") } } catch {
            throw exitHarness("\(error)")
        }
        do { _ = try checker.http.send("GET", "/xrpc/blue.catbird.mls.getConvos") } catch {
            throw exitHarness("\(url) does not answer: \(error)")
        }
        let results = checker.run()
        try LiveCheckOutput.finish(
            results, implementation: checker.implementation, kind: "check-mls", started: started, reportDir: reportDir, json: json)
    }
}
