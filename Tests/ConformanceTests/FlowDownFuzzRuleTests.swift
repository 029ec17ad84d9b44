import ConformanceKit
import Foundation
import ModelExchange
import WireCore
import XCTest

@testable import FlowDownConformance

/// The FlowDown suites' rules for fuzz-made inputs: Foundation's leniency in the payload wrapper may be refused where
/// the reference opens the payload, and in a models plist or date text; scenarios outside the session contract are
/// not asked.
final class FlowDownFuzzRuleTests: XCTestCase {
    typealias F = FlowDownFields
    let suite = FlowDownPayloadSuite()
    let open = TestGroup(type: FlowDownPayloadSuite.open.type, tests: [])

    func input(_ wrapper: String) -> JSONObject {
        JSONObject(F.seed(FlowDownPayloadSuite.recipientSeed), F.payload(Base64.encode(Array(wrapper.utf8), variant: .foundation)))
    }

    func isRefusable(_ ambiguity: InputAmbiguity) -> Bool { if case .refusable = ambiguity { true } else { false } }

    func testFoundationsLeniencyOnAnOpenedPayloadMayBeRefused() throws {
        let sealed = FlowDownPayloadSuite.seal(
            Array("m".utf8), session: "s1", ephemeral: FlowDownFixtures.seed(21), nonce: Array(FlowDownFixtures.seed(22).prefix(12)))
        let members = #""sealed":"\#(sealed.sealed)","ephemeralPublicKey":"\#(sealed.ephemeralPublicKey)""#
        XCTAssertEqual(suite.ambiguity(of: input(#"{"session":"s1",\#(members)}"#), in: open), .referenceOnly)
        let kelvin = members.replacingOccurrences(of: "PublicKey", with: "Public\u{212A}ey")
        for lenient in [
            "\u{FEFF}" + #"{"session":"s1",\#(members)}"#,  // a byte-order mark
            #"{"session":"s1","session":"s2",\#(members)}"#,  // a repeated key, the first opens
            #"{"session":"s1",\#(kelvin)}"#,  // KELVIN SIGN
            // Both spellings, the canonical one first: FlowDown reads it, an exact reader the other.
            #"{"session":"s1",\#(kelvin),"ephemeralPublicKey":"AAAA"}"#,
        ] {
            XCTAssertTrue(isRefusable(suite.ambiguity(of: input(lenient), in: open)), lenient)
        }
        // A trailing comma: the reference refuses it, FlowDown opens it; its answer is the other conforming one.
        guard case .oneOf(_, let results) = suite.ambiguity(of: input(#"{"session":"s1",\#(members),}"#), in: open) else {
            return XCTFail("a trailing comma FlowDown reads")
        }
        XCTAssertEqual(results, [JSONObject(F.payloadSession("s1"), F.plaintext(Array("m".utf8)))])
        // The same leniency on a payload nobody opens: a refusal of any class, never an acceptance.
        XCTAssertTrue(isRefusable(suite.ambiguity(of: input(#"{"session":"s2","session":"s1",\#(members)}"#), in: open)))
        XCTAssertEqual(suite.ambiguity(of: input(#"{"session":"s2",\#(members)}"#), in: open), .referenceOnly)
    }

    /// The binary plist of `[{"name": "binary model"}]` (objects at 8, 10, 13 and 18) with object 3's offset `offset`.
    func binaryPlist(valueAt offset: UInt8) -> [UInt8] {
        var bytes = FlowDownModelsSuite.binaryPlist()
        let table = bytes.count - 32 - 4
        XCTAssertEqual(Array(bytes[table...].prefix(4)), [8, 10, 13, 18], "the layout these tests change")
        bytes[table + 3] = offset
        return bytes
    }

    /// A binary plist no writer makes, which Foundation decodes anyway (an object in the header, two objects sharing
    /// bytes), and an XML date in another form than FlowDown's may be refused; a reordered table may not.
    func testPlistsOnlyFoundationReadsMayBeRefused() throws {
        let models = FlowDownModelsSuite()
        let decode = TestGroup(type: FlowDownModelsSuite.decodeModels.type, tests: [])
        func ambiguity(_ bytes: [UInt8]) -> InputAmbiguity { models.ambiguity(of: JSONObject(F.plist(bytes)), in: decode) }
        XCTAssertEqual(ambiguity(binaryPlist(valueAt: 18)), .unknown)
        // The reference reads the header's "pl", "is" as a UTF-16 string; from the "e" of "name", 5 UTF-16 units over the
        // string after it; from its "n", 14 running into the offset table.
        XCTAssertEqual(try ModelsPlist.decode(binaryPlist(valueAt: 0)).first?.name, "\u{706C}\u{6973}")
        XCTAssertEqual(try ModelsPlist.decode(binaryPlist(valueAt: 17)).first?.name?.utf16.count, 5)
        XCTAssertEqual(try ModelsPlist.decode(binaryPlist(valueAt: 14)).first?.name?.utf16.count, 14)
        for offset: UInt8 in [0, 14, 17] { XCTAssertTrue(isRefusable(ambiguity(binaryPlist(valueAt: offset))), "\(offset)") }
        // From the "b" of "binary model", now no object's: 2 units ("inar") that share no byte; any reader reads them.
        XCTAssertEqual(try ModelsPlist.decode(binaryPlist(valueAt: 19)).first?.name, "\u{696E}\u{6172}")
        XCTAssertEqual(ambiguity(binaryPlist(valueAt: 19)), .unknown)
        // Key and value swapped in the table: out of order, nothing shared; a plain reader reads it too.
        var swapped = binaryPlist(valueAt: 13)
        swapped[swapped.count - 32 - 2] = 18
        XCTAssertEqual(ModelJSON.json(.dict(ModelsPlist.dictionary(try ModelsPlist.decode(swapped)[0]))), ["binary model": "name"])
        XCTAssertEqual(ambiguity(swapped), .unknown)
        func xml(_ date: String) -> [UInt8] {
            let model = "<dict><key>creation</key><date>\(date)</date></dict>"
            return Array(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array>\#(model)</array></plist>"#.utf8)
        }
        XCTAssertEqual(ambiguity(xml("2023-11-14T22:13:21Z")), .unknown)
        XCTAssertTrue(isRefusable(ambiguity(xml("223-11-14T22:13:21Z"))))
        XCTAssertTrue(isRefusable(ambiguity(xml("2023-02-30T00:00:00Z"))))
    }

    /// An offset-table entry nothing refers to, at a byte no object type starts with (0xE0, inside a data value):
    /// Foundation reads what the top object reaches and decodes the plist; a reader that reads every entry refuses it,
    /// and may (a layout no writer makes).
    func testAnUnreadableObjectNothingRefersToMayBeRefused() throws {
        struct Model: Encodable {
            let name: String
            let ext: Data
        }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let written = Array(try encoder.encode([Model(name: "m", ext: Data([0xE0]))]))
        let trailer = written.count - 32
        XCTAssertEqual(written[trailer + 6], 1, "1-byte offsets: the entry appended below is one byte")
        XCTAssertEqual(Array(written[(trailer + 8)..<(trailer + 15)]), [0, 0, 0, 0, 0, 0, 0], "fewer than 256 objects")
        let garbage = try XCTUnwrap(written.lastIndex(of: UInt8(0xE0)))
        // The table ends where the trailer starts: one more entry there, and one more object in the trailer's count.
        var bytes = Array(written[..<trailer]) + [UInt8(garbage)] + Array(written[trailer...])
        bytes[bytes.count - 32 + 15] += 1
        XCTAssertEqual(try ModelsPlist.decode(bytes).first?.name, "m")
        let models = FlowDownModelsSuite()
        let decode = TestGroup(type: FlowDownModelsSuite.decodeModels.type, tests: [])
        XCTAssertTrue(isRefusable(models.ambiguity(of: JSONObject(F.plist(bytes)), in: decode)))
        XCTAssertEqual(models.ambiguity(of: JSONObject(F.plist(written)), in: decode), .unknown)
    }

    /// `{"date": text}` that Foundation's formatter reads but writes otherwise may be kept as text, with `--strict` too;
    /// a third plist fails.
    func testALenientDateTextMayStayADict() throws {
        let models = FlowDownModelsSuite()
        let encode = FlowDownModelsSuite.encodeModels
        func input(_ date: String) -> JSONObject {
            JSONObject(F.models([["name": "m", "creation": ["date": .string(date)]]]))
        }
        XCTAssertEqual(models.ambiguity(of: input("2023-01-14T22:13:22Z"), in: TestGroup(type: encode.type, tests: [])), .unknown)
        let lenient = input("2023-1/-14T22:13:22Z")
        guard case .stricterReading(_, let results) = models.ambiguity(of: lenient, in: TestGroup(type: encode.type, tests: [])),
            let kept = results.first
        else { return XCTFail("a date text only Foundation reads") }
        let reference = JSONObject(F.plist(ModelsPlist.encodeXML(try FlowDownOps.cloudModels(lenient[F.models]!))))
        XCTAssertEqual(
            ModelJSON.json(.dict(ModelsPlist.dictionary(try ModelsPlist.decode(reference[F.plist]!)[0])))["creation"],
            ["date": "2023-01-14T22:13:22Z"], "Foundation's reading: 14 January")
        XCTAssertEqual(
            ModelJSON.json(.dict(ModelsPlist.dictionary(try ModelsPlist.decode(kept[F.plist]!)[0])))["creation"],
            ["date": "2023-1/-14T22:13:22Z"], "the stricter reading: a dict")
        let seed = TestCase(id: "seed", comment: "", flagNames: [], spec: [], input: [:], result: .valid)
        let fuzzed = FuzzCase(suite: models, kind: encode, params: [:], input: lenient, seed: seed)
        let strict = CaseJudge(strict: true, expectations: Expectations())
        func status(_ answer: JSONObject) -> CaseStatus {
            fuzzed.judged(.success(.success(answer)), reference: .success(reference), by: strict).verdict.status
        }
        XCTAssertEqual(status(reference), .pass)
        XCTAssertEqual(status(kept), .pass)
        let other = JSONObject(F.plist(ModelsPlist.encodeXML(try FlowDownOps.cloudModels([["name": "m"]]))))
        XCTAssertEqual(status(other), .fail)
        // Made from an acceptable case (encode-ext-data allows dropping ext_data), the rule takes nothing away: any
        // answer passes without --strict, as on that case.
        let acceptableSeed = TestCase(id: "seed", comment: "", flagNames: [], spec: [], input: [:], result: .acceptable)
        let fromAcceptable = FuzzCase(suite: models, kind: encode, params: [:], input: lenient, seed: acceptableSeed)
        let plain = CaseJudge(strict: false, expectations: Expectations())
        XCTAssertFalse(
            fromAcceptable.judged(.success(.success(other)), reference: .success(reference), by: plain).verdict.status.failsRun)
        XCTAssertTrue(fuzzed.judged(.success(.success(other)), reference: .success(reference), by: plain).verdict.status.failsRun)
    }

    func testScenariosOutsideTheContractAreBadRequests() throws {
        let pk = FlowDownFixtures.keyPair(FlowDownFixtures.specSeed).publicKey.encoded
        let handshake = HandshakeRequest.url(publicKey: try ModelExchangePublicKey(encoded: pk), callbackScheme: "example-callback")
        let steps: [FlowDownSessionStep] = [.open(handshake, at: 0), .open(handshake, at: 0)]
        XCTAssertEqual(
            try FlowDownSessionSuite.outcomes(models: [], sessions: ["a", "b"], steps: steps), ["verification a", "verification b"])
        for (sessions, steps) in [(["a"], steps), (["a", "b"], [.open("flowdowwn" + handshake.dropFirst(8), at: 0)])] {
            XCTAssertThrowsError(try FlowDownSessionSuite.outcomes(models: [], sessions: sessions, steps: steps)) {
                XCTAssertEqual(($0 as? ShimError)?.code, ShimError.badRequestCode)
            }
        }
    }
}
