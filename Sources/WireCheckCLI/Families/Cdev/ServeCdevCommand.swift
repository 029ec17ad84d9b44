import ArgumentParser
import CdevAuth
import CdevService
import Foundation
import HTTPExchange
import Logging
import MockServers
import QRImage
import WireCore

/// `wirecheck serve cdev`: the mock cdev server in the foreground.
struct ServeCdevCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cdev",
        abstract: "The mock cdev server: pairing and auth API, /ws with heartbeats, status/file endpoints.",
        discussion: """
            Profile baseline (default) is cdev e761846 as the seed describes it: port 8766, ?token= on /ws, HTTP API \
            unprotected, revoke-all unauthenticated. Profile head adds the Bearer middleware, header-only /ws, \
            device_id, /api/auth/revoke, the pairing code and (with --pairing-approval) the 202 approval flow.
            On start it prints the pairing JSON (`cdev pair --json` order, with a pairing token when auth is on) \
            and a QR code to scan. Stop it with Ctrl-C.
            Example: wirecheck serve cdev --require-auth --port 8766
            """)

    @Option(help: "baseline or head.") var profile = "baseline"
    @Option(help: "Address to bind.") var host = "127.0.0.1"
    @Option(help: "Port (0 picks a free one).") var port = 8766
    @OptionGroup var timeoutOptions: ServerTimeoutOptions
    @Flag(inversion: .prefixedNo, help: "security.require_auth (default: off for baseline, on for head).") var requireAuth: Bool?
    @Option(help: "The secret file (created 0600 if missing; default ~/.cdev-mock/token_secret.json, not cdev's own).")
    var secretFile: String?
    @Option(help: "Repository root: /api/file reads only inside it; its name is `repo` (default: current directory).") var root: String?
    @Option(help: "Seconds between /ws heartbeats.") var heartbeat = 30.0
    @Option(help: "Allowed WebSocket Origin (repeatable; exact or *.domain).") var allowedOrigin: [String] = []
    @Flag(help: "Head: require local approval of each pairing (202 flow).") var pairingApproval = false
    @Option(
        help: """
            Inject failures by path: PATH:STATUSxN (the next N calls) or PATH:STATUS@K (the K-th call), comma-separated, \
            answered as Go's http.Error; /ws refuses the upgrade; a 429 says Retry-After: 1 or the seconds after a slash.
            """)
    var faults = ""
    @Option(help: "cdev HEAD's security.rate_limit: requests per client IP in any 60 s, then 429 (off by default, as in cdev).")
    var rateLimit: Int?
    @Flag(
        help: """
            Head: cdev's security.require_secure_transport with bind_localhost_only off: a request from another machine \
            gets 426 (the mock has no TLS), and the WebSocket origin policy is that of a non-local bind.
            """)
    var requireSecureTransport = false
    @Flag(help: "Write timestamps in UTC instead of the local offset.") var utc = false
    @Option(help: "Log level: debug, info, warning.") var logLevel = "info"
    @Flag(help: "Print the start-up pairing info as JSON only (no QR).") var json = false

    func run() async throws {
        guard let profile = CdevProfile(rawValue: profile) else { throw ValidationError("--profile must be baseline or head") }
        guard let level = Logger.Level(rawValue: logLevel) else { throw ValidationError("--log-level must be debug, info or warning") }
        var logger = Logger(label: "wirecheck.cdev-mock")
        logger.logLevel = level
        let path = secretFile ?? (ProcessInfo.processInfo.environment["HOME"] ?? ".") + "/.cdev-mock/token_secret.json"
        var random = SystemRandom()
        let (identity, warning) = SecretFile.loadOrCreate(at: path, random: &random)
        if let warning { logger.warning("\(warning)") }
        var config = CdevServiceConfig(
            profile: profile, requireAuth: requireAuth, host: host, port: port,
            repositoryRoot: root ?? FileManager.default.currentDirectoryPath,
            heartbeatInterval: .milliseconds(Int64(heartbeat * 1000)), allowedOrigins: allowedOrigin, pairingApproval: pairingApproval)
        if utc { config.utcOffsetSeconds = 0 }
        if let rateLimit, rateLimit < 1 { throw ValidationError("--rate-limit must be at least 1 request per minute") }
        config.rateLimitPerMinute = rateLimit
        if requireSecureTransport {
            guard profile == .head else { throw ValidationError("--require-secure-transport is a head setting: add --profile head") }
            config.requireSecureTransport = true
            config.bindLocalhostOnly = false
        }
        do {
            config.faults = try FaultPlan(parsing: faults)
        } catch {
            throw ValidationError("--faults: \(error)")
        }
        // Head's device registry lives beside the secret file, so that refresh tokens survive a restart as the secret does.
        let registryPath = AuthRegistryFile.path(besideSecretFile: path)
        var registry = AuthRegistryFile()
        if profile == .head {
            do {
                registry = try AuthRegistryFile.load(from: registryPath)
            } catch {
                throw exitHarness("cannot read the device registry \(error); move it away to start with an empty one")
            }
            // Written once now, so that a directory it cannot be written in is said at start, not lost later.
            do { try registry.write(to: registryPath) } catch { logger.warning("refresh tokens will not survive a restart: \(error)") }
        }
        let tokens = TokenManager(
            identity: identity, profile: profile, secretFilePath: path, registry: registry, registryFilePath: registryPath)
        let service = CdevService(config: config, tokens: tokens, log: serviceLog(logger))
        let server = MockHTTPServer(service: service, logger: logger, handlesSignals: true, timeouts: timeoutOptions.timeouts)
        do {
            try await serve(server, service: service, path: path)
        } catch let error as ExitCode {
            throw error
        } catch {
            // NIO's bind error reads "bind(descriptor:ptr:bytes:): Address already in use (errno: 98)".
            let text = "\(error)"
            if text.contains("Address already in use") {
                throw exitHarness("cannot listen on \(host):\(port): the port is in use; pick another --port, or --port 0 for a free one")
            }
            throw exitHarness("the mock server stopped: \(text)")
        }
    }

    func serve(_ server: MockHTTPServer, service: CdevService, path: String) async throws {
        guard let profile = CdevProfile(rawValue: profile) else { throw ValidationError("--profile must be baseline or head") }
        try await server.run { _ in
            let requireAuth = service.config.requireAuth
            let info = service.pairingInfo(withToken: requireAuth)
            var lines = [JSONWriter(options: .init(escapeHTML: true, indent: 2)).string(.object(info.cliJSON))]
            if !json {
                lines.insert(
                    "cdev mock (profile \(profile.rawValue), auth \(requireAuth ? "on" : "off")) on \(service.httpURL)"
                        + "  secret file \(path)",
                    at: 0)
                if let code = try? QRCode(text: info.qrText) {
                    // A QR code cut by a narrow terminal cannot be scanned; point at the page instead.
                    let columns = Self.terminalColumns()
                    lines.append(
                        code.terminalColumns <= columns
                            ? code.terminalText
                            : "(the QR code needs \(code.terminalColumns) columns, the terminal has \(columns): "
                                + "widen it, or open \(service.httpURL)/pair to scan it)")
                }
                if profile == .head, requireAuth { lines.append("pairing code: \(service.currentPairingCode())") }
            }
            // Written straight to the descriptor: print() would sit in a buffer when stdout is a pipe.
            let banner = lines.joined(separator: "\n") + "\n"
            FileHandle.standardOutput.write(Data(banner.utf8))
        }
    }

    /// The width of the terminal on stdout; 80 when stdout is not a terminal.
    static func terminalColumns() -> Int {
        var size = winsize()
        if isatty(1) != 0, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
