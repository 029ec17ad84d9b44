import ATProtoLexicon
import XCTest

/// The datetime parser against the grammar-driven second implementation, the lenient mode, and the
/// one form this project writes.
final class DatetimeTests: XCTestCase {
    func testParserAndGrammarAgreeOnTheVectorsAndTheirOneByteEdits() throws {
        let (valid, invalid) = InteropVectors.values("datetime")
        var inputs = valid + invalid
        // Every one-character replacement, deletion and insertion of a few valid values.
        let alphabet = Array("0123456789-:.TZtz+ ")
        for base in valid.prefix(6) {
            let chars = Array(base)
            for i in chars.indices {
                var deleted = chars
                deleted.remove(at: i)
                inputs.append(String(deleted))
                for c in alphabet {
                    var replaced = chars
                    replaced[i] = c
                    inputs.append(String(replaced))
                    var inserted = chars
                    inserted.insert(c, at: i)
                    inputs.append(String(inserted))
                }
            }
        }
        var disagreements: [String] = []
        for input in inputs where ((try? Datetime.parse(input)) != nil) != DatetimeGrammar.accepts(input) { disagreements.append(input) }
        XCTAssertEqual(disagreements, [])
        XCTAssertGreaterThan(inputs.count, 5000)
    }

    func testSemanticChecks() {
        XCTAssertNoThrow(try Datetime.parse("2024-02-29T00:00:00Z"))
        XCTAssertThrowsError(try Datetime.parse("2023-02-29T00:00:00Z"))
        XCTAssertThrowsError(try Datetime.parse("1900-02-29T00:00:00Z"))
        XCTAssertNoThrow(try Datetime.parse("2000-02-29T00:00:00Z"))
        XCTAssertNoThrow(try Datetime.parse("0000-01-01T00:00:00Z"))
        XCTAssertThrowsError(try Datetime.parse("0000-01-01T00:30:00+01:00"))
        XCTAssertNoThrow(try Datetime.parse("0000-01-01T01:00:00+01:00"))
        XCTAssertThrowsError(try Datetime.parse("2024-01-01T00:00:00+24:00"))
    }

    func testLenientModeAcceptsWhatTheReferenceLenientCheckAccepts() throws {
        XCTAssertThrowsError(try Datetime.parse("1985-04-12T23:20:50.123"))
        XCTAssertEqual(try Datetime.parse("1985-04-12T23:20:50.123", mode: .lenient).offsetMinutes, 0)
        XCTAssertEqual(try Datetime.parse("1985-04-12T23:20Z", mode: .lenient).second, 0)
        XCTAssertThrowsError(try Datetime.parse("1985-04-12 23:20:50Z", mode: .lenient))
        XCTAssertThrowsError(try Datetime.parse("1985-04-12T23:20:50.123-00:00", mode: .lenient))
    }

    func testWrittenFormRoundTrips() throws {
        for ms: Int64 in [0, 1, 999, 1_000, 482_196_050_123, 1_700_000_000_000, 253_402_300_799_999, -1, -62_167_219_200_000] {
            let text = Datetime.format(unixMilliseconds: ms)
            let parsed = try Datetime.parse(text)
            XCTAssertEqual(parsed.unixSeconds * 1000 + Int64(parsed.fraction)!, ms, text)
            XCTAssertEqual(parsed.fraction.count, 3, text)
            XCTAssertTrue(parsed.isZulu)
        }
        XCTAssertEqual(Datetime.format(unixMilliseconds: 482_196_050_123), "1985-04-12T23:20:50.123Z")
        XCTAssertEqual(try Datetime.parse("1985-04-12T16:20:50.123-07:00").unixSeconds, 482_196_050)
    }
}
