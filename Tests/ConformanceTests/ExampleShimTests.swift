import Foundation
import XCTest

@testable import ConformanceKit

/// The README's example shim is real: it runs, and its verdicts are the ones the README states.
final class ExampleShimTests: XCTestCase {
    func testReadmeEmbedsTheExampleShimVerbatim() throws {
        let readme = try String(contentsOfFile: "\(TestEnvironment.root)/README.md", encoding: .utf8)
        let shim = try String(contentsOfFile: "\(TestEnvironment.root)/Examples/python_shim.py", encoding: .utf8)
        XCTAssertTrue(readme.contains("```python\n" + shim + "```"), "README and Examples/python_shim.py differ")
    }

    func testExampleShimResultsMatchTheReadme() throws {
        let reports = try TestEnvironment.temporaryDirectory()
        let result = try TestEnvironment.run(
            [
                try TestEnvironment.wirecheck, "vectors", "verify", "--vectors", TestEnvironment.vectorsDirectory,
                "--shim", "python3 \(TestEnvironment.root)/Examples/python_shim.py", "--report-dir", reports, "--json",
            ])
        XCTAssertEqual(result.status, 1, result.stderr)
        let counts = try TestEnvironment.readResults(reports).reduce(into: [String: Int]()) {
            $0[$1["status"]!.stringValue!, default: 0] += 1
        }
        XCTAssertEqual(counts["PASS"], 124)
        XCTAssertEqual(counts["FAIL"], 28)
        // Every case outside wirecore/base64 uses an op the example does not list.
        let total = try TestEnvironment.vectorFiles().flatMap(\.allTests).count
        XCTAssertEqual(counts["UNIMPLEMENTED"], total - 152)
    }
}
