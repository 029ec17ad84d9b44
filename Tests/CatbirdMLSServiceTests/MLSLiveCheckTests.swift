import CatbirdMLS
import CatbirdMLSConformance
import CatbirdMLSEmbedded
import CatbirdMLSService
import ConformanceKit
import HTTPExchange
import Logging
import MockServers
import WireCore
import XCTest

/// `wirecheck check mls` against the mock on Hummingbird, and the checker's power to fail: the same
/// checks against a mock with faults injected find them.
final class MLSLiveCheckTests: XCTestCase {
    func start(_ config: MLSServiceConfig) throws -> BackgroundServer {
        var logger = Logger(label: "test.mls-mock")
        logger.logLevel = .warning
        return try BackgroundServer(MockHTTPServer(service: MLSService(config: config), logger: logger))
    }

    func testTheLiveCheckPassesAgainstTheMock() throws {
        var config = MLSServiceConfig()
        config.port = 0
        config.maximumMembers = 2
        let server = try start(config)
        defer { server.stop() }
        var options = MLSLiveChecker.Options(baseURL: "http://127.0.0.1:\(server.port)", token: "dev-alice", otherToken: "dev-bob")
        options.maximumMembers = 2
        let results = try MLSLiveChecker(options: options).run()
        XCTAssertGreaterThanOrEqual(results.count, 20)
        for result in results { XCTAssertEqual(result.status, .pass, "\(result.id): \(result.reason)") }
    }

    /// `wirecheck run`'s `mls/live`: the family as the CLI lists it runs the checker against a mock it
    /// starts itself, while the family `WireCheckTesting` lists runs no mock.
    func testTheEmbeddedCheckStartsItsOwnMockAndPasses() throws {
        XCTAssertTrue(MLSFamily.family.embeddedLiveChecks.isEmpty)
        XCTAssertNil(MLSFamily.family.bench)
        XCTAssertNotNil(MLSFamily.withEmbeddedMock.bench)
        let checks = MLSFamily.withEmbeddedMock.embeddedLiveChecks
        XCTAssertEqual(checks.map(\.suite), ["mls/live", "mls/live-client"])
        let started = LockedCount()
        let start: MockStarter = { service in
            started.increment()
            return try BackgroundServer.embeddedStarter(service)
        }
        let results = try checks[0].run(start, Console())
        XCTAssertEqual(started.value, 1)
        XCTAssertGreaterThanOrEqual(results.count, 20)
        for result in results {
            XCTAssertTrue(result.id.hasPrefix("mls/live/"), result.id)
            XCTAssertEqual(result.status, .pass, "\(result.id): \(result.reason)")
        }
    }

    /// `mls/live-client` drives WireCheck's client against the embedded mock with its faults, and passes; against a
    /// mock without them, the client never waits, so the checks that count its retries fail (they can fail).
    func testTheClientCheckPassesWithItsFaultsAndFailsWithout() throws {
        let check = try XCTUnwrap(MLSFamily.withEmbeddedMock.embeddedLiveChecks.first { $0.suite == "mls/live-client" })
        let results = try check.run(BackgroundServer.embeddedStarter, Console())
        XCTAssertEqual(results.count, 7)
        for result in results { XCTAssertEqual(result.status, .pass, "\(result.id): \(result.reason)") }

        var config = MLSServiceConfig()
        config.port = 0
        let server = try start(config)
        defer { server.stop() }
        let faultless = try MLSClientLiveChecker(baseURL: "http://127.0.0.1:\(server.port)").run()
        let failed = Set(faultless.filter { $0.status == .fail }.map(\.id))
        XCTAssertEqual(
            failed,
            [
                "mls/live-client/retries-5xx-with-backoff", "mls/live-client/honours-retry-after", "mls/live-client/does-not-retry-4xx",
                "mls/live-client/does-not-retry-501", "mls/live-client/gives-up-after-max-retries",
                "mls/live-client/honours-retry-after-0",
            ])
        XCTAssertEqual(faultless.first { $0.id == "mls/live-client/follows-cursors" }?.status, .pass)
    }

    func testTheLiveCheckFailsWhereTheServerBreaksTheContract() throws {
        var config = MLSServiceConfig()
        config.port = 0
        config.faults = try FaultPlan(parsing: "createConvo:500x1,uploadBlob:502x1")
        let server = try start(config)
        defer { server.stop() }
        let results = try MLSLiveChecker(options: .init(baseURL: "http://127.0.0.1:\(server.port)", token: "dev-alice")).run()
        let failed = Set(results.filter { $0.status == .fail }.map(\.id))
        XCTAssertTrue(failed.isSuperset(of: ["mls/live/createConvo-shape", "mls/live/uploadBlob-shape"]), "\(failed)")
        XCTAssertEqual(results.first { $0.id == "mls/live/sendMessage-NotMember" }?.status, .skip)
    }

    func testAnOversizedBlobIsRefusedWithoutReadingIt() throws {
        var config = MLSServiceConfig()
        config.port = 0
        config.maximumBlobSize = 1000
        let server = try start(config)
        defer { server.stop() }
        let probe = try HTTPProbe(baseURL: "http://127.0.0.1:\(server.port)")
        let headers = [("Authorization", "Bearer dev-alice"), ("Content-Type", "application/octet-stream")]
        let over = try probe.send("POST", MLSEndpoint.uploadBlob.path, headers: headers, body: Array(repeating: 7, count: 1001))
        XCTAssertEqual(over.status, 413)
        XCTAssertEqual(try JSONParser.parse(over.body)["error"], "BlobTooLarge")
        XCTAssertEqual(
            try probe.send("POST", MLSEndpoint.uploadBlob.path, headers: headers, body: Array(repeating: 7, count: 1000)).status, 200)
    }
}

/// How many times the starter ran, from the check's thread.
private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
