import CdevAuth
import ConformanceKit
import WireCore
import XCTest

@testable import CdevConformance

/// The cdev token suite's rule for fuzz-made inputs: what only Go's leniency accepts may be refused (contract 5),
/// but only where the reference accepts the token.
final class CdevTokenAmbiguityTests: XCTestCase {
    typealias F = CdevFields
    let suite = CdevTokenSuite()
    let validate = TestGroup(type: CdevTokenSuite.validate.type, tests: [])
    let mint = TestGroup(type: CdevTokenSuite.mint.type, tests: [])

    func validateInput(payload: String, now: Int64 = 1_735_516_800) -> JSONObject {
        let token = CdevTokenSuite.token(prefix: "cdev_p_", payloadBytes: Array(payload.utf8))
        return JSONObject(F.tokenToValidate(token), F.secret(CdevTokenSuite.secret), F.validatingServerId("srv"), F.now(now))
    }

    func isEither(_ ambiguity: InputAmbiguity) -> Bool { if case .either = ambiguity { true } else { false } }

    func testGoLeniencyOnAnAcceptedTokenMayBeRefused() {
        let plain = #"{"type":"pairing","server_id":"srv","issued_at":1,"expires_at":1735520400,"nonce":"n"}"#
        XCTAssertEqual(suite.ambiguity(of: validateInput(payload: plain), in: validate), .referenceOnly)
        for lenient in [
            plain.replacingOccurrences(of: #""nonce""#, with: #""scope":"all","nonce""#),  // an unknown key
            plain.replacingOccurrences(of: #""nonce""#, with: #""nonce":"m","nonce""#),  // a repeated key
            plain.replacingOccurrences(of: #""server_id""#, with: #""Server_ID""#),  // a case-folded key
            plain.replacingOccurrences(of: #""nonce""#, with: #""x":1e999,"nonce""#),  // beyond a double
        ] {
            XCTAssertTrue(isEither(suite.ambiguity(of: validateInput(payload: lenient), in: validate)), lenient)
        }
        // The same leniency on a token the reference refuses (expired): judged as the reference judges it.
        let expired = validateInput(
            payload: plain.replacingOccurrences(of: #""nonce""#, with: #""scope":"all","nonce""#), now: 1_735_520_401)
        XCTAssertEqual(suite.ambiguity(of: expired, in: validate), .referenceOnly)
        // A line break in the body: Go skips it.
        var broken = validateInput(payload: plain)
        let token = broken[F.tokenToValidate]!
        broken.set(F.tokenToValidate, String(token.prefix(20)) + "\n" + token.dropFirst(20))
        XCTAssertTrue(isEither(suite.ambiguity(of: broken, in: validate)))
    }

    func testAMintOfAnUnknownTypeMayBeRefused() {
        var input = CdevTokenSuite.mintInput(CdevTokenSuite.payload(.access))
        XCTAssertEqual(suite.ambiguity(of: input, in: mint), .referenceOnly)
        input.set(F.type, "")
        XCTAssertTrue(isEither(suite.ambiguity(of: input, in: mint)))
        input.set(F.type, "p\u{0430}iring")  // a Cyrillic a
        XCTAssertTrue(isEither(suite.ambiguity(of: input, in: mint)))
    }
}
