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

    func isRefusable(_ ambiguity: InputAmbiguity) -> Bool { if case .refusable = ambiguity { true } else { false } }

    func testGoLeniencyOnAnAcceptedTokenMayBeRefused() {
        let plain = #"{"type":"pairing","server_id":"srv","issued_at":1,"expires_at":1735520400,"nonce":"n"}"#
        XCTAssertEqual(suite.ambiguity(of: validateInput(payload: plain), in: validate), .referenceOnly)
        for lenient in [
            plain.replacingOccurrences(of: #""nonce""#, with: #""scope":"all","nonce""#),  // an unknown key
            plain.replacingOccurrences(of: #""nonce""#, with: #""nonce":"m","nonce""#),  // a repeated key
            plain.replacingOccurrences(of: #""server_id""#, with: #""Server_ID""#),  // a case-folded key
            plain.replacingOccurrences(of: #""nonce""#, with: #""x":1e999,"nonce""#),  // beyond a double
        ] {
            XCTAssertTrue(isRefusable(suite.ambiguity(of: validateInput(payload: lenient), in: validate)), lenient)
        }
        // The same leniency on a token the reference refuses (expired): a refusal of any class conforms too, and an
        // acceptance still fails (judged against the reference's refusal, as testARefusableInput… shows for output).
        let expired = validateInput(
            payload: plain.replacingOccurrences(of: #""nonce""#, with: #""scope":"all","nonce""#), now: 1_735_520_401)
        XCTAssertTrue(isRefusable(suite.ambiguity(of: expired, in: validate)))
        // A line break in the body: Go skips it.
        var broken = validateInput(payload: plain)
        let token = broken[F.tokenToValidate]!
        broken.set(F.tokenToValidate, String(token.prefix(20)) + "\n" + token.dropFirst(20))
        XCTAssertTrue(isRefusable(suite.ambiguity(of: broken, in: validate)))
    }

    /// On such an input a refusal passes, and an acceptance must still have the reference's output, even without
    /// `--strict` (a reader keeping the first of a repeated nonce is wrong in every reading).
    func testARefusableInputPassesARefusalButNotAnotherOutput() throws {
        let payload = #"{"type":"pairing","server_id":"srv","issued_at":1,"expires_at":1735520400,"nonce":"m","nonce":"n"}"#
        let input = validateInput(payload: payload)
        let read = try CdevToken.validate(input[F.tokenToValidate]!, secret: CdevTokenSuite.secret, serverId: "srv", now: 1_735_516_800)
        XCTAssertEqual(read.nonce, "n", "Go keeps the last copy")
        let reference = JSONObject(F.payload(read.json))
        var firstCopy = read
        firstCopy.nonce = "m"
        let seed = TestCase(id: "seed", comment: "", flagNames: [], spec: [], input: [:], result: .valid)
        let fuzzed = FuzzCase(suite: suite, kind: CdevTokenSuite.validate, params: [:], input: input, seed: seed)
        let judge = CaseJudge(strict: false, expectations: Expectations())
        func status(_ answer: Result<JSONObject, ShimError>) -> CaseStatus {
            fuzzed.judged(.success(answer), reference: .success(reference), by: judge).verdict.status
        }
        XCTAssertEqual(status(.failure(ShimError(code: "invalid-format"))), .pass)
        XCTAssertEqual(status(.success(reference)), .pass)
        XCTAssertEqual(status(.success(JSONObject(F.payload(firstCopy.json)))), .fail)
        // Where the reference refuses (expired), accepting fails and any refusal passes.
        let expiredCase = FuzzCase(
            suite: suite, kind: CdevTokenSuite.validate, params: [:], input: validateInput(payload: payload, now: 1_735_520_401), seed: seed
        )
        let expired: Result<JSONObject, ShimError> = .failure(ShimError(code: "expired"))
        XCTAssertEqual(expiredCase.judged(.success(.success(reference)), reference: expired, by: judge).verdict.status, .fail)
        let strict = CaseJudge(strict: true, expectations: Expectations())
        XCTAssertEqual(
            expiredCase.judged(.success(.failure(ShimError(code: "invalid-format"))), reference: expired, by: strict).verdict.status, .pass)
    }

    func testAMintOfAnUnknownTypeMayBeRefused() {
        var input = CdevTokenSuite.mintInput(CdevTokenSuite.payload(.access))
        XCTAssertEqual(suite.ambiguity(of: input, in: mint), .referenceOnly)
        input.set(F.type, "")
        XCTAssertTrue(isRefusable(suite.ambiguity(of: input, in: mint)))
        input.set(F.type, "p\u{0430}iring")  // a Cyrillic a
        XCTAssertTrue(isRefusable(suite.ambiguity(of: input, in: mint)))
    }
}
