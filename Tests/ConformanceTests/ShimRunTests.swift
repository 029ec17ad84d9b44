import Foundation
import WireCore
import XCTest

@testable import ConformanceKit

/// End to end through the real `wirecheck` binary and real child processes.
final class ShimRunTests: XCTestCase {
    func verify(_ arguments: [String], environment: [String: String] = [:]) throws -> (TestEnvironment.ProcessResult, String) {
        let reports = try TestEnvironment.temporaryDirectory()
        let result = try TestEnvironment.run(
            [
                try TestEnvironment.wirecheck, "vectors", "verify", "--vectors", TestEnvironment.vectorsDirectory,
                "--report-dir", "\(reports)/run",
            ] + arguments, environment: environment)
        return (result, "\(reports)/run")
    }

    func statuses(_ directory: String) throws -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: try TestEnvironment.readResults(directory).map {
                ($0["id"]!.stringValue!, $0["status"]!.stringValue!)
            })
    }

    func testShimRunGivesTheSameStatusesAsInProcess() throws {
        let binary = try TestEnvironment.wirecheck
        let (inProcess, inDirectory) = try verify([])
        let (viaShim, shimDirectory) = try verify(["--shim", "\(binary) shim"])
        XCTAssertEqual(inProcess.status, 0, inProcess.stderr)
        XCTAssertEqual(viaShim.status, 0, viaShim.stderr)
        let expected = try statuses(inDirectory)
        XCTAssertEqual(expected.count, try TestEnvironment.vectorFiles().flatMap(\.allTests).count)
        XCTAssertEqual(try statuses(shimDirectory), expected)
        XCTAssertTrue(viaShim.stderr.contains("implementation wirecheck-reference"), viaShim.stderr)
    }

    /// `--jobs 3` shares the files out to three shim processes; the report is the one of a single
    /// shim: the same cases, in the same order, with the same verdicts.
    func testJobsGiveTheReportOfOneShim() throws {
        let shim = "\(try TestEnvironment.wirecheck) shim"
        let selection = ["--only", "wirecore", "--only", "flowdown", "--only", "cdev"]
        let (one, oneDirectory) = try verify(["--shim", shim] + selection)
        let (three, threeDirectory) = try verify(["--shim", shim, "--jobs", "3"] + selection)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(three.status, 0, three.stderr)
        func rows(_ directory: String) throws -> [String] {
            try TestEnvironment.readResults(directory).map { "\($0["id"]!.stringValue!) \($0["status"]!.stringValue!)" }
        }
        let expected = try rows(oneDirectory)
        XCTAssertGreaterThan(expected.count, 500)
        XCTAssertEqual(try rows(threeDirectory), expected)

        let (withoutShim, _) = try verify(["--jobs", "2"])
        XCTAssertEqual(withoutShim.status, 2)
        XCTAssertTrue(withoutShim.stderr.contains("--jobs runs several shims: it needs --shim"), withoutShim.stderr)
    }

    /// A shim that crashes on one case, prints garbage on another and hangs on a third: exactly
    /// three FAILs with their reasons, and every other case still runs and passes.
    func testMisbehavingShimFailsExactlyItsThreeCases() throws {
        let binary = try TestEnvironment.wirecheck
        let (result, directory) = try verify(
            ["--shim", "python3 \(TestEnvironment.fixture("misbehaving_shim.py"))", "--timeout", "2"],
            environment: [
                "REFERENCE_SHIM": "\(binary) shim",
                "CRASH_ON": "std-padded-strict:Zm9vYg==",
                "GARBAGE_ON": "url-raw-go:Zm9v\nYmFy",
                "HANG_ON": "std-raw-strict:Zm9vYmE",
            ])
        XCTAssertEqual(result.status, 1, result.stderr)
        let results = try TestEnvironment.readResults(directory)
        let failures = results.filter { $0["status"]?.stringValue == "FAIL" }
        XCTAssertEqual(
            failures.map { $0["id"]!.stringValue! }.sorted(),
            [
                "wirecore/base64/std-padded-strict/rfc4648-foob",
                "wirecore/base64/std-raw-strict/rfc4648-fooba",
                "wirecore/base64/url-raw-go/line-feed",
            ])
        let reasons = Dictionary(uniqueKeysWithValues: failures.map { ($0["id"]!.stringValue!, $0["reason"]!.stringValue!) })
        XCTAssertTrue(
            reasons["wirecore/base64/std-padded-strict/rfc4648-foob"]!.contains("killed by signal 11 (SIGSEGV)"),
            reasons.description)
        XCTAssertTrue(reasons["wirecore/base64/url-raw-go/line-feed"]!.contains("not a response"), reasons.description)
        XCTAssertTrue(
            reasons["wirecore/base64/std-raw-strict/rfc4648-fooba"]!.contains("did not answer within 2.0 s"),
            reasons.description)
        // The crash's stderr is attached to its case.
        let crashed = failures.first { $0["id"]?.stringValue == "wirecore/base64/std-padded-strict/rfc4648-foob" }
        XCTAssertTrue(crashed?["stderr"]?.stringValue?.contains("crashing now") ?? false)
        XCTAssertEqual(results.count - 3, results.filter { $0["status"]?.stringValue == "PASS" }.count)
        // Reproducers name the shim and the case.
        XCTAssertTrue(failures.allSatisfy { $0["reproducer"]!.stringValue!.contains("--shim 'python3 ") })
        let summary = try String(contentsOfFile: "\(directory)/summary.md", encoding: .utf8)
        XCTAssertTrue(summary.contains("## Failures (3)"), summary)
    }

    func testShimThatNeverSaysHelloIsAHarnessError() throws {
        let (result, _) = try verify(["--shim", "echo not-json", "--timeout", "2"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("never answered hello"), result.stderr)
        let (missing, _) = try verify(["--shim", "/nonexistent/shim", "--timeout", "2"])
        XCTAssertEqual(missing.status, 2)
    }

    func testShimWithoutAnOpIsUnimplementedNotFailed() throws {
        // hello lists no ops: every case is UNIMPLEMENTED, not FAIL; nothing was tested, so the run
        // exits 1 (FirstHourTests checks --allow-empty).
        let (result, directory) = try verify(
            [
                "--shim", #"while read l; do echo '{"id":0,"ok":true,"result":{"name":"empty","ops":[]}}'; done"#, "--only",
                "wirecore/base64",
            ])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("NOTHING TESTED"), result.stdout)
        let results = try TestEnvironment.readResults(directory)
        let selected = results.filter { $0["suite"]?.stringValue == "wirecore/base64" }
        XCTAssertFalse(selected.isEmpty)
        XCTAssertTrue(selected.allSatisfy { $0["status"]?.stringValue == "UNIMPLEMENTED" })
        XCTAssertTrue(results.filter { $0["suite"]?.stringValue != "wirecore/base64" }.allSatisfy { $0["status"]?.stringValue == "SKIP" })
    }

    func testJUnitValidatesAgainstTheXSDAndCarriesNames() throws {
        var expectations = "{\"expectedFailures\":{\"wirecore/base64/std-padded-strict/space\":\"pretend bug\"},"
        expectations += "\"disabled\":{\"wirecore/query-encoding/encode-ascii-0*\":\"not today\"}}"
        let file = try TestEnvironment.temporaryDirectory() + "/expect.json"
        try expectations.write(toFile: file, atomically: true, encoding: .utf8)
        let (result, directory) = try verify(["--expect", file, "--strict"])
        // The listed case passes, so it is XPASS and the run exits 1.
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        let statuses = try statuses(directory)
        XCTAssertEqual(statuses["wirecore/base64/std-padded-strict/space"], "XPASS")
        XCTAssertEqual(statuses["wirecore/query-encoding/encode-ascii-05"], "SKIP")
        let lint = try TestEnvironment.run([
            "/usr/bin/xmllint", "--noout", "--schema", TestEnvironment.fixture("junit.xsd"),
            "\(directory)/junit.xml",
        ])
        XCTAssertEqual(lint.status, 0, lint.stderr)
        let xml = try String(contentsOfFile: "\(directory)/junit.xml", encoding: .utf8)
        XCTAssertTrue(xml.contains(#"<testcase name="wirecore/base64/std-padded-strict/space" classname="wirecore.base64""#))
        XCTAssertTrue(xml.contains(#"type="XPASS""#))
        XCTAssertTrue(
            xml.contains(
                "reproducer: wirecheck vectors verify --vectors \(TestEnvironment.vectorsDirectory) --expect \(file) --strict --only "
                    + "wirecore/base64/std-padded-strict/space"
            ), xml)
    }

    func testListAndJSONOutput() throws {
        let binary = try TestEnvironment.wirecheck
        let list = try TestEnvironment.run([
            binary, "vectors", "verify", "--vectors", TestEnvironment.vectorsDirectory,
            "--list", "--only", "wirecore/base64", "--flag", "NonCanonical",
        ])
        XCTAssertEqual(list.status, 0)
        let ids = list.stdout.split(separator: "\n")
        XCTAssertEqual(ids.count, 16)
        XCTAssertTrue(ids.allSatisfy { $0.contains("trailing-bits") })
        let (json, _) = try verify(["--json", "--only", "wirecore/query-encoding"])
        let summary = try JSONParser.parse(json.stdout)
        XCTAssertEqual(summary["exitCode"], 0)
        XCTAssertEqual(summary["counts"]?["PASS"]?.intValue, 160)
        let total = try TestEnvironment.vectorFiles().flatMap(\.allTests).count
        // The cases --only leaves out are counted apart, never as SKIP (issue 37).
        XCTAssertEqual(summary["counts"]?["SKIP"]?.intValue, 0)
        XCTAssertEqual(summary["leftOut"]?.intValue.map(Int.init), total - 160)
    }
}
