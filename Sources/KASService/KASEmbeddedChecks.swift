import ArkavoConformance
import ConformanceKit

extension ArkavoFamily {
    /// The family as `wirecheck run` uses it: its suites, and `wirecheck check kas` against the mock KAS in each era.
    public static let withEmbeddedMock = family.adding(embeddedLiveChecks: KASEmbeddedChecks.all)
}

/// What `wirecheck run` adds after the vectors: the Arkavo live checker against the mock KAS, once per era of its rewrap
/// crypto, then the OpenTDF live checker against it.
enum KASEmbeddedChecks {
    static let all = arkavo + [openTDF]

    static let openTDF = EmbeddedLiveCheck(suite: "kas/opentdf-live") { start, console in
        var config = KASServiceConfig()
        config.port = 0
        let server = try start(KASService(config: config, kasKey: .generate(.secp256r1)))
        defer { server.stop() }
        let options = OpenTDFKASLiveChecker.Options(baseURL: "http://127.0.0.1:\(server.port)", timeout: 10)
        console.message("[\(options.suite)] checking the embedded mock OpenTDF KAS on port \(server.port)")
        return try OpenTDFKASLiveChecker(options: options).run()
    }

    static let arkavo = ArkavoKASEra.allCases.map { era in
        EmbeddedLiveCheck(suite: "kas/live-\(era.rawValue)") { start, console in
            var config = KASServiceConfig()
            config.port = 0
            config.era = era
            let server = try start(KASService(config: config, kasKey: .generate(.secp256r1)))
            defer { server.stop() }
            var options = KASLiveChecker.Options(baseURL: "http://127.0.0.1:\(server.port)", timeout: 10)
            options.suite = "kas/live-\(era.rawValue)"
            console.message("[\(options.suite)] checking the embedded mock KAS (era \(era.rawValue.uppercased())) on port \(server.port)")
            return try KASLiveChecker(options: options).run()
        }
    }
}
