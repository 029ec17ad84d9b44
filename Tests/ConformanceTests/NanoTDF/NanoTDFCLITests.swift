import Foundation
import WireCore
import XCTest

/// `wirecheck nanotdf inspect` on the shipped spec example: fields, the annotated layout, refusals.
final class NanoTDFCLITests: XCTestCase {
    func wirecheck(_ arguments: [String]) throws -> TestEnvironment.ProcessResult {
        try TestEnvironment.run([try TestEnvironment.wirecheck] + arguments, directory: TestEnvironment.root)
    }

    func testInspectPrintsTheFieldsAndTheirOffsets() throws {
        let json = try wirecheck(["nanotdf", "inspect", "Examples/spec-example-1.ntdf", "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let fields = try JSONParser.parse(json.stdout)
        XCTAssertEqual(fields["headerLength"], 142)
        XCTAssertEqual(fields["curve"], "secp256r1")
        XCTAssertEqual(fields["cipher"], 64)
        XCTAssertEqual(fields["payload"]?["iv"], "9ebd09")
        let annotated = try wirecheck(["nanotdf", "inspect", "Examples/spec-example-1.ntdf", "--annotate"]).stdout
        let rows = annotated.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        let offsets = Dictionary(uniqueKeysWithValues: rows.map { (String($0[1]), Int($0[0])!) })
        XCTAssertEqual(offsets["eccMode"], 19)
        XCTAssertEqual(offsets["policy.binding"], 45)
        XCTAssertEqual(offsets["ephemeralPublicKey"], 109)
        XCTAssertEqual(offsets["payload.iv"], 145)
        XCTAssertEqual(offsets["signature.signature"], 194)
        // The annotated bytes, concatenated in order, are the file.
        let file = try XCTUnwrap(FileManager.default.contents(atPath: "\(TestEnvironment.root)/Examples/spec-example-1.ntdf"))
        XCTAssertEqual(rows.map { String($0[2]) }.joined(), Hex.encode(Array(file)))
    }

    func testInspectRefusesWithTheClassAndTheOffset() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        var bytes = Array(try XCTUnwrap(FileManager.default.contents(atPath: "\(TestEnvironment.root)/Examples/spec-example-1.ntdf")))
        bytes[20] = 0x86
        try Data(bytes).write(to: URL(fileURLWithPath: "\(dir)/bad.ntdf"))
        let refused = try wirecheck(["nanotdf", "inspect", "\(dir)/bad.ntdf", "--json"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(try JSONParser.parse(refused.stdout)["error"]?["code"], "bad-cipher")
        XCTAssertEqual(try JSONParser.parse(refused.stdout)["error"]?["offset"], 20)
        let header = try wirecheck(["nanotdf", "inspect", "\(dir)/bad.ntdf", "--header-only"])
        XCTAssertEqual(header.status, 1)
        XCTAssertTrue(header.stderr.contains("refused: bad-cipher: cipher 6 is above 5 at byte 20"), header.stderr)
    }
}
