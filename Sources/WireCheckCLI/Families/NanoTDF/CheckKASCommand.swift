import ArgumentParser
import ConformanceKit
import Foundation
import KASService

/// `wirecheck check kas`: the live checker of an Arkavo KAS (ws://) or an OpenTDF KAS (http://).
struct CheckKASCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kas",
        abstract: "Check a running KAS: Arkavo over its WebSocket (ws://), or OpenTDF over Connect and REST (http://).",
        discussion: """
            Checks the key exchange (0x01), the KAS key (0x02), the rewrap (0x03 → 0x04) of NanoTDFs made for that key \
            with each binding form and in L1M, unwrapping each answer under every era of arkavo-rs's rewrap crypto until \
            one opens the payload (the report names the era), DENY for a tampered binding, and 0xFF error frames for a \
            header that does not parse and a rewrap before the key exchange. arkavo-rs's known weaknesses (every \
            GMAC-bound rewrap refused, no L1M parser) are findings, which do not fail the run.
            With http://HOST:PORT, the OpenTDF KAS of spec section 9.5 (`wirecheck serve kas`, or an OpenTDF platform \
            from before NanoTDF was removed): a bearer token by client credentials found through \
            /.well-known/opentdf-configuration (--client-id, --client-secret; or --token), PublicKey over Connect JSON, \
            Connect proto and REST, the rewrap of NanoTDFs made for that key in each binding form and with an encrypted \
            policy, with an RSA client key, over REST and in proto, and the refusals: no bearer, an expired request \
            token, one signed by another key than its DPoP proof's, a tampered binding, a header that does not parse, a \
            2 MiB body. No TLS (ws:// and http:// only).
            Exit: 0 all checks pass, 1 a check failed, 2 the server could not be reached or the arguments are wrong.
            Example:
              wirecheck check kas --url ws://127.0.0.1:8080/ws
              wirecheck check kas --url http://127.0.0.1:8080
            """)

    @Option(help: "The Arkavo KAS WebSocket, ws://HOST:PORT/PATH (path /ws when none), or an OpenTDF KAS, http://HOST:PORT.")
    var url: String
    @Option(help: "ws://: an X-Auth-Token for the upgrade; http://: the bearer token (- reads it from standard input).")
    var token: String?
    @Option(help: "http:// without --token: the client-credentials id.") var clientId = "opentdf"
    @Option(help: "http:// without --token: the client secret.") var clientSecret = "secret"
    @Option(help: "Seconds to wait for each answer.") var timeout = 10.0
    @Option(help: "Write the report here instead of reports/<run-name>/.") var reportDir: String?
    @Flag(help: "Print the run summary as JSON on stdout.") var json = false

    func run() throws {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(), ["ws", "http"].contains(scheme),
            let host = parsed.host
        else { throw ValidationError("--url must be ws://HOST:PORT/PATH or http://HOST:PORT (no TLS), got \(url)") }
        let base = "http://\(host)" + (parsed.port.map { ":\($0)" } ?? "")
        if scheme == "http" { return try checkOpenTDF(base) }
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

    /// The OpenTDF checks of the KAS at `base`.
    func checkOpenTDF(_ base: String) throws {
        var options = OpenTDFKASLiveChecker.Options(baseURL: base, timeout: timeout)
        options.bearer = try token.map(tokenArgument)
        options.clientID = clientId
        options.clientSecret = clientSecret
        let console = Console()
        let started = Date()
        let checker: OpenTDFKASLiveChecker
        do { checker = try OpenTDFKASLiveChecker(options: options) { console.message("[\(options.suite)] \($0)") } } catch {
            throw exitHarness("\(error)")
        }
        do { _ = try checker.http.send("GET", "/kas/v2/kas_public_key?algorithm=ec:secp256r1") } catch {
            throw exitHarness("\(base) does not answer: \(error)")
        }
        let results = checker.run()
        try LiveCheckOutput.finish(
            results, implementation: checker.implementation, kind: "check-kas", started: started, reportDir: reportDir, json: json)
    }
}
