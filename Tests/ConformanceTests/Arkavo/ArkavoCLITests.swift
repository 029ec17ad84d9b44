import Foundation
import WireCheckTestSupport
import WireCore
import XCTest

/// `wirecheck arkavo frame|event|metadata` and `nanotdf inspect` on a frame, with their exit codes
/// (0 decoded, 1 refused, 2 unreadable input).
final class ArkavoCLITests: XCTestCase {
    func wirecheck(_ arguments: [String], stdin: String? = nil) throws -> TestEnvironment.ProcessResult {
        let dir = try TestEnvironment.temporaryDirectory()
        var arguments = arguments
        if let stdin {
            try Data(stdin.utf8).write(to: URL(fileURLWithPath: "\(dir)/stdin"))
            arguments = arguments.map { $0 == "-" ? "\(dir)/stdin" : $0 }
        }
        return try TestEnvironment.run([try TestEnvironment.wirecheck] + arguments, directory: TestEnvironment.root)
    }

    var example: [UInt8] {
        get throws { Array(try XCTUnwrap(FileManager.default.contents(atPath: "\(TestEnvironment.root)/Examples/spec-example-1.ntdf"))) }
    }

    func testFrameDecodesANatsFrameAndInspectSeesTheContainerInside() throws {
        let frame = Hex.encode([0x05] + (try example))
        let decoded = try wirecheck(["arkavo", "frame", "-", "--json"], stdin: frame)
        XCTAssertEqual(decoded.status, 0, decoded.stderr)
        let fields = try JSONParser.parse(decoded.stdout)
        XCTAssertEqual(fields["type"], "nats")
        XCTAssertEqual(fields["container"]?["payload"]?["iv"], "9ebd09")
        let inspected = try wirecheck(["nanotdf", "inspect", "-", "--json"], stdin: frame)
        XCTAssertEqual(inspected.status, 0, inspected.stderr)
        XCTAssertEqual(try JSONParser.parse(inspected.stdout)["arkavoFrame"], "nats")
        // 0x03 carries a header: inspect stops after it.
        let rewrap = try wirecheck(["nanotdf", "inspect", "-", "--json"], stdin: Hex.encode([0x03] + (try example).prefix(142)))
        XCTAssertEqual(rewrap.status, 0, rewrap.stderr)
        XCTAssertEqual(try JSONParser.parse(rewrap.stdout)["headerLength"], 142)
    }

    func testRefusalsExitOneWithTheClassAndOffset() throws {
        let refused = try wirecheck(["arkavo", "frame", "-", "--json"], stdin: "0701")
        XCTAssertEqual(refused.status, 1, refused.stderr)
        let error = try JSONParser.parse(refused.stdout)["error"]
        XCTAssertEqual(error?["code"], "unknown-frame-type")
        XCTAssertEqual(error?["offset"], 0)
        let short = try wirecheck(["arkavo", "event", "-"], stdin: "0011223344")
        XCTAssertEqual(short.status, 1)
        XCTAssertTrue(short.stderr.contains("flatbuffer-invalid"), short.stderr)
        XCTAssertEqual(try wirecheck(["arkavo", "metadata", "/nonexistent/buffer"]).status, 2)
        let badJSON = try wirecheck(["arkavo", "event", "--from-json", "-"], stdin: #"{"colour": 1}"#)
        XCTAssertEqual(badJSON.status, 1)
        XCTAssertTrue(badJSON.stderr.contains("Event.colour: not a field of this table"), badJSON.stderr)
    }

    func testFromJSONWritesTheBufferThatDecodesBack() throws {
        let table = #"{"created": 7, "topics": [1, 2], "content": {"media_type": "text", "format": {"type": "json", "version": "1"}}}"#
        let built = try wirecheck(["arkavo", "metadata", "--from-json", "-"], stdin: table)
        XCTAssertEqual(built.status, 0, built.stderr)
        let decoded = try wirecheck(["arkavo", "metadata", "-", "--json"], stdin: built.stdout)
        XCTAssertEqual(decoded.status, 0, decoded.stderr)
        let fields = try JSONParser.parse(decoded.stdout)["table"]
        XCTAssertEqual(fields?["created"], 7)
        XCTAssertEqual(fields?["content"]?["format"]?["type"], "json")
        XCTAssertEqual(fields?["topics"], [1, 2])
    }

    /// The .fbs schemas ship with the vectors and `arkavo schemas` prints them byte for byte (as text or in JSON); an
    /// unknown name is a usage error, a folder without schemas a harness error.
    func testSchemasPrintsTheShippedFiles() throws {
        let event = try XCTUnwrap(FileManager.default.contents(atPath: "\(TestEnvironment.root)/Vectors/arkavo/fbs/event.fbs"))
        let printed = try wirecheck(["arkavo", "schemas", "event.fbs"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertEqual(printed.stdout, String(decoding: event, as: UTF8.self))
        XCTAssertTrue(printed.stdout.contains("table Event"), printed.stdout)
        let listed = try wirecheck(["arkavo", "schemas", "--list"])
        XCTAssertEqual(
            listed.stdout.split(separator: "\n").map { String($0.split(separator: "/").last!) },
            ["entity.fbs", "event.fbs", "metadata.fbs"])
        XCTAssertTrue(try wirecheck(["arkavo", "schemas"]).stdout.contains("// ==> Vectors/arkavo/fbs/metadata.fbs"))
        let json = try JSONParser.parse(try wirecheck(["arkavo", "schemas", "event.fbs", "--json"]).stdout)
        XCTAssertEqual(json.arrayValue?.first?["name"], "event.fbs")
        XCTAssertEqual(json.arrayValue?.first?["text"]?.stringValue, String(decoding: event, as: UTF8.self))
        let paths = try JSONParser.parse(try wirecheck(["arkavo", "schemas", "--list", "--json"]).stdout).arrayValue ?? []
        XCTAssertEqual(paths.last?["path"], "Vectors/arkavo/fbs/metadata.fbs")
        XCTAssertEqual(paths.last?["text"], nil)
        XCTAssertNotEqual(try wirecheck(["arkavo", "schemas", "nope.fbs"]).status, 0)
        XCTAssertEqual(try wirecheck(["arkavo", "schemas", "--vectors", "/nonexistent"]).status, 2)
    }
}
