import WireCore
import XCTest

@testable import CdevAuth

/// The compact reader of token JSON (`CompactJSONObject`) is a shortcut: wherever it answers, the
/// general path (`JSONParser`, members applied as Go applies them) must give the same fields.
final class CompactJSONObjectTests: XCTestCase {
    func testMintedPayloadsTakeTheCompactPath() {
        for payload in [SpecTokenTests.v1, SpecTokenTests.v2, SpecTokenTests.v3] {
            XCTAssertNotNil(
                CompactJSONObject.scan(payload.bytes, fieldNames: TokenPayload.fieldNames, integerFields: TokenPayload.integerFields))
        }
    }

    /// The string scan reads eight bytes at a time: every byte value, at every offset of a 40-byte
    /// string (so in every lane of a word, and in the bytes after the last whole word), must decline
    /// exactly when it cannot stand in a plain string, and otherwise the text must come back whole.
    func testEveryByteAtEveryOffsetOfAStringIsSeen() {
        for offset in 0..<40 {
            for byte in UInt8.min...UInt8.max {
                var text = Array(repeating: UInt8(ascii: "a"), count: 40)
                text[offset] = byte
                let json = Array(#"{"nonce":""#.utf8) + text + Array(#""}"#.utf8)
                let plain = byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                let values = CompactJSONObject.scan(json, fieldNames: ["nonce"])
                if plain {
                    XCTAssertEqual(values?[0]?.stringValue.map { Array($0.utf8) }, text, "byte \(byte) at \(offset)")
                } else {
                    XCTAssertNil(values, "byte \(byte) at \(offset) taken into a plain string")
                }
            }
        }
    }

    /// Payloads mutated one byte at a time (digits, quotes, commas, braces, escapes, spaces, non-ASCII):
    /// the compact path either declines or agrees with the general path, field by field, errors included.
    func testCompactPathAgreesWithTheGeneralPath() throws {
        var random = SeededRandom(seed: 0x436f_6d70_6163_74)
        let replacements = Array("0123456789-\"{}:,. \\eE+né\u{0}x".utf8)
        var compact = 0
        var declined = 0
        for round in 0..<20_000 {
            var bytes = [SpecTokenTests.v1, SpecTokenTests.v2, SpecTokenTests.v3][round % 3].bytes
            for _ in 0..<(1 + Int(random.next() % 2)) {
                let position = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[position] = replacements[Int(random.next() % UInt64(replacements.count))]
                case 1: bytes.remove(at: position)
                default: bytes.insert(replacements[Int(random.next() % UInt64(replacements.count))], at: position)
                }
            }
            let names = TokenPayload.fieldNames
            guard CompactJSONObject.scan(bytes, fieldNames: names, integerFields: TokenPayload.integerFields) != nil else {
                declined += 1
                continue
            }
            compact += 1
            let text = String(decoding: bytes, as: UTF8.self)
            let fast = try GoJSONObject(bytes, fieldNames: names, integerFields: TokenPayload.integerFields)
            let general: GoJSONObject
            do { general = try GoJSONObject(parsing: bytes, fieldNames: names, integerFields: TokenPayload.integerFields) } catch {
                XCTFail("the compact path read \(text) but the general path refuses it: \(error)")
                continue
            }
            for name in names {
                XCTAssertEqual(
                    Result { try fast.string(name) }.description, Result { try general.string(name) }.description, "\(name) in \(text)")
                XCTAssertEqual(
                    Result { try fast.int(name) }.description, Result { try general.int(name) }.description, "\(name) in \(text)")
            }
        }
        // Both sides are exercised: many mutations keep the shape (a digit for a digit), many break it.
        XCTAssertGreaterThan(compact, 2_000)
        XCTAssertGreaterThan(declined, 2_000)
    }
}

extension Result {
    fileprivate var description: String {
        switch self {
        case .success(let value): "success \(value)"
        case .failure(let error): "failure \(error)"
        }
    }
}
