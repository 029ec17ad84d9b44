import ConformanceKit
import ModelExchange
import WireCore
import XCTest

@testable import FlowDownConformance

/// The FlowDown suites' rules for fuzz-made inputs: Foundation's leniency in the payload wrapper may be refused where
/// the reference opens the payload; scenarios outside the session contract are not asked.
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
