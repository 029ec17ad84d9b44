import XCTest
@testable import Conformance
import WireCore

/// Loads one committed vector file and runs `body` for every case, the way swift-crypto runs
/// Wycheproof files: the vectors are data, the test is one loop.
func forEachCase(
    in suite: String, file: StaticString = #filePath, line: UInt = #line,
    _ body: (TestGroup, TestCase) throws -> Void
) throws {
    let path = "\(TestEnvironment.vectorsDirectory)/\(suite).json"
    guard let data = FileManager.default.contents(atPath: path) else {
        XCTFail("no vector file \(path)", file: file, line: line)
        return
    }
    let vectors = try VectorFile.load(contentsOf: Array(data))
    var count = 0
    for group in vectors.testGroups {
        for test in group.tests {
            count += 1
            try body(group, test)
        }
    }
    XCTAssertGreaterThan(count, 0, "\(suite) has no cases", file: file, line: line)
}
