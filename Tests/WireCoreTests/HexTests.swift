import WireCore
import XCTest

final class HexTests: XCTestCase {
    func testRoundTripIsLowercase() throws {
        let bytes: [UInt8] = [0x00, 0x0f, 0xab, 0xff]
        XCTAssertEqual(Hex.encode(bytes), "000fabff")
        XCTAssertEqual(try Hex.decode("000FABff"), bytes)
        XCTAssertEqual(try Hex.decode(""), [])
    }

    func testErrorsNameTheOffset() {
        XCTAssertThrowsError(try Hex.decode("abc")) { XCTAssertEqual($0 as? WireError, .badLength(encoding: "hex", length: 3)) }
        XCTAssertThrowsError(try Hex.decode("00zz")) {
            XCTAssertEqual($0 as? WireError, .invalidCharacter(encoding: "hex", offset: 2, byte: UInt8(ascii: "z")))
        }
        XCTAssertThrowsError(try Hex.decode("0g")) { XCTAssertEqual(($0 as? WireError)?.offset, 1) }
    }

    func testEveryByteRoundTrips() throws {
        let all = (0...255).map(UInt8.init)
        XCTAssertEqual(try Hex.decode(Hex.encode(all)), all)
    }

    /// The table decoder finds an invalid digit only after the loop: it must still report the first
    /// one, where it stands, for every byte that is not a digit and at every position.
    func testEveryNonDigitIsReportedWhereItStands() {
        let digits = Set("0123456789abcdefABCDEF".utf8)
        for byte in (0...255).map(UInt8.init) where !digits.contains(byte) {
            for position in 0..<6 {
                var text = Array("0a1B2c".utf8)
                text[position] = byte
                if position < 5 { text[5] = 0x7A }  // a second invalid digit later must not win
                XCTAssertThrowsError(try Hex.decode(utf8: text)) {
                    XCTAssertEqual(
                        $0 as? WireError, .invalidCharacter(encoding: "hex", offset: position, byte: byte), "\(byte) at \(position)")
                }
            }
        }
    }

    /// `Hex.byte`, the two-digit table read of percent escapes and JSON `\u`, against the digits
    /// written out: every pair of the 65,536.
    func testEveryPairOfDigits() {
        let value: [UInt8: UInt8] = Dictionary(
            uniqueKeysWithValues: Array("0123456789abcdef".utf8).enumerated().map { ($1, UInt8($0)) }
                + Array("ABCDEF".utf8).enumerated().map { ($1, UInt8($0 + 10)) })
        var valid = 0
        for high in (0...255).map(UInt8.init) {
            for low in (0...255).map(UInt8.init) {
                let expected = value[high].flatMap { h in value[low].map { h << 4 | $0 } }
                if Hex.byte(high, low) != expected { XCTFail("Hex.byte(\(high), \(low)) is \(String(describing: Hex.byte(high, low)))") }
                if expected != nil { valid += 1 }
            }
        }
        XCTAssertEqual(valid, 22 * 22)
    }
}
