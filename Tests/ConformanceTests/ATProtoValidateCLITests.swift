import Foundation
import WireCore
import XCTest

/// `wirecheck atproto validate` with the atproto-interop-tests snapshot's catalog: every record of
/// `record-data-valid.json` is valid (exit 0) and every record of `record-data-invalid.json` is refused
/// (exit 1) with at least one error path, each through the command a user runs.
final class ATProtoValidateCLITests: XCTestCase {
    let interop = "\(TestEnvironment.root)/Sources/ATProtoConformance/Interop/lexicon"

    func validate(_ record: JSONValue, lenient: Bool = true) throws -> TestEnvironment.ProcessResult {
        let directory = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/record.json"
        try Data(JSONWriter.compact(record).utf8).write(to: URL(fileURLWithPath: path))
        return try TestEnvironment.run(
            [
                try TestEnvironment.wirecheck, "atproto", "validate", "--lexicons", "\(interop)/catalog", "--lexicon",
                "example.lexicon.record",
            ] + (lenient ? ["--lenient"] : []) + [path, "--json"])
    }

    func records(_ file: String) throws -> [(name: String, data: JSONValue)] {
        let json = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: "\(interop)/\(file)"))))
        return try XCTUnwrap(json.arrayValue).map { ($0["name"]!.stringValue!, $0["data"]!) }
    }

    func testEveryInteropRecordGetsItsVerdict() throws {
        let valid = try records("record-data-valid.json")
        let invalid = try records("record-data-invalid.json")
        XCTAssertEqual(valid.count + invalid.count, 53)
        for (name, data) in valid {
            let run = try validate(data)
            XCTAssertEqual(run.status, 0, "\(name): \(run.stdout) \(run.stderr)")
        }
        for (name, data) in invalid {
            let run = try validate(data)
            XCTAssertEqual(run.status, 1, "\(name): \(run.stdout) \(run.stderr)")
            let answer = try JSONParser.parse(run.stdout)
            XCTAssertEqual(answer["ok"], false, name)
            XCTAssertFalse(answer["errors"]?.arrayValue?.isEmpty ?? true, name)
            XCTAssertNotNil(answer["errors"]?.arrayValue?.first?["path"]?.stringValue, name)
        }
    }

    func testHarnessErrorsExitTwo() throws {
        // Without --lenient the catalog's inline objects are not Lexicon v1: each problem is named.
        let strict = try validate(["integer": 1], lenient: false)
        XCTAssertEqual(strict.status, 2)
        XCTAssertTrue(strict.stderr.contains("record.json: /defs/main/record/properties/object/type"), strict.stderr)
        let unknown = try TestEnvironment.run([
            try TestEnvironment.wirecheck, "atproto", "validate", "--lexicons", "\(interop)/catalog", "--lenient", "--lexicon",
            "example.lexicon.nothing", "\(interop)/record-data-valid.json",
        ])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("example.lexicon.nothing"), unknown.stderr)
    }
}
