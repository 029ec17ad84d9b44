import XCTest

@testable import ConformanceKit

/// Live-check reproducers: runnable curl lines that never contain a token.
final class CurlLineTests: XCTestCase {
    func testTokensBecomePlaceholdersThatExpand() {
        let line = CurlLine.make(
            baseURL: "http://127.0.0.1:8766", method: "POST", target: "/ws?token=cdev_s_eyJw-_x9",
            headers: [("Authorization", "Bearer cdev_r_eyJabc"), ("X-Note", "it's")],
            body: Array(#"{"pairing_token":"cdev_p_eyJ0","x":"$HOME"}"#.utf8))
        XCTAssertEqual(
            line,
            #"curl -sS -i -X POST -H "Authorization: Bearer $CDEV_R_TOKEN" -H 'X-Note: it'\''s' --data-binary "#
                + #""{\"pairing_token\":\"$CDEV_P_TOKEN\",\"x\":\"\$HOME\"}" "http://127.0.0.1:8766/ws?token=$CDEV_S_TOKEN""#
        )
        XCTAssertFalse(line.contains("eyJ"))
    }

    func testTextWithoutTokensIsSingleQuoted() {
        XCTAssertEqual(
            CurlLine.make(baseURL: "http://h:1", method: "GET", target: "/api/pair/info", headers: [], body: nil),
            "curl -sS -i 'http://h:1/api/pair/info'")
        XCTAssertEqual(CurlLine.redact("cdev_x_abc cdev_"), "cdev_x_abc cdev_")
    }
}
