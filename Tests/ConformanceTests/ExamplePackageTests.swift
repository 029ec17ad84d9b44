import Foundation
import WireCheckTestSupport
import XCTest

/// `Examples/SwiftTestingExample`, an implementer's package that depends on `WireCheckTesting` by path,
/// passes its `swift test`; its deliberate bug gives one failure per affected case, named by id, in both
/// test styles; and its build holds no server framework and no CLI.
final class ExamplePackageTests: XCTestCase {
    static let example = "\(Repository.root)/Examples/SwiftTestingExample"

    func swiftTest(showFailures: Bool) throws -> TestEnvironment.ProcessResult {
        try TestEnvironment.run(
            ["/usr/bin/env", "swift", "test", "--package-path", Self.example],
            environment: ["WIRECHECK_EXAMPLE_SHOW_FAILURES": showFailures ? "1" : "0"])
    }

    func testTheExamplePackagePassesAndItsBugIsReportedPerCase() throws {
        let green = try swiftTest(showFailures: false)
        XCTAssertEqual(green.status, 0, String((green.stdout + green.stderr).suffix(3000)))
        XCTAssertTrue(green.stdout.contains("with 42 test cases passed"), "one Swift Testing case per vector: \(green.stdout.suffix(800))")

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
        XCTAssertTrue(output.contains("with 2 issues"), String(output.suffix(1500)))

        // What the user's build compiled: the testing library, not Hummingbird, NIO or the CLI. (SwiftPM makes
        // a folder for every target of the graph; only compiled ones hold object files.)
        XCTAssertFalse(try Self.objectFiles(of: "WireCheckTesting").isEmpty)
        let folders = try FileManager.default.contentsOfDirectory(atPath: "\(Self.example)/.build/debug")
        for folder in folders where ["Hummingbird", "NIO", "WireCheckCLI", "MockServers"].contains(where: folder.hasPrefix) {
            XCTAssertEqual(try Self.objectFiles(of: String(folder.dropLast(".build".count))), [], "\(folder) was compiled")
        }
    }

    /// The object files SwiftPM compiled for `target` in the example's debug build.
    static func objectFiles(of target: String) throws -> [String] {
        let folder = "\(example)/.build/debug/\(target).build"
        return (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".o") }
    }
}
