import ArgumentParser
import CdevAuth
import CdevConformance
import ConformanceKit
import Foundation
import WireCore

/// `wirecheck check cdev`: the live-server checker.
struct CheckCdevCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cdev",
        abstract: "Check a running cdev server (the real one or `wirecheck serve cdev`).",
        discussion: """
            Probes pair info and QR, the auth API's error paths, exchange → pair, refresh rotation, reuse of spent \
            pairing and refresh tokens, the /ws token gate (garbage, foreign-secret, expired, wrong-type, query \
            tokens, foreign Origin) and, in profile head, the Bearer middleware and /api/auth/revoke. Weaknesses \
            cdev really has are reported as findings (severity warning) and do not fail the run.
            It uses the pairing token of /api/pair/info (or --pairing-token) and spends it.
            Exit: 0 all checks pass, 1 a check failed, 2 the server could not be reached or the arguments are wrong.
            Example:
              wirecheck check cdev --url http://127.0.0.1:8766 \\
                --secret-file ~/.cdev-mock/token_secret.json
            """)

    @Option(help: "The server's base URL, http://HOST:PORT.") var url: String
    @Option(help: "A pairing token to start from (- reads it from standard input).") var pairingToken: String?
    @Option(help: "baseline, head, or auto (head when pair info has auth_required).") var profile = "auto"
    @Option(help: "on, off, or auto (what the pairing info says): with on or off, pairing info that says otherwise fails.")
    var auth = "auto"
    @Option(help: "The server's secret file, to also check tokens a client cannot make (expired, other types).") var secretFile: String?
    @Flag(help: "Also call POST /api/pair/refresh, which revokes every token of the server.") var allowRevokeAll = false
    @Option(help: ArgumentHelp("A *.DOMAIN entry of the server's allowed_origins: also checks its matching.", valueName: "ORIGIN"))
    var wildcardOrigin: String?
    @Option(help: "Seconds to wait for each answer.") var timeout = 10.0
    @Option(help: "The server's heartbeat interval in seconds (cdev's is 30): ws-heartbeat waits this long plus --timeout.")
    var heartbeatSeconds = 30.0
    @Option(help: "Write the report here instead of reports/<run-name>/.") var reportDir: String?
    @Flag(help: "Print the run summary as JSON on stdout.") var json = false

    func run() throws {
        var options = CdevLiveChecker.Options(baseURL: url, allowRevokeAll: allowRevokeAll, timeout: timeout)
        guard heartbeatSeconds > 0 else { throw ValidationError("--heartbeat-seconds must be more than 0") }
        options.heartbeatSeconds = heartbeatSeconds
        if let pairingToken { options.pairingToken = try tokenArgument(pairingToken) }
        if let wildcardOrigin {
            guard wildcardOrigin.hasPrefix("*."), wildcardOrigin.count > 2 else {
                throw ValidationError("--wildcard-origin must be *.DOMAIN")
            }
            options.wildcardOrigin = wildcardOrigin
        }
        switch auth {
        case "auto": options.authRequired = nil
        case "on", "off": options.authRequired = auth == "on"
        default: throw ValidationError("--auth must be on, off or auto")
        }
        switch profile {
        case "auto": options.profile = nil
        case "baseline", "head": options.profile = CdevProfile(rawValue: profile)
        default: throw ValidationError("--profile must be auto, baseline or head")
        }
        if let path = secretFile {
            guard let identity = SecretFile.parse(Array(try readFile(path))) else {
                throw ValidationError("\(path) is not a cdev secret file")
            }
            options.identity = identity
        }
        let console = Console()
        let started = Date()
        let checker: CdevLiveChecker
        do { checker = try CdevLiveChecker(options: options) { console.message("[cdev/live] \($0)") } } catch {
            throw exitHarness("\(error)")
        }
        // A server that does not answer at all is a harness error, not a list of failures.
        do { _ = try checker.http.send("GET", "/api/pair/info") } catch { throw exitHarness("\(url) does not answer: \(error)") }
        let results = checker.run()
        try LiveCheckOutput.finish(
            results, implementation: checker.implementation, kind: "check-cdev", started: started, reportDir: reportDir, json: json)
    }
}
