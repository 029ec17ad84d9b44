import ConformanceKit
import Logging

/// A running `BackgroundServer` is what an embedded live check stops when it is done.
extension BackgroundServer: RunningMock {
    /// The `MockStarter` the families' embedded live checks are given (`wirecheck run`, tests): the
    /// service on Hummingbird on a free loopback port, logging warnings only.
    public static let embeddedStarter: MockStarter = { service in
        var logger = Logger(label: "wirecheck.mock")
        logger.logLevel = .warning
        return try BackgroundServer(MockHTTPServer(service: service, logger: logger))
    }
}
