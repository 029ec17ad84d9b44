import CrossCheck
import WireCore
import XCTest

final class Base64Tests: XCTestCase {
    func testRFC4648VectorsInEveryVariant() throws {
        let table = [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
        ]
        for variant in Base64Variant.all {
            for (plain, padded) in table {
                let text = variant.padding == .padded ? padded : padded.replacingOccurrences(of: "=", with: "")
                XCTAssertEqual(Base64.encode(Array(plain.utf8), variant: variant), text, "\(variant)")
                XCTAssertEqual(try Base64.decode(text, variant: variant), Array(plain.utf8), "\(variant)")
            }
        }
    }

    func testAlphabets() throws {
        let bytes: [UInt8] = [0xfb, 0xef, 0xbe, 0xff, 0xff, 0xff]
        XCTAssertEqual(Base64.encode(bytes, variant: .foundation), "++++////")
        XCTAssertEqual(Base64.encode(bytes, variant: .goRawURL), "----____")
        XCTAssertThrowsError(try Base64.decode("----", variant: .foundation)) {
            XCTAssertEqual($0 as? WireError, .invalidCharacter(encoding: "base64", offset: 0, byte: UInt8(ascii: "-")))
        }
    }

    func testStrictRejectsWhatGoAccepts() throws {
        let strict = Base64Variant(.std, .padded, .strict)
        let go = Base64Variant(.std, .padded, .go)
        XCTAssertThrowsError(try Base64.decode("Zh==", variant: strict)) {
            XCTAssertEqual($0 as? WireError, .nonZeroTrailingBits(offset: 1))
        }
        XCTAssertEqual(try Base64.decode("Zh==", variant: go), [0x66])
        XCTAssertThrowsError(try Base64.decode("Zm9v\r\nYmFy", variant: strict)) {
            XCTAssertEqual(($0 as? WireError)?.offset, 4)
        }
        XCTAssertEqual(try Base64.decode("Zm9v\r\nYmFy", variant: go), Array("foobar".utf8))
        // Offsets in Go mode still point into the original text, past skipped line breaks.
        XCTAssertThrowsError(try Base64.decode("Zm\n9v!mFy", variant: go)) {
            XCTAssertEqual(($0 as? WireError)?.offset, 5)
        }
    }

    func testPaddingRules() {
        let padded = Base64Variant.foundation
        let raw = Base64Variant(.std, .raw, .strict)
        XCTAssertThrowsError(try Base64.decode("Zg", variant: padded)) { XCTAssertEqual($0 as? WireError, .badPadding(offset: 2)) }
        XCTAssertThrowsError(try Base64.decode("Zg=", variant: padded)) { XCTAssertEqual($0 as? WireError, .badPadding(offset: 2)) }
        XCTAssertThrowsError(try Base64.decode("Zg==Zg==", variant: padded)) { XCTAssertEqual($0 as? WireError, .badPadding(offset: 2)) }
        XCTAssertThrowsError(try Base64.decode("Zg==", variant: raw)) { XCTAssertEqual($0 as? WireError, .badPadding(offset: 2)) }
        XCTAssertThrowsError(try Base64.decode("Zm9vY", variant: raw)) { XCTAssertEqual(($0 as? WireError)?.code, "bad-length") }
    }

    /// The strict decoder must agree with libsodium's `sodium_base642bin` on every input: the same
    /// accept/reject decision and the same bytes.
    func testStrictAgreesWithLibsodiumOnMutatedInputs() throws {
        XCTAssertTrue(Libsodium.initialize())
        let variants = Base64Variant.all.filter { $0.mode == .strict }
        var random = SeededRandom(seed: 42)
        let alphabet = Array("AZaz09+/-_=!\n ".utf8)
        var accepted = 0
        for round in 0..<4000 {
            let variant = variants[round % variants.count]
            var text = Array(Base64.encode(random.bytes(Int(random.next() % 12)), variant: variant).utf8)
            // Mutate one position in most rounds so both accept and reject paths are exercised.
            if round % 3 != 0, !text.isEmpty {
                text[Int(random.next() % UInt64(text.count))] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            let ours = try? Base64.decode(utf8: text, variant: variant)
            XCTAssertEqual(
                ours, Libsodium.base64Decode(text, variant: variant), "\(variant) \(String(decoding: text, as: UTF8.self).debugDescription)"
            )
            if ours != nil { accepted += 1 }
        }
        XCTAssertGreaterThan(accepted, 1000)
        XCTAssertLessThan(accepted, 4000)
    }

    /// Long inputs go through the 32-character SIMD blocks (CBase64SIMD) before the scalar loops:
    /// every variant must still agree with libsodium (strict) and with itself (Go mode), and one bad
    /// character anywhere (inside a block, at a block edge, in the tail) is reported at its offset.
    func testLongInputsThroughTheBlockDecoderAgreeAndReportExactOffsets() throws {
        XCTAssertTrue(Libsodium.initialize())
        var random = SeededRandom(seed: 0x4156_5832)
        let bad = Array("!=.*\n\r\u{0} ~".utf8) + [0x80, 0xC3, 0xFF, UInt8(ascii: "-"), UInt8(ascii: "+")]
        for round in 0..<3000 {
            let variant = Base64Variant.all[round % Base64Variant.all.count]
            let plain = random.bytes(Int(random.next() % 200))
            let text = Array(Base64.encode(plain, variant: variant).utf8)
            XCTAssertEqual(try Base64.decode(utf8: text, variant: variant), plain, "\(variant) \(plain.count) bytes")
            if variant.mode == .strict {
                XCTAssertEqual(Libsodium.base64Decode(text, variant: variant), plain, "\(variant)")
            }
            // One byte replaced by one that is not in this alphabet (and not a skipped line break).
            let dataCount = text.count - text.reversed().prefix { $0 == UInt8(ascii: "=") }.count
            guard dataCount > 0 else { continue }
            let position = Int(random.next() % UInt64(dataCount))
            let replacement = bad[Int(random.next() % UInt64(bad.count))]
            let other = variant.alphabet == .std ? UInt8(ascii: "-") : UInt8(ascii: "+")
            guard replacement != UInt8(ascii: "-") && replacement != UInt8(ascii: "+") || replacement == other else { continue }
            guard !(variant.mode == .go && (replacement == 0x0a || replacement == 0x0d)) else { continue }
            // An '=' in the last two places of a padded text can make it validly padded.
            guard !(variant.padding == .padded && replacement == UInt8(ascii: "=") && position >= dataCount - 2) else { continue }
            var broken = text
            broken[position] = replacement
            XCTAssertThrowsError(try Base64.decode(utf8: broken, variant: variant), "\(variant) bad byte at \(position)") { error in
                XCTAssertEqual((error as? WireError)?.offset, position, "\(variant) \(String(decoding: broken, as: UTF8.self))")
            }
        }
    }

    /// Go mode skips CR and LF anywhere and still reports errors at offsets in the text as given.
    /// Held against the rule written out one byte at a time: drop the breaks, remember where each
    /// kept byte stood, decode what is left, and translate the error's offset back.
    func testGoModeLineBreaksAnywhereKeepTheOriginalOffsets() throws {
        var random = SeededRandom(seed: 0x0d0a)
        let noise = Array("\r\n\r\n!=A".utf8)
        var failures = 0
        for round in 0..<3000 {
            let variant = Base64Variant.all.filter { $0.mode == .go }[round % 4]
            var text = Array(Base64.encode(random.bytes(Int(random.next() % 60)), variant: variant).utf8)
            for _ in 0..<Int(random.next() % 6) {
                text.insert(noise[Int(random.next() % UInt64(noise.count))], at: Int(random.next() % UInt64(text.count + 1)))
            }
            var kept: [UInt8] = []
            var origin: [Int] = []
            for (offset, byte) in text.enumerated() where byte != 0x0a && byte != 0x0d {
                kept.append(byte)
                origin.append(offset)
            }
            origin.append(text.count)
            let label = String(decoding: text, as: UTF8.self).debugDescription
            switch Result(catching: { () throws(WireError) in try Base64.decode(utf8: kept, variant: variant) }) {
            case .success(let bytes):
                XCTAssertEqual(try Base64.decode(utf8: text, variant: variant), bytes, "\(variant) \(label)")
            case .failure(let expected):
                failures += 1
                XCTAssertThrowsError(try Base64.decode(utf8: text, variant: variant), "\(variant) \(label)") { error in
                    XCTAssertEqual((error as? WireError)?.offset, origin[expected.offset], "\(variant) \(label)")
                }
            }
        }
        // Both outcomes must be common, or the comparison proves little.
        XCTAssertGreaterThan(failures, 500)
        XCTAssertLessThan(failures, 2500)
    }

    func testVariantNamesRoundTrip() {
        XCTAssertEqual(Base64Variant.all.count, 8)
        for variant in Base64Variant.all { XCTAssertEqual(Base64Variant(name: variant.name), variant) }
        XCTAssertNil(Base64Variant(name: "std-padded"))
        XCTAssertNil(Base64Variant(name: "std-padded-loose"))
    }
}
