import CdevAuth
import CdevConformance
import CdevService
import ConformanceKit
import Foundation
import WireCore

extension CdevFamily {
    /// The family with its live checks of the mock in both profiles, which run the mock in process: added where the
    /// mock (and its libqrencode and libpng) is linked anyway, the CLI, so that the suites need no C library.
    public static let withEmbeddedMock = family.adding(embeddedLiveChecks: CdevEmbeddedChecks.all)
}

/// What `wirecheck run` adds after the vectors: the live checker against the mock cdev server,
/// once per profile, with auth on, the secret known and revoke-all allowed (the server is ours).
enum CdevEmbeddedChecks {
    static let all = CdevProfile.allCases.map { profile in
        EmbeddedLiveCheck(suite: "cdev/live-\(profile.rawValue)") { start, console in try run(profile, start: start, console: console) }
    }

    /// The mock's allowed origin, which the checker is told so it can check the wildcard match.
    static let wildcardOrigin = "*.example.com"

    static func run(_ profile: CdevProfile, start: MockStarter, console: Console) throws -> [CaseResult] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wirecheck-cdev-\(getpid())-\(profile.rawValue)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var random = SystemRandom()
        let identity = SecretFile.generate(using: &random)
        // Head is checked as `serve cdev --profile head` starts it (auth is its default); baseline has
        // auth turned on, its default being off.
        let config = CdevServiceConfig(
            profile: profile, requireAuth: profile == .head ? nil : true, port: 0, repositoryRoot: FileManager.default.currentDirectoryPath,
            heartbeatInterval: .seconds(1), allowedOrigins: [Self.wildcardOrigin])
        // A clock the checker can move (pair-code-expires); it starts at the wall clock and stands still.
        let clock = ManualClock(SystemClock().now())
        let tokens = TokenManager(identity: identity, profile: profile, clock: clock, secretFilePath: directory + "/token_secret.json")
        // Only warnings reach the console; the service keeps tokens out of its lines anyway.
        let service = CdevService(config: config, tokens: tokens, clock: clock) { level, message in
            if level == .warning { console.message("[cdev mock] \(message)") }
        }
        let server = try start(service)
        defer { server.stop() }
        var options = CdevLiveChecker.Options(
            baseURL: "http://127.0.0.1:\(server.port)", profile: profile, identity: identity, allowRevokeAll: true)
        options.suite = "cdev/live-\(profile.rawValue)"
        options.wildcardOrigin = Self.wildcardOrigin
        options.heartbeatSeconds = 1
        options.authRequired = true
        options.advanceServerClock = { clock.advance($0) }
        let checker = try CdevLiveChecker(options: options)
        console.message("[\(options.suite)] checking the embedded mock on port \(server.port)")
        return checker.run()
    }
}
