import ArkavoConformance
import ArkavoWire
import ConformanceKit
import WireCheckTestSupport
import WireCore
import XCTest

/// The reason walk (ArkavoDiagnosis.cpp) must refuse exactly what the generated Verifier refuses,
/// and name the field, the check and the byte offset.
final class VerifierDiagnosisTests: XCTestCase {
    static let fallback = "no field check failed"

    /// Decode (Verifier, then the walk on refusal) agrees with the Verifier alone, and a refusal has a field reason.
    func assertAgreement<Table: FlatBufferRoot>(_: Table.Type, _ bytes: [UInt8], limits: VerifierLimits = .default, _ what: String) {
        do {
            _ = try Table.decode(bytes, limits: limits)
            XCTAssertTrue(Table.verifies(bytes, limits: limits), "\(what): decoded what the Verifier refuses")
        } catch {
            // Decode refuses a string that is not UTF-8 too, which the Verifier does not check.
            if case ArkavoError.flatBufferInvalid(let reason, let offset) = error, reason.hasSuffix("is not UTF-8") {
                XCTAssertTrue(Table.verifies(bytes, limits: limits), "\(what): a UTF-8 refusal of a buffer the Verifier refuses")
                let rest = bytes[min(offset, bytes.count)...].prefix { $0 != 0 }
                XCTAssertNil(String(validating: rest, as: UTF8.self), "\(what): refused as not UTF-8 at \(offset), where the bytes are")
                return
            }
            XCTAssertFalse(Table.verifies(bytes, limits: limits), "\(what): refused what the Verifier accepts")
            XCTAssertFalse(error.description.contains(Self.fallback), "\(what): the walk found no failing check: \(error)")
        }
    }

    func limits(_ test: TestCase) -> VerifierLimits {
        VerifierLimits(
            maxDepth: test.input["maxDepth"]?.intValue.map(UInt32.init) ?? 64,
            maxTables: test.input["maxTables"]?.intValue.map(UInt32.init) ?? 1_000_000)
    }

    func testEveryDecodeVectorAgreesWithTheVerifier() throws {
        try forEachCase(in: "arkavo/flatbuffers", of: ArkavoFlatBuffersSuite.decodeEvent) { _, test in
            assertAgreement(Event.self, try Hex.decode(test.input["buffer"]!.stringValue!), limits: limits(test), test.id)
        }
        try forEachCase(in: "arkavo/flatbuffers", of: ArkavoFlatBuffersSuite.decodeMetadata) { _, test in
            assertAgreement(Metadata.self, try Hex.decode(test.input["buffer"]!.stringValue!), limits: limits(test), test.id)
        }
    }

    /// Every byte of a UserEvent and of a full Metadata set to 00, FF and itself + 1: several thousand
    /// buffers, most refused somewhere else.
    func testEverySingleByteChangeAgreesWithTheVerifier() {
        var refused = 0
        let event = Event(
            action: .join, timestamp: 99,
            data: .userEvent(
                UserEvent(sourceType: .server, sourceID: [1, 2, 3], targetID: [4], attributeType: [.time], entityType: .server)))
        let metadata = Metadata(
            created: 5, id: [1], rating: Rating([.mild]), purpose: Purpose([0.5]), topics: [9],
            archive: FormatInfo(type: ArchiveType.zip, version: "1"),
            content: ContentFormat(format: FormatInfo(type: FormatType.png, profile: "p")))
        func changeEveryByte<Table: FlatBufferRoot>(of table: Table) {
            let bytes = table.encode()
            for index in bytes.indices {
                for value in [0x00, 0xFF, (Int(bytes[index]) + 1) & 0xFF] {
                    var copy = bytes
                    copy[index] = UInt8(value)
                    assertAgreement(Table.self, copy, "\(Table.tableName) byte \(index) = \(value)")
                    if !Table.verifies(copy, limits: .default) { refused += 1 }
                }
            }
        }
        changeEveryByte(of: event)
        changeEveryByte(of: metadata)
        XCTAssertGreaterThan(refused, 100, "the changes should break many buffers")
    }

    func testTheReasonNamesTheFieldTheCheckAndTheOffset() throws {
        let metadata = Metadata(archive: FormatInfo(type: ArchiveType.zip, version: "abc"))
        var bytes = metadata.encode()
        let terminator = try XCTUnwrap(bytes.indices.first { bytes[$0] == 0x63 && $0 >= 2 && bytes[$0 - 2] == 0x61 }) + 1
        XCTAssertEqual(bytes[terminator], 0)
        bytes[terminator] = 0x41
        XCTAssertThrowsError(try Metadata.decode(bytes)) { error in
            guard case ArkavoError.flatBufferInvalid(let reason, let offset) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(reason, "Metadata(archive).version: string of 3 bytes is not terminated by a zero byte")
            XCTAssertEqual(offset, terminator)
        }
        XCTAssertThrowsError(try Event.decode([0, 0, 0, 0] + Array(repeating: 0, count: 8))) { error in
            XCTAssertEqual((error as? ArkavoError)?.code, "flatbuffer-invalid")
            XCTAssertTrue("\(error)".contains("root offset 0 points to itself"), "\(error)")
        }
    }

    /// The Verifier accepts a string that is not UTF-8 (`verifies`); decode refuses it at its first bad byte,
    /// under the walk's name for the field. Strings beyond ASCII (2, 3 and 4 bytes) still pass.
    func testAStringThatIsNotUTF8IsRefusedAtItsFirstBadByte() throws {
        let text = "ü世😀"
        let metadata = Metadata(content: ContentFormat(format: FormatInfo(type: FormatType.html, version: "1", profile: text)))
        XCTAssertEqual(try Metadata.decode(metadata.encode()), metadata)
        let bytes = metadata.encode()
        let start = try XCTUnwrap(bytes.indices.first { Array(bytes[$0...].prefix(2)) == [0xC3, 0xBC] })
        // "ü" (2 bytes) stays; "世" (3 bytes at +2) or "😀" (4 bytes at +5) is overwritten. The offset is where
        // the first ill-formed sequence starts (Rust's `valid_up_to`).
        let breaks: [(String, Int, [UInt8])] = [
            ("lone continuation byte", 2, [0x80, 0x41, 0x41]), ("cut sequence", 2, [0xE4, 0xB8, 0x41]),
            ("encoded surrogate", 2, [0xED, 0xA0, 0x80]), ("overlong form", 2, [0xC0, 0xAE, 0x41]),
            ("scalar above U+10FFFF", 5, [0xF4, 0x90, 0x80, 0x80]),
        ]
        for (what, at, bad) in breaks {
            var copy = bytes
            copy.replaceSubrange((start + at)..<(start + at + bad.count), with: bad)
            XCTAssertTrue(Metadata.verifies(copy), what)
            XCTAssertThrowsError(try Metadata.decode(copy), what) { error in
                guard case ArkavoError.flatBufferInvalid(let reason, let offset) = error else { return XCTFail("\(what): \(error)") }
                XCTAssertEqual(reason, "Metadata(ContentFormat)(format).profile: string of 9 bytes is not UTF-8", what)
                XCTAssertEqual(offset, start + at, what)
            }
        }
    }
}
