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

    /// A 50 MB body in a report line would bury it: one repeated byte is made by the shell (and the
    /// line's pipe, run here, makes exactly that body), anything else is named as a file.
    func testLongBodiesAreNotWrittenOut() throws {
        let body = [UInt8](repeating: 0x57, count: 5000)
        let line = CurlLine.make(baseURL: "http://h:1", method: "POST", target: "/up", headers: [], body: body)
        XCTAssertTrue(line.hasSuffix("| curl -sS -i -X POST --data-binary @- 'http://h:1/up'"), line)
        let pipe = String(line[..<line.range(of: "| curl")!.lowerBound])
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", pipe]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let made = output.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        XCTAssertEqual(Array(made), body)

        var mixed = body
        mixed[4999] = 0x58
        let named = CurlLine.make(baseURL: "http://h:1", method: "POST", target: "/up", headers: [], body: mixed)
        XCTAssertEqual(
            named, "curl -sS -i -X POST --data-binary @body.bin 'http://h:1/up'  # body.bin: the 5000-byte body, too long to write here")
    }
}
