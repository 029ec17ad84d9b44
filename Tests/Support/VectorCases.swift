import ConformanceKit
import Foundation
import WireCore
import XCTest

/// Loads one committed vector file and runs `body` for every case, the way swift-crypto runs
/// Wycheproof files: the vectors are data, the test is one loop. With `kind`, only the groups of
/// that type; either way the loop must see at least one case, so a test cannot pass on nothing.
/// Returns how many cases `body` saw.
@discardableResult
public func forEachCase(
    in suite: String, of kind: GroupKind? = nil, file: StaticString = #filePath, line: UInt = #line,
    _ body: (TestGroup, TestCase) throws -> Void
) throws -> Int {
    let path = "\(Repository.vectorsDirectory)/\(suite).json"
    guard let data = FileManager.default.contents(atPath: path) else {
        XCTFail("no vector file \(path)", file: file, line: line)
        return 0
    }
    let vectors = try VectorFile.load(contentsOf: Array(data))
    var count = 0
    for group in vectors.testGroups where kind == nil || group.type == kind?.type {
        for test in group.tests {
            count += 1
            try body(group, test)
        }
    }
    XCTAssertGreaterThan(count, 0, "\(suite) has no cases\(kind.map { " of type \($0.type)" } ?? "")", file: file, line: line)
    return count
}

/// The cases of one group type with their input and expected as objects, to read through the type's
/// declared fields (`input[NanoTDFFields.container]`, typed, nil when absent). Like `forEachCase(in:of:)`,
/// it fails when it sees no case. Returns how many cases `body` saw.
@discardableResult
public func forEachCase(
    of kind: GroupKind, in suite: String, file: StaticString = #filePath, line: UInt = #line,
    _ body: (_ input: JSONObject, _ expected: JSONObject, _ test: TestCase) throws -> Void
) throws -> Int {
    try forEachCase(in: suite, of: kind, file: file, line: line) { _, test in
        try body(test.input.objectValue ?? JSONObject(), test.expected.objectValue ?? JSONObject(), test)
    }
}

/// Fails unless a filtered loop checked at least one case: for loops that skip cases themselves.
public func assertChecked(_ count: Int, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertGreaterThan(count, 0, "no case checked: \(what)", file: file, line: line)
}
