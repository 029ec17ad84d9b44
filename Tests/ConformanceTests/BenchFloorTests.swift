import ConformanceKit
import Foundation
import WireCore
import XCTest

/// `wirecheck bench` rows measured against a floor: every floor a family names is a case of the
/// same set in the same unit, and a run reports each such row's time over its floor's.
final class BenchFloorTests: XCTestCase {
    func testEveryFloorIsACaseOfTheSameSet() throws {
        var floors = 0
        for family in TestEnvironment.families.all {
            guard let bench = family.bench else { continue }
            let cases = try bench.makeCases(4096)
            for benchCase in cases {
                guard let floor = benchCase.floor else { continue }
                floors += 1
                let match = cases.first { $0.name == floor }
                XCTAssertNotNil(match, "\(family.name): \(benchCase.name) names a floor that is not in its set: \(floor)")
                XCTAssertEqual(match?.unit, benchCase.unit, "\(family.name): \(benchCase.name) and its floor differ in unit")
            }
        }
        // The protocol steps of the table: cdev validate (two ways), FlowDown verify and open,
        // two Base64 decoders, hex, NanoTDF, Arkavo's two tables and MLS's two validations.
        XCTAssertGreaterThanOrEqual(floors, 12)
    }

    /// The rows of `wirecheck bench --suite cdev <arguments> --json`, run in `directory`.
    private func cdevBenchRows(_ arguments: [String], in directory: String) throws -> [JSONValue] {
        let run = try TestEnvironment.run(
            [try TestEnvironment.wirecheck, "bench", "--suite", "cdev"] + arguments + ["--json"], directory: directory)
        XCTAssertEqual(run.status, 0, run.stderr)
        return try XCTUnwrap(try JSONParser.parse(run.stdout)["results"]?.arrayValue)
    }

    func testARunReportsTheTimeOverTheFloor() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        let rows = try cdevBenchRows(["--samples", "3", "--sample-seconds", "0.01"], in: dir)
        let names = Set(rows.compactMap { $0["name"]?.stringValue })
        let withFloor = rows.filter { $0["floor"] != nil }
        XCTAssertEqual(withFloor.count, 2, "both validations are measured against raw HMAC")
        for row in withFloor {
            XCTAssertTrue(names.contains(row["floor"]?.stringValue ?? ""), "the floor is a row of the same run")
            // Validation does the HMAC and more: it cannot take less time than the HMAC alone.
            let times = try XCTUnwrap(row["timesFloor"]?.doubleValue)
            XCTAssertGreaterThan(times, 1.0, "\(row)")
            XCTAssertLessThan(times, 50.0, "\(row)")
        }
        let markdown = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/reports/bench").filter { $0.hasSuffix(".md") }
        XCTAssertEqual(markdown.count, 1)
        let table = try String(contentsOfFile: "\(dir)/reports/bench/\(markdown[0])", encoding: .utf8)
        XCTAssertTrue(table.contains("| × floor |"), table)
    }

    /// Every row carries its heap allocations per iteration, counted in the process by the executable's
    /// malloc (CAllocationCount). valgrind's count (scripts/bench/allocations.sh) gives the same 16 and 3
    /// for the two rows compared here; the test asks only what holds for any HMAC library: validation
    /// decodes three parts and parses two JSON texts on top of a MAC from the prepared key.
    func testEveryRowCountsItsAllocations() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        let rows = try cdevBenchRows(["--samples", "1", "--sample-seconds", "0.01"], in: dir)
        var allocations: [String: Double] = [:]
        for row in rows {
            let name = try XCTUnwrap(row["name"]?.stringValue)
            let count = try XCTUnwrap(row["allocationsPerIteration"]?.doubleValue, "\(row)")
            XCTAssertGreaterThanOrEqual(count, 0, name)
            allocations[name] = count
        }
        let validate = try XCTUnwrap(allocations.first { $0.key.hasPrefix("cdev token validate (3x") }?.value)
        let preparedMAC = try XCTUnwrap(allocations.first { $0.key.contains("prepared key") }?.value)
        XCTAssertGreaterThanOrEqual(preparedMAC, 1, "a MAC returns a new array: a count of 0 means allocations are not seen")
        XCTAssertGreaterThanOrEqual(validate, preparedMAC + 3, "validation allocates at least its three decoded parts beyond the MAC")
        // With --iterations (a fixed amount of work for profilers) nothing extra runs, so nothing is counted.
        let fixedRows = try cdevBenchRows(["--only", "prepared key", "--iterations", "10"], in: dir)
        XCTAssertEqual(fixedRows.count, 1)
        XCTAssertNil(fixedRows.first?["allocationsPerIteration"])
    }
}
