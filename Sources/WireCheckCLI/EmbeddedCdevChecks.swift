import CdevAuth
import CdevService
import Conformance
import Foundation
import Logging
import MockServers
import WireCore

/// What `wirecheck run` adds after the vectors: the live checker against the embedded mock cdev
/// server, once per profile, with auth on, the secret known and revoke-all allowed (it is ours).
enum EmbeddedCdevChecks {
    static func run(console: Console) throws -> [CaseResult] {
        var results: [CaseResult] = []
        for profile in CdevProfile.allCases {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wirecheck-cdev-\(getpid())-\(profile.rawValue)").path
            defer { try? FileManager.default.removeItem(atPath: directory) }
            var random = SystemRandom()
            let identity = SecretFile.generate(using: &random)
            var logger = Logger(label: "wirecheck.cdev-mock")
            logger.logLevel = .warning
            let config = CdevServiceConfig(profile: profile, requireAuth: true, port: 0, repositoryRoot: FileManager.default.currentDirectoryPath,
                                           heartbeatInterval: .seconds(1))
            let tokens = TokenManager(identity: identity, profile: profile, secretFilePath: directory + "/token_secret.json")
            let server = try BackgroundServer(CdevMockServer(service: CdevService(config: config, tokens: tokens, log: serviceLog(logger)), logger: logger))
            defer { server.stop() }
            var options = CdevLiveChecker.Options(baseURL: "http://127.0.0.1:\(server.port)", profile: profile, identity: identity, allowRevokeAll: true)
            options.suite = "cdev/live-\(profile.rawValue)"
            let checker = try CdevLiveChecker(options: options)
            console.message("[cdev/live-\(profile.rawValue)] checking the embedded mock on port \(server.port)")
            results += checker.run()
        }
        return results
    }
}
