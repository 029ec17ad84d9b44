import ConformanceKit
import HTTPExchange
import Logging
import MockServers

/// A family's mock service on Hummingbird, on a free loopback port, for the live checks of `wirecheck run`.
final class EmbeddedMock: RunningMock {
    let server: BackgroundServer

    init(_ server: BackgroundServer) { self.server = server }

    var port: Int { server.port }
    func stop() { server.stop() }

    /// The `MockStarter` the families' embedded live checks are given.
    static let start: MockStarter = { service in
        var logger = Logger(label: "wirecheck.mock")
        logger.logLevel = .warning
        return EmbeddedMock(try BackgroundServer(MockHTTPServer(service: service, logger: logger)))
    }
}
