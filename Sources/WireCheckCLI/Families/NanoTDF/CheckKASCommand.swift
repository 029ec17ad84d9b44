import ArgumentParser
import ConformanceKit
import Foundation
import KASService

/// `wirecheck check kas`: the live checker of an Arkavo KAS.
struct CheckKASCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kas",
        abstract: "Check a running Arkavo KAS (arkavo-rs, or `wirecheck serve kas`) over its WebSocket.",
        discussion: """
            Checks the key exchange (0x01), the KAS key (0x02), the rewrap (0x03 → 0x04) of NanoTDFs made for that key \
            with each binding form and in L1M, unwrapping each answer under every era of arkavo-rs's rewrap crypto until \
            one opens the payload (the report names the era), DENY for a tampered binding, and 0xFF error frames for a \
            header that does not parse and a rewrap before the key exchange. arkavo-rs's known weaknesses (every \
            GMAC-bound rewrap refused, no L1M parser) are findings, which do not fail the run. Plain ws:// only.
            Exit: 0 all checks pass, 1 a check failed, 2 the server could not be reached or the arguments are wrong.
            Example:
              wirecheck check kas --url ws://127.0.0.1:8080/ws
            """)

    @Option(help: "The KAS WebSocket, ws://HOST:PORT/PATH (or http://HOST:PORT, path /ws).") var url: String
    @Option(help: "An X-Auth-Token for the upgrade (arkavo-rs asks for one; - reads it from standard input).") var token: String?
    @Option(help: "Seconds to wait for each answer.") var timeout = 10.0
    @Option(help: "Write the report here instead of reports/<run-name>/.") var reportDir: String?
    @Flag(help: "Print the run summary as JSON on stdout.") var json = false

    func run() throws {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(), ["ws", "http"].contains(scheme),
            let host = parsed.host
        else { throw ValidationError("--url must be ws://HOST:PORT/PATH or http://HOST:PORT (wss:// is not supported), got \(url)") }
        let base = "http://\(host)" + (parsed.port.map { ":\($0)" } ?? "")
        var options = KASLiveChecker.Options(baseURL: base, timeout: timeout)
        if !parsed.path.isEmpty, parsed.path != "/" { options.path = parsed.path }
        if let token { options.headers = [("X-Auth-Token", try tokenArgument(token))] }
        let console = Console()
        let started = Date()
        let checker: KASLiveChecker
        do { checker = try KASLiveChecker(options: options) { console.message("[kas/live] \($0)") } } catch {
            throw exitHarness("\(error)")
        }
        do { _ = try checker.http.send("GET", options.path) } catch { throw exitHarness("\(url) does not answer: \(error)") }
        let results = checker.run()
        try LiveCheckOutput.finish(
            results, implementation: checker.implementation, kind: "check-kas", started: started, reportDir: reportDir, json: json)
    }
}
