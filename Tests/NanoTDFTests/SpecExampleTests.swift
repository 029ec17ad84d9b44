import NanoTDF
import WireCore
import XCTest

/// The two worked examples of opentdf/spec section 6 parse to their published fields, and every
/// refusal names the byte where it happened.
final class SpecExampleTests: XCTestCase {
    static let examples: [(name: String, bytes: [UInt8], headerLength: Int)] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/nanotdf-spec-examples.json")
        guard let data = FileManager.default.contents(atPath: url.path),
            let examples = (try? JSONParser.parse(Array(data)))?["examples"]?.arrayValue
        else { return [] }
        return examples.compactMap { example in
            guard let name = example["name"]?.stringValue, let hex = example["containerHex"]?.stringValue, let bytes = try? Hex.decode(hex),
                let length = example["headerLength"]?.intValue
            else { return nil }
            return (name, bytes, Int(length))
        }
    }()

    func testExampleOneHasThePublishedFields() throws {
        let example = try XCTUnwrap(Self.examples.first { $0.name == "spec-example-1" }, "Examples/nanotdf-spec-examples.json")
        XCTAssertEqual(example.bytes.count, 258)
        let container = try Container.parse(example.bytes)
        let header = container.header
        XCTAssertEqual(header.version, .l1l)
        XCTAssertEqual(header.kas.protocolCode, 1)
        XCTAssertEqual(String(decoding: header.kas.body, as: UTF8.self), "kas.virtru.com")
        XCTAssertEqual(header.eccModeByte, 0x80)
        XCTAssertEqual(header.configByte, 0x80)
        XCTAssertTrue(header.ecdsaBinding)
        XCTAssertEqual(header.curve, .secp256r1)
        XCTAssertEqual(header.cipher, .aes256GCM64)
        XCTAssertEqual(header.policy.kind, .remote)
        XCTAssertEqual(header.policy.locator.map { String(decoding: $0.body, as: UTF8.self) }, "kas.virtru.com/policy")
        XCTAssertEqual(header.policy.binding.count, 64)
        XCTAssertEqual(Hex.encode(header.ephemeralPublicKey.prefix(3)), "02f77f")
        XCTAssertEqual(Hex.encode(container.payload.iv), "9ebd09")
        XCTAssertEqual(Hex.encode(container.payload.ciphertext), "1752268e03")
        XCTAssertEqual(Hex.encode(container.payload.tag), "f9fd8014af7ccb06")
        XCTAssertEqual(Hex.encode(container.signature?.publicKey.prefix(3) ?? []), "02d5cf")
        XCTAssertEqual(container.signature?.signature.count, 64)
        XCTAssertEqual(try Container.parseHeader(example.bytes).length, example.headerLength)
        XCTAssertEqual(container.bytes, example.bytes)
    }

    func testExampleTwoHasThePublishedFields() throws {
        let example = try XCTUnwrap(Self.examples.first { $0.name == "spec-example-2" })
        XCTAssertEqual(example.bytes.count, 197)
        let container = try Container.parse(example.bytes)
        XCTAssertEqual(String(decoding: container.header.kas.body, as: UTF8.self), "kas.example.com")
        XCTAssertEqual(container.header.configByte, 0x35)
        XCTAssertFalse(container.header.hasSignature)
        XCTAssertEqual(container.header.signatureCurveBits, 3, "an unused signature curve is kept as written")
        XCTAssertEqual(container.header.cipher, .aes256GCM128)
        XCTAssertEqual(Hex.encode(container.payload.iv), "50e49c")
        XCTAssertEqual(container.payload.tag.count, 16)
        XCTAssertEqual(container.payload.ciphertext.count, 24, "\"Keep this message secret\" is 24 bytes")
        XCTAssertNil(container.signature)
        XCTAssertEqual(try Container.parseHeader(example.bytes).length, example.headerLength)
        XCTAssertEqual(container.bytes, example.bytes)
    }

    func testRefusalsNameTheirByte() throws {
        let bytes = try XCTUnwrap(Self.examples.first).bytes
        func refusal(_ change: (inout [UInt8]) -> Void) -> NanoTDFError? {
            var changed = bytes
            change(&changed)
            do {
                _ = try Container.parse(changed)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(refusal { $0[19] = 0x88 }, .reservedBits(0x88, offset: 19))
        XCTAssertEqual(refusal { $0[20] = 0x86 }, .badCipher(6, offset: 20))
        XCTAssertEqual(refusal { $0[21] = 0x04 }, .badPolicyType(4, offset: 21))
        XCTAssertEqual(refusal { $0[109] = 0x04 }, .badPoint(field: "ephemeralPublicKey", offset: 109))
        XCTAssertEqual(refusal { $0[145...147] = [0, 0, 0] }, .reservedIV(offset: 145))
        XCTAssertEqual(refusal { $0.append(0) }, .trailingBytes(count: 1, offset: 258))
        XCTAssertEqual(refusal { $0.removeLast() }, .truncated(field: "signature.signature", offset: 194))
        XCTAssertEqual(refusal { $0[144] = 10 }, .badPayloadLength(10, offset: 142))
        XCTAssertEqual(refusal { $0[2] = 0x4E }?.code, "unsupported-version")
    }

    /// Fuzz/FailCases/FuzzNanoTDF*/ replayed (none yet: the folder is created when a target first crashes).
    func testParseNeverAcceptsWhatItCannotWriteBack() throws {
        for (name, bytes, _) in Self.examples {
            for cut in 0...bytes.count {
                let prefix = Array(bytes.prefix(cut))
                if let container = try? Container.parse(prefix) { XCTAssertEqual(container.bytes, prefix, "\(name) cut at \(cut)") }
                if let (header, length) = try? Container.parseHeader(prefix) {
                    XCTAssertEqual(header.bytes, Array(prefix.prefix(length)), "\(name) header cut at \(cut)")
                }
            }
        }
    }
}
