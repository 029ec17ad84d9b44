import CrossCheck
import Foundation
import WireCore
import XCTest

@testable import ModelExchange

final class PayloadAndPlistTests: XCTestCase {
    let pair = try! ModelExchangeKeyPair(seed: (1...32).map(UInt8.init))

    func code(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as ModelExchangeError { return error.code } catch { return "\(error)" }
    }

    func testPayloadErrors() throws {
        let wrapper = try PayloadCipher.seal(
            Array("x".utf8), to: pair.publicKey, session: "s", ephemeralPrivateKey: [UInt8](repeating: 7, count: 32),
            nonce: [UInt8](repeating: 1, count: 12))
        func open(_ w: PayloadWrapper, expected: String? = nil) -> String? {
            code { _ = try PayloadCipher.open(w.encoded, keyPair: self.pair, expectedSession: expected) }
        }
        XCTAssertNil(open(wrapper))
        XCTAssertEqual(code { _ = try PayloadCipher.open("not base64!", keyPair: self.pair) }, "payload-not-base64")
        XCTAssertEqual(
            code { _ = try PayloadCipher.open(Base64.encode(Array("[1]".utf8), variant: .foundation), keyPair: self.pair) },
            "payload-not-json")
        var short = wrapper
        short.sealed = Base64.encode([UInt8](repeating: 0, count: 27), variant: .foundation)
        XCTAssertEqual(open(short), "box-too-short")
        var badKey = wrapper
        badKey.ephemeralPublicKey = Base64.encode([UInt8](repeating: 9, count: 31), variant: .foundation)
        XCTAssertEqual(open(badKey), "bad-ephemeral-key")
        badKey.ephemeralPublicKey = Base64.encode([UInt8](repeating: 0, count: 32), variant: .foundation)
        XCTAssertEqual(open(badKey), "bad-ephemeral-key", "a low-order point gives no shared secret")
        var tampered = wrapper
        var box = try Base64.decode(wrapper.sealed, variant: .foundation)
        box[box.count - 1] ^= 1
        tampered.sealed = Base64.encode(box, variant: .foundation)
        XCTAssertEqual(open(tampered), "authentication-failed")
        var otherSession = wrapper
        otherSession.session = "t"
        XCTAssertEqual(open(otherSession), "authentication-failed", "the session is in the HKDF salt")
        XCTAssertEqual(open(wrapper, expected: "other"), "session-mismatch")
        let stranger = try ModelExchangeKeyPair(seed: [UInt8](repeating: 5, count: 32))
        XCTAssertEqual(code { _ = try PayloadCipher.open(wrapper.encoded, keyPair: stranger) }, "authentication-failed")
    }

    func testWrapperAcceptsAnyKeyOrderAndEscapes() throws {
        let json = #"{"ephemeralPublicKey":"AA\/B","sealed":"CC==","session":"s","extra":1}"#
        let wrapper = try PayloadWrapper(encoded: Base64.encode(Array(json.utf8), variant: .foundation))
        XCTAssertEqual(wrapper, PayloadWrapper(session: "s", sealed: "CC==", ephemeralPublicKey: "AA/B"))
    }

    /// FlowDown reads the wrapper with Foundation's JSONDecoder, which finds keys by canonical equivalence
    /// (a Swift dictionary): `ephemeralPublic\u212Aey` with KELVIN SIGN is the field, and of two such spellings
    /// the first wins. The reference reads it so, although its JSON objects otherwise compare scalars.
    func testWrapperKeysMatchAsJSONDecoderMatchesThem() throws {
        struct Decoded: Decodable, Equatable { var session, sealed, ephemeralPublicKey: String }
        let documents = [
            #"{"session":"s","sealed":"x","ephemeralPublic\u212Aey":"K1"}"#,
            #"{"session":"s","sealed":"x","ephemeralPublic\u212Aey":"K1","ephemeralPublicKey":"K2"}"#,
            #"{"session":"s","sealed":"x","ephemeralPublicKey":"K2","ephemeralPublic\u212Aey":"K1"}"#,
            #"{"se\u0073sion":"s","sealed":"x","ephemeralPublicKey":"K2"}"#,
        ]
        for json in documents {
            let foundation = try JSONDecoder().decode(Decoded.self, from: Data(json.utf8))
            let wrapper = try PayloadWrapper(encoded: Base64.encode(Array(json.utf8), variant: .foundation))
            XCTAssertEqual(
                Decoded(session: wrapper.session, sealed: wrapper.sealed, ephemeralPublicKey: wrapper.ephemeralPublicKey), foundation, json)
        }
        XCTAssertEqual(try PayloadWrapper(encoded: Base64.encode(Array(documents[1].utf8), variant: .foundation)).ephemeralPublicKey, "K1")
    }

    static func sampleModel(_ n: Int) -> CloudModel {
        var model = CloudModel()
        model.objectId = "00000000-0000-4000-8000-00000000000\(n)"
        model.deviceId = "11111111-2222-4333-8444-555555555555"
        model.modelIdentifier = "gpt-\(n)"
        model.modelListEndpoint = "$INFERENCE_ENDPOINT$/../../models"
        model.creation = 1_700_000_000
        model.modified = 1_700_000_100
        model.removed = false
        model.endpoint = "https://api.example.com/v1/chat/completions"
        model.token = "sk-secret-\(n)"
        model.headers = ["HTTP-Referer": "https://flowdown.ai/", "X-Title": "FlowDown", "Authorization": "Bearer hidden"]
        model.bodyFields = #"{"temperature":0.2}"#
        model.capabilities = ["visual", "tool"]
        model.context = 64000
        model.responseFormat = "chatCompletions"
        model.comment = "a <comment> & more"
        model.name = "Model \(n)"
        model.temperaturePreference = "inherit"
        model.extensionStorage = [:]
        return model
    }

    /// Our XML writer against Foundation's PropertyListSerialization on the same values.
    func testXMLMatchesFoundationByteForByte() throws {
        for models in [[], [Self.sampleModel(1)], (1...3).map(Self.sampleModel)] {
            let ours = ModelsPlist.encodeXML(models)
            let foundationValue: [[String: Any]] = models.map { Self.foundationObject(.dict(ModelsPlist.dictionary($0))) as! [String: Any] }
            let theirs = try PropertyListSerialization.data(fromPropertyList: foundationValue, format: .xml, options: 0)
            XCTAssertEqual(String(decoding: ours, as: UTF8.self), String(decoding: theirs, as: UTF8.self))
            XCTAssertEqual(try ModelsPlist.decode(ours), models)
        }
    }

    static func foundationObject(_ value: PlistValue) -> Any {
        switch value {
        case .string(let s): s
        case .integer(let i): Int(i)
        case .real(let d): d
        case .bool(let b): b
        case .date(let s): Date(timeIntervalSince1970: TimeInterval(s))
        case .data(let d): Data(d)
        case .array(let a): a.map(foundationObject)
        case .dict(let d): d.mapValues(foundationObject)
        }
    }

    func testLenientDecode() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><dict>
            <key>body_fields</key><string>{}</string>
            <key>context</key><string>not a number</string>
            <key>future_key</key><integer>7</integer>
            </dict></array></plist>
            """
        let models = try ModelsPlist.decode(Array(xml.utf8))
        XCTAssertEqual(models.count, 1)
        XCTAssertEqual(models[0].bodyFields, "{}")
        XCTAssertNil(models[0].context)
        XCTAssertEqual(models[0].unknown, ["context": .string("not a number"), "future_key": .integer(7)])
        // Re-encoding keeps the unknown keys and writes bodyFields under its current name.
        let again = String(decoding: ModelsPlist.encodeXML(models), as: UTF8.self)
        XCTAssertTrue(again.contains("<key>bodyFields</key>") && again.contains("<key>future_key</key>"))

        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let binary = try encoder.encode([["name": "bin", "token": "t"]])
        XCTAssertEqual(try ModelsPlist.decode(Array(binary)).first?.name, "bin")
        XCTAssertEqual(code { _ = try ModelsPlist.decode(Array("<plist><dict/></plist>".utf8)) }, "malformed-plist")
    }

    /// PlistValue tries String first and Int64 before Double; that is only sound while Foundation
    /// decodes each element kind as one type (numbers as both). Unknown keys keep whatever came out, so
    /// a string read as a number, or a real as a date, would show here, in XML and in binary.
    func testEachElementKindKeepsItsKind() throws {
        let cases: [(xml: String, object: Any, expected: PlistValue)] = [
            ("<string>5</string>", "5", .string("5")),
            ("<string>true</string>", "true", .string("true")),
            ("<string>2020-01-01T00:00:00Z</string>", "2020-01-01T00:00:00Z", .string("2020-01-01T00:00:00Z")),
            ("<string>AAEC</string>", "AAEC", .string("AAEC")),
            ("<string></string>", "", .string("")),
            ("<true/>", true, .bool(true)),
            ("<integer>5</integer>", 5, .integer(5)),
            ("<real>5.5</real>", 5.5, .real(5.5)),
            ("<real>5.0</real>", 5.0, .integer(5)),
            ("<date>2020-01-01T00:00:00Z</date>", Date(timeIntervalSince1970: 1_577_836_800), .date(1_577_836_800)),
            ("<data>AAEC</data>", Data([0, 1, 2]), .data([0, 1, 2])),
            ("<array><string>a</string></array>", ["a"], .array([.string("a")])),
            ("<array/>", [String](), .array([])),
            ("<dict><key>a</key><string>b</string></dict>", ["a": "b"], .dict(["a": .string("b")])),
        ]
        for (xml, object, expected) in cases {
            let document =
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><array><dict><key>k</key>\(xml)</dict></array></plist>"
            XCTAssertEqual(try ModelsPlist.decode(Array(document.utf8)).first?.unknown["k"], expected, "XML \(xml)")
            let binary = try PropertyListSerialization.data(fromPropertyList: [["k": object]], format: .binary, options: 0)
            XCTAssertEqual(try ModelsPlist.decode(Array(binary)).first?.unknown["k"], expected, "binary \(xml)")
        }
    }

    func testDescriptionHidesSecrets() {
        let text = "\(Self.sampleModel(1))"
        XCTAssertFalse(text.contains("sk-secret"))
        XCTAssertFalse(text.contains("Bearer hidden"))
        XCTAssertTrue(text.contains("Authorization"))
    }

    /// Dates written without the formatter agree with Foundation's `ISO8601DateFormatter` on the
    /// edges of the years written directly, around the epoch, and on random seconds from year 1 to
    /// 12000 (outside 1583...9999 the formatter itself is used).
    func testDatesMatchFoundationsFormatter() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let range = ModelsPlist.gregorianSeconds
        var seconds: [Int64] = [0, -1, 1, 86_399, 86_400, -86_400, -86_401, 951_782_400, 4_107_542_399]
        seconds += [
            range.lowerBound - 1, range.lowerBound, range.lowerBound + 1, range.upperBound - 1, range.upperBound, range.upperBound + 1,
        ]
        var random = SeededRandom(seed: 0x6461_7465)
        let first: Int64 = -62_135_596_800  // 0001-01-01
        for _ in 0..<3_000 { seconds.append(first + Int64(random.next() % 378_000_000_000)) }
        for value in seconds {
            XCTAssertEqual(
                ModelsPlist.iso8601(value), formatter.string(from: Date(timeIntervalSince1970: TimeInterval(value))), "\(value)")
        }
    }

    func testEscapingOfPlistText() {
        XCTAssertEqual(ModelsPlist.escape("a<b>&c"), "a&lt;b&gt;&amp;c")
        XCTAssertEqual(ModelsPlist.escape("é & \u{1F600}"), "é &amp; \u{1F600}")
        XCTAssertEqual(ModelsPlist.escape("plain"), "plain")
    }
}
