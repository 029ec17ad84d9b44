import ArgumentParser
import CatbirdMLSService
import Foundation
import HTTPExchange
import Logging
import MockServers

/// `wirecheck serve mls`: the mock Catbird MLS server in the foreground.
struct ServeMLSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mls",
        abstract: "The mock Catbird MLS server: the nine blue.catbird.mls.* endpoints of the v0 contract at /xrpc/<nsid>.",
        discussion: """
            Every input and parameter is validated against the lexicons (400 InvalidRequest naming the field); errors \
            are {error, message} with the contract's names and statuses. Auth is Authorization: Bearer with a dev token \
            (dev-alice, dev-bob, dev-carol, dev-dave → did:plc:<name>, or --dev-token) or, with --jwt-secret, an HS256 \
            JWT whose iss is the caller's DID. State is in memory, or with --db FILE in SQLite too: a restart with \
            the same file keeps every conversation, member, message, key package and blob record. Stop it with Ctrl-C.
            Examples:
              wirecheck serve mls --port 8767
              wirecheck serve mls --db mls.sqlite
              wirecheck serve mls --port 0 --faults 'sendMessage:503x2,getConvos:429@2'
            """)

    @Option(help: "Address to bind.") var host = "127.0.0.1"
    @Option(help: "Port (0 picks a free one).") var port = 8767
    @OptionGroup var timeoutOptions: ServerTimeoutOptions
    @Option(
        help: """
            Accept HS256 JWTs signed with this secret of at least 32 bytes (iss = the caller's DID). It shows in the process \
            list: prefer --jwt-secret-file or WIRECHECK_MLS_JWT_SECRET.
            """)
    var jwtSecret: String?
    @Option(help: "Read the JWT secret from this file (its bytes, one trailing newline dropped).") var jwtSecretFile: String?
    @Option(help: "Another dev token, TOKEN=DID (repeatable).") var devToken: [String] = []
    @Option(
        help: """
            Inject failures: endpoint:STATUSxN (the next N calls) or endpoint:STATUS@K (the K-th call), comma-separated; \
            a 429 says Retry-After: 1, or the seconds after a slash (getMessages:429x1/0).
            """)
    var faults = ""
    @Option(help: "Requests per DID per second before 429 with Retry-After.") var rateLimit = 1000
    @Option(help: "Keep the state in this SQLite file too (created when missing; a restart continues from it).")
    var db: String?
    @Option(help: "Log level: debug, info, warning.") var logLevel = "info"

    func run() async throws {
        guard let level = Logger.Level(rawValue: logLevel) else { throw ValidationError("--log-level must be debug, info or warning") }
        var logger = Logger(label: "wirecheck.mls-mock")
        logger.logLevel = level
        var config = MLSServiceConfig()
        config.host = host
        config.port = port
        config.rateLimit = rateLimit
        let jwtSecret = try self.jwtSecretBytes()
        if let jwtSecret, jwtSecret.count < 32 {
            throw ValidationError(
                "the JWT secret must be at least 32 bytes: an HS256 key is at least as long as its hash (RFC 7518 section 3.2)")
        }
        config.jwtSecret = jwtSecret
        for pair in devToken {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[1].hasPrefix("did:") else { throw ValidationError("--dev-token must be TOKEN=DID, got \(pair)") }
            config.devTokens[parts[0]] = parts[1]
        }
        do {
            config.faults = try FaultPlan(parsing: faults)
        } catch {
            throw ValidationError("--faults: \(error)")
        }
        let service: MLSService
        if let db {
            do {
                service = try MLSService(config: config, databasePath: db)
            } catch {
                throw exitHarness("cannot open the database \(db): \(error)")
            }
        } else {
            service = MLSService(config: config)
        }
        let settings = config
        let server = MockHTTPServer(service: service, logger: logger, handlesSignals: true, timeouts: timeoutOptions.timeouts)
        do {
            try await server.run { port in
                // The built-in dev tokens are public names; a token given with --dev-token is a secret and is not printed.
                let tokens = settings.devTokens.sorted { $0.value < $1.value }.map { token, did in
                    MLSServiceConfig.defaultDevTokens[token] == did ? "\(token) → \(did)" : "(--dev-token) → \(did)"
                }.joined(separator: ", ")
                let jwt = settings.jwtSecret == nil ? "" : "; HS256 JWTs accepted"
                print("Catbird MLS mock on http://\(host):\(port)  dev tokens: \(tokens)\(jwt)")
                if !settings.faults.rules.isEmpty { print("faults: \(faults)") }
                if let db { print("state: \(db) (SQLite)") }
            }
        } catch {
            let text = "\(error)"
            if text.contains("Address already in use") {
                throw exitHarness("cannot listen on \(host):\(port): the port is in use; pick another --port, or --port 0 for a free one")
            }
            throw exitHarness("the mock server stopped: \(text)")
        }
    }

    /// The JWT secret from --jwt-secret, --jwt-secret-file or WIRECHECK_MLS_JWT_SECRET (at most one of them), if any.
    func jwtSecretBytes() throws -> [UInt8]? {
        let environment = ProcessInfo.processInfo.environment["WIRECHECK_MLS_JWT_SECRET"].flatMap { $0.isEmpty ? nil : $0 }
        guard [jwtSecret != nil, jwtSecretFile != nil, environment != nil].filter({ $0 }).count <= 1 else {
            throw ValidationError("give the JWT secret one way: --jwt-secret, --jwt-secret-file or WIRECHECK_MLS_JWT_SECRET")
        }
        if let path = jwtSecretFile {
            guard var bytes = FileManager.default.contents(atPath: path).map(Array.init) else {
                throw exitHarness("cannot read the JWT secret file \(path)")
            }
            if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
            return bytes
        }
        return (jwtSecret ?? environment).map { Array($0.utf8) }
    }
}
