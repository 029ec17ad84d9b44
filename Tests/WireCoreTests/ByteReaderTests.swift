import WireCore
import XCTest

final class ByteReaderTests: XCTestCase {
    func testReadsBigEndianFields() throws {
        var reader = ByteReader([0x4c, 0x31, 0x4c, 0x01, 0x00, 0x02, 0xaa, 0xbb])
        XCTAssertEqual(try reader.readUInt24(field: "magic"), 0x4C314C)
        XCTAssertEqual(try reader.readUInt8(field: "version"), 1)
        XCTAssertEqual(try reader.readLengthPrefixed(prefixWidth: 2, field: "body"), [0xaa, 0xbb])
        XCTAssertTrue(reader.isAtEnd)
        XCTAssertNoThrow(try reader.expectEnd())
    }

    func testTruncationNamesFieldAndOffsetAndDoesNotMove() {
        var reader = ByteReader([0x00, 0x01, 0x02])
        _ = try? reader.readUInt8(field: "a")
        XCTAssertThrowsError(try reader.readUInt32(field: "length")) { error in
            XCTAssertEqual(error as? WireError, .truncated(field: "length", offset: 1, needed: 4, available: 2))
            XCTAssertEqual((error as? WireError)?.offset, 1)
            XCTAssertTrue("\(error)".contains("length"))
        }
        XCTAssertEqual(reader.offset, 1)
    }

    func testLengthPrefixedFailureConsumesNothing() {
        var reader = ByteReader([0x00, 0x05, 0x01])
        XCTAssertThrowsError(try reader.readLengthPrefixed(prefixWidth: 2, field: "policy")) { error in
            XCTAssertEqual(error as? WireError, .truncated(field: "policy", offset: 2, needed: 5, available: 1))
        }
        XCTAssertEqual(reader.offset, 0)
    }

    func testExpectEndReportsTrailingBytes() throws {
        var reader = ByteReader([1, 2, 3])
        _ = try reader.readUInt8(field: "x")
        XCTAssertThrowsError(try reader.expectEnd()) { error in
            XCTAssertEqual(error as? WireError, .trailingBytes(offset: 1, count: 2))
            XCTAssertEqual((error as? WireError)?.code, "trailing-bytes")
        }
    }

    func testWriterMirrorsReader() throws {
        var writer = ByteWriter()
        writer.writeUInt24(0x4C314C)
        writer.writeUInt16(0xBEEF)
        writer.writeUInt32(7)
        writer.writeLengthPrefixed([9, 9], prefixWidth: 1)
        var reader = ByteReader(writer.bytes)
        XCTAssertEqual(try reader.readUInt24(field: "a"), 0x4C314C)
        XCTAssertEqual(try reader.readUInt16(field: "b"), 0xBEEF)
        XCTAssertEqual(try reader.readUInt32(field: "c"), 7)
        XCTAssertEqual(try reader.readLengthPrefixed(prefixWidth: 1, field: "d"), [9, 9])
        XCTAssertEqual(writer.bytes.count, 3 + 2 + 4 + 3)
    }
}
