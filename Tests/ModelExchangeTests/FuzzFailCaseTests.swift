import Foundation
import XCTest
import WireCore
@testable import ModelExchange

/// The ModelExchange inputs fuzz targets crashed on (Fuzz/FailCases/FuzzFlowDown*/), replayed.
final class ModelExchangeFuzzFailCaseTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/FailCases").path

    func inputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let directory = "\(Self.folder)/\(target)"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        XCTAssertFalse(names.isEmpty, "no fail cases for \(target)")
        return names.map { ($0, Array(FileManager.default.contents(atPath: "\(directory)/\($0)")!)) }
    }

    /// Foundation traps on non-UTF-8 bytes in <integer>, and follows reference cycles in binary
    /// plists for minutes; the decoder refuses both, quickly.
    func testPlistFailCasesAreRefusedQuickly() throws {
        for (name, bytes) in try inputs("FuzzFlowDownPlist") {
            let started = Date()
            XCTAssertThrowsError(try ModelsPlist.decode(bytes), name) {
                XCTAssertEqual(($0 as? ModelExchangeError)?.code, "malformed-plist", name)
            }
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, name)
        }
    }

    /// Rewriting a parsed URL keeps every item that carries something: a lone nameless, valueless
    /// item writes as an empty query, and a '?' decoded into the path is escaped again.
    func testURLFailCasesRoundTrip() throws {
        for (name, bytes) in try inputs("FuzzFlowDownURL") {
            let url = try ModelExchangeURL(string: String(decoding: bytes, as: UTF8.self))
            let again = try ModelExchangeURL(string: url.description)
            XCTAssertEqual(again.parameters, url.parameters, name)
            XCTAssertEqual(again.path, url.path, name)
            XCTAssertEqual(again.items.filter { !$0.name.isEmpty || $0.value != nil }, url.items.filter { !$0.name.isEmpty || $0.value != nil }, name)
        }
    }
}
