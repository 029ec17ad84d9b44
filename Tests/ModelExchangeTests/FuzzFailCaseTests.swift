import Foundation
import WireCheckTestSupport
import WireCore
import XCTest

@testable import ModelExchange

/// The ModelExchange inputs fuzz targets crashed on (Fuzz/FailCases/FuzzFlowDown*/), replayed.
final class ModelExchangeFuzzFailCaseTests: XCTestCase {
    /// Foundation traps on non-UTF-8 bytes in <integer>, and follows reference cycles in binary
    /// plists for minutes; the decoder refuses both, quickly.
    func testPlistFailCasesAreRefusedQuickly() throws {
        for (name, bytes) in try FuzzFailCases.inputs("FuzzFlowDownPlist") {
            let started = Date()
            XCTAssertThrowsError(try ModelsPlist.decode(bytes), name) {
                XCTAssertEqual(($0 as? ModelExchangeError)?.code, "malformed-plist", name)
            }
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, name)
        }
    }

    /// The reference reads each URL as Foundation does (nul-in-host: Foundation has no URL for a host with
    /// a NUL); and rewriting a parsed URL keeps every item that carries something: a lone nameless,
    /// valueless item writes as an empty query, and a '?' decoded into the path is escaped again.
    func testURLFailCasesRoundTrip() throws {
        for (name, bytes) in try FuzzFailCases.inputs("FuzzFlowDownURL") {
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertEqual(FoundationURLDifferentialTests.reference(text), FoundationURLDifferentialTests.foundation(text), name)
            guard FoundationURLDifferentialTests.foundation(text) != nil else { continue }
            let url = try ModelExchangeURL(string: text)
            let again = try ModelExchangeURL(string: url.description)
            XCTAssertEqual(again.parameters, url.parameters, name)
            XCTAssertEqual(again.path, url.path, name)
            XCTAssertEqual(
                again.items.filter { !$0.name.isEmpty || $0.value != nil }, url.items.filter { !$0.name.isEmpty || $0.value != nil }, name)
        }
    }
}
