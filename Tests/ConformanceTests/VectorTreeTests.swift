import Foundation
import WireCore
import XCTest

@testable import ConformanceKit

/// The committed Vectors/ and Corpus/ are exactly what the generator writes, and follow Vectors/README.md.
final class VectorTreeTests: XCTestCase {
    func testGenerationIsDeterministic() {
        let first = VectorGenerator.render(suites: TestEnvironment.families.suites)
        let second = VectorGenerator.render(suites: TestEnvironment.families.suites)
        XCTAssertEqual(first.files.map(\.path), second.files.map(\.path))
        XCTAssertEqual(first.files.map(\.bytes), second.files.map(\.bytes))
    }

    func testCommittedTreeMatchesGenerator() {
        XCTAssertEqual(
            VectorGenerator.differences(root: TestEnvironment.root, suites: TestEnvironment.families.suites), [],
            "run `wirecheck vectors generate` and commit Vectors/ and Corpus/")
    }

    /// Every property a JSON Schema of the tree declares says what it is: the schemas are the contract's reference
    /// for each field, so one without a `description` is a hole in it.
    func testEverySchemaPropertyIsDescribed() throws {
        var undescribed: [String] = []
        func walk(_ node: JSONValue, _ path: String) {
            switch node {
            case .object(let object):
                for (name, property) in object["properties"]?.objectValue ?? JSONObject() {
                    if let fields = property.objectValue, fields["description"] == nil, fields["$ref"] == nil {
                        undescribed.append("\(path)/properties/\(name)")
                    }
                }
                for (key, value) in object { walk(value, "\(path)/\(key)") }
            case .array(let items):
                for (index, item) in items.enumerated() { walk(item, "\(path)/\(index)") }
            default:
                break
            }
        }
        let schemas = VectorGenerator.render(suites: TestEnvironment.families.suites).files.filter { $0.path.hasPrefix("Vectors/schema/") }
        XCTAssertGreaterThan(schemas.count, 30)
        for (path, bytes) in schemas { walk(try JSONParser.parse(bytes), path) }
        XCTAssertEqual(undescribed, [])
    }

    func testEveryRegisteredSuiteHasAFileAndLoads() throws {
        let files = try TestEnvironment.vectorFiles()
        XCTAssertEqual(Set(files.map(\.suite)), Set(TestEnvironment.families.suites.map(\.id)))
        for file in files {
            // Reading and writing again gives the same bytes (the file format round-trips).
            let path = "\(TestEnvironment.vectorsDirectory)/\(file.suite).json"
            XCTAssertEqual(file.fileContents, try String(contentsOfFile: path, encoding: .utf8), file.suite)
        }
    }

    func testIdsAreUniqueStableSlugsAndFlagsAreExplained() throws {
        var seen = Set<String>()
        for file in try TestEnvironment.vectorFiles() {
            for (index, pair) in file.allTests.enumerated() {
                let test = pair.test
                XCTAssertTrue(seen.insert(test.id).inserted, "duplicate id \(test.id)")
                XCTAssertTrue(test.id.hasPrefix(file.suite + "/"), test.id)
                XCTAssertEqual(test.tcId, index + 1)
                XCTAssertEqual(test.result == .invalid, test.error != nil, test.id)
                for flag in test.flags { XCTAssertNotNil(file.notes[flag], "\(test.id): flag \(flag) has no note") }
                XCTAssertFalse(test.spec.isEmpty, "\(test.id) cites no spec section")
            }
            XCTAssertEqual(file.numberOfTests, file.allTests.count)
        }
    }

    func testSchemaValidatorAcceptsTheTreeAndRejectsABrokenCopy() throws {
        let ok = try TestEnvironment.run([
            "/usr/bin/env", "python3", "\(TestEnvironment.root)/scripts/validate_vectors.py",
            TestEnvironment.vectorsDirectory,
        ])
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        XCTAssertTrue(ok.stdout.contains("0 problem(s)"), ok.stdout)

        // A copy with one case's result changed to a value the schema does not allow.
        let copy = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.copyItem(atPath: TestEnvironment.vectorsDirectory, toPath: "\(copy)/Vectors")
        let path = "\(copy)/Vectors/wirecore/base64.json"
        let broken = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "\"result\": \"valid\"", with: "\"result\": \"maybe\"")
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        let bad = try TestEnvironment.run([
            "/usr/bin/env", "python3", "\(TestEnvironment.root)/scripts/validate_vectors.py", "\(copy)/Vectors",
        ])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stdout.contains("'maybe' is not one of"), bad.stdout)
    }
}
