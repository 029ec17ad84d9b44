import CatbirdMLSConformance
import CatbirdMLSService
import ConformanceKit
import HTTPExchange

/// What `wirecheck run` adds after the vectors: the live checker against the mock MLS server.
enum MLSEmbeddedChecks {
    static let all = [
        EmbeddedLiveCheck(suite: "mls/live") { start, console in
            var config = MLSServiceConfig()
            config.port = 0
            // Small enough for the checker to reach with its two users.
            config.maximumMembers = 2
            let server = try start(MLSService(config: config))
            defer { server.stop() }
            var options = MLSLiveChecker.Options(baseURL: "http://127.0.0.1:\(server.port)", token: "dev-alice", otherToken: "dev-bob")
            options.maximumMembers = config.maximumMembers
            let checker = try MLSLiveChecker(options: options)
            console.message("[mls/live] checking the embedded mock on port \(server.port)")
            return checker.run()
        },
        EmbeddedLiveCheck(suite: "mls/live-client") { start, console in
            var config = MLSServiceConfig()
            config.port = 0
            config.faults = try FaultPlan(parsing: MLSClientLiveChecker.faults)
            let server = try start(MLSService(config: config))
            defer { server.stop() }
            console.message("[mls/live-client] WireCheck's MLS client against the embedded mock on port \(server.port), with faults")
            return try MLSClientLiveChecker(baseURL: "http://127.0.0.1:\(server.port)", progress: { _ in }).run()
        },
    ]
}
