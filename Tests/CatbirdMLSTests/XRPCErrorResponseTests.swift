import CatbirdMLS
import XCTest

/// The reading of XRPC error answers beyond what the `mls/xrpc-error` vectors pin down.
final class XRPCErrorResponseTests: XCTestCase {
    func read(_ status: Int, _ body: String, contentType: String? = "application/json", retryAfter: String? = nil) -> XRPCErrorResponse {
        XRPCErrorResponse(status: status, contentType: contentType, retryAfter: retryAfter, body: Array(body.utf8))
    }

    func testARetryAfterPastIntMaxIsNoDelay() {
        XCTAssertEqual(read(429, "", retryAfter: "9223372036854775807").retryAfter, Int.max)
        XCTAssertNil(read(429, "", retryAfter: "9223372036854775808").retryAfter, "one past Int.max would wait forever")
        XCTAssertNil(read(429, "", retryAfter: "+5").retryAfter)
        XCTAssertNil(read(429, "", retryAfter: "5 5").retryAfter)
    }

    func testBodiesThatAreNotUTF8OrNotJSONGiveNoName() {
        let answer = XRPCErrorResponse(status: 400, contentType: "application/json", retryAfter: nil, body: [0x7b, 0xff, 0xfe, 0x7d])
        XCTAssertNil(answer.error)
        XCTAssertNil(answer.message)
        XCTAssertNil(read(400, "{\"message\":\"only a message\"}").message, "no message without an error name")
    }

    func testDeclaredNamesAreTheEndpointsOwnAndTheGenericOnes() {
        XCTAssertTrue(read(409, "{\"error\":\"KeyPackageNotFound\"}").isDeclared(by: .addMembers))
        XCTAssertFalse(read(409, "{\"error\":\"KeyPackageNotFound\"}").isDeclared(by: .getConvos))
        XCTAssertTrue(read(413, "{\"error\":\"PayloadTooLarge\"}").isDeclared(by: .getConvos))
        XCTAssertFalse(read(400, "").isDeclared(by: .getConvos), "no name is not declared")
    }
}
