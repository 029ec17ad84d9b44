import Foundation
import WireCheckTestSupport
import XCTest

/// `Examples/SwiftTestingExample`, an implementer's package that depends on `WireCheckTesting` by path,
/// passes its `swift test`, with its unimplemented cases shown as known issues; its deliberate bug gives one failure
/// per affected case, named by id, in both test styles, and its mistyped selection fails; and its build holds no
/// server framework, no CLI and no mock server (`serverOnly`).
final class ExamplePackageTests: XCTestCase {
    static let example = "\(Repository.root)/Examples/SwiftTestingExample"

    func swiftTest(showFailures: Bool) throws -> TestEnvironment.ProcessResult {
        try TestEnvironment.run(
            ["/usr/bin/env", "swift", "test", "--package-path", Self.example],
            environment: ["WIRECHECK_EXAMPLE_SHOW_FAILURES": showFailures ? "1" : "0"])
    }

    /// Targets a testing library's user should not have to build: the servers, the CLI, and the mock MLS
    /// server with its GRDB and jwt-kit (and swift-certificates' X509, which jwt-kit brings).
    static let serverOnly = [
        "Hummingbird", "NIO", "WireCheckCLI", "MockServers", "CatbirdMLSService", "CatbirdMLSEmbedded", "GRDB", "JWTKit", "X509",
    ]

    func testTheExamplePackagePassesAndItsBugIsReportedPerCase() throws {
        // Objects an earlier build of the example left (before a target left the graph) must not count.
        for folder in try Self.buildFolders() where Self.serverOnly.contains(where: folder.hasPrefix) {
            try FileManager.default.removeItem(atPath: "\(Self.example)/.build/debug/\(folder)")
        }
        let green = try swiftTest(showFailures: false)
        XCTAssertEqual(green.status, 0, String((green.stdout + green.stderr).suffix(3000)))
        XCTAssertTrue(green.stdout.contains("with 42 test cases passed"), "one Swift Testing case per vector: \(green.stdout.suffix(800))")
        // The raw variants the example leaves unimplemented are known issues, counted, not passes; XCTest prints its counts.
        XCTAssertTrue(green.stdout.contains("rawBase64IsNotImplementedYet(_:) with 17 test cases passed"), String(green.stdout.suffix(800)))
        XCTAssertTrue(green.stdout.contains("with 17 known issues"), String(green.stdout.suffix(800)))
        XCTAssertTrue(
            green.stdout.contains("wirecore.base64Decode is not implemented by ExampleBase64: wirecore/base64/std-raw-strict/rfc4648-f"))
        XCTAssertTrue(green.stdout.contains("WireCheckTesting: ExampleBase64 on wirecore/base64/*-padded-strict/*: 42 passed\n"))
        XCTAssertTrue(green.stdout.contains("mistypedSelection(_:) skipped"), "the typo test runs with the deliberate bug only")

        let red = try swiftTest(showFailures: true)
        XCTAssertNotEqual(red.status, 0)
        let output = red.stdout + red.stderr
        // The bug (the standard alphabet for url-padded-strict) breaks exactly the cases that use `-`, `_`, `+` or `/`.
        let failing = ["wirecore/base64/url-padded-strict/alphabet-62-63", "wirecore/base64/url-padded-strict/other-alphabet"]
        for id in failing {
            XCTAssertTrue(output.contains("XCTestStyleTests.testStrictBase64Conforms : failed - FAIL \(id):"), "XCTest names \(id)")
            XCTAssertTrue(output.contains("testCase → \(id) at"), "Swift Testing names \(id)")
        }
        let xctestFailures = output.components(separatedBy: "XCTestStyleTests.testStrictBase64Conforms : failed - FAIL ").count - 1
        XCTAssertEqual(xctestFailures, failing.count, "one XCTest failure per failing case")
        XCTAssertTrue(output.contains("strictBase64Conforms(_:) with 42 test cases failed after"), String(output.suffix(1500)))
        XCTAssertTrue(output.contains("with 2 issues"), String(output.suffix(1500)))
        XCTAssertTrue(output.contains("WireCheckTesting: ExampleBase64 on wirecore/base64/*-padded-strict/*: 40 passed, 2 failed"))
        // A mistyped selection fails, naming the glob, instead of selecting nothing and passing.
        XCTAssertTrue(
            output.contains("the selection 'wirecore/base64/url-padded-strikt' matches no case id"), String(output.suffix(1500)))
        XCTAssertTrue(output.contains("✘ Test mistypedSelection(_:) with 1 test case failed"), String(output.suffix(1500)))

        // What the user's build compiled: the testing library, not Hummingbird, NIO or the CLI, nor the mock MLS
        // server with its GRDB and jwt-kit (with swift-certificates' X509). (SwiftPM makes a folder for every
        // target of the graph; only compiled ones hold object files.)
        XCTAssertFalse(try Self.objectFiles(of: "WireCheckTesting").isEmpty)
        XCTAssertFalse(try Self.objectFiles(of: "CatbirdMLSConformance").isEmpty)
        let folders = try Self.buildFolders()
        XCTAssertTrue(folders.contains("GRDB.build"), "the graph has GRDB's folder, so the check below looks at the right place")
        for folder in folders where Self.serverOnly.contains(where: folder.hasPrefix) {
            XCTAssertEqual(try Self.objectFiles(of: String(folder.dropLast(".build".count))), [], "\(folder) was compiled")
        }
    }

    /// The folders of the example's debug build (none before its first build).
    static func buildFolders() throws -> [String] {
        let debug = "\(example)/.build/debug"
        guard FileManager.default.fileExists(atPath: debug) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: debug)
    }

    /// The object files SwiftPM compiled for `target` in the example's debug build.
    static func objectFiles(of target: String) throws -> [String] {
        let folder = "\(example)/.build/debug/\(target).build"
        return (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".o") }
    }
}
