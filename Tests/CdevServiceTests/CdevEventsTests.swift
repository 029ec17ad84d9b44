import CdevAuth
import WireCore
import XCTest

@testable import CdevService

/// The `/ws` frames of cdev spec section 5.1.
final class CdevEventsTests: XCTestCase {
    func testHeartbeatIsTheLegacyEnvelope() throws {
        let text = CdevEvents.heartbeat(sequence: 3, now: 1_767_056_400.5, uptime: 90)
        XCTAssertEqual(
            text,
            #"{"event":"heartbeat","timestamp":"2025-12-30T01:00:00.5Z","payload":{"server_time":"2025-12-30T01:00:00Z","sequence":3,"cl"#
                + #"aude_status":"idle","uptime_seconds":90}}"#
        )
    }

    func testRFC3339NanoTrimsZeros() {
        XCTAssertEqual(CdevEvents.rfc3339Nano(1_767_056_400), "2025-12-30T01:00:00Z")
        XCTAssertEqual(CdevEvents.rfc3339Nano(1_767_056_400.25), "2025-12-30T01:00:00.25Z")
    }

    func testProtocolDetectionAndAnswers() throws {
        XCTAssertEqual(CdevEvents.detect(#"{"jsonrpc":"2.0","id":1,"method":"x"}"#), .jsonRPC)
        XCTAssertEqual(CdevEvents.detect(#"{"command":"run_claude"}"#), .legacy)
        XCTAssertEqual(CdevEvents.detect("hello"), .unknown)
        let answer = try XCTUnwrap(CdevEvents.answer(to: #"{"jsonrpc":"2.0","id":"a","method":"agent/run"}"#, now: 0))
        XCTAssertEqual(answer, #"{"jsonrpc":"2.0","id":"a","error":{"code":-32601,"message":"Method not found: agent/run"}}"#)
        XCTAssertNil(CdevEvents.answer(to: #"{"jsonrpc":"2.0","method":"notify"}"#, now: 0), "notifications get no answer")
        let legacy = try XCTUnwrap(CdevEvents.answer(to: #"{"command":"run_claude","request_id":"r1"}"#, now: 0))
        XCTAssertTrue(
            legacy.hasPrefix(
                #"{"event":"error","timestamp":"1970-01-01T00:00:00Z","payload":{"message":"unsupported command: "#
                    + #"run_claude"},"request_id":"r1"}"#
            ))
    }
}
