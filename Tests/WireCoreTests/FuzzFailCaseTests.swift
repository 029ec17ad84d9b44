import CrossCheck
import Foundation
import XCTest
import WireCore

/// Every input a fuzz target ever crashed on (Fuzz/FailCases/<Target>/) replayed as a unit test.
final class FuzzFailCaseTests: XCTestCase {
    static let failCasesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/FailCases").path

    func inputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = "\(Self.failCasesFolder)/\(target)"
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map {
            ($0, Array(FileManager.default.contents(atPath: "\(folder)/\($0)")!))
        }
    }

    /// FuzzBase64 found libsodium accepting bytes >= 0x80; WireCore must reject them in every variant.
    func testFuzzBase64FailCasesAreRejected() throws {
        let cases = try inputs("FuzzBase64")
        XCTAssertFalse(cases.isEmpty)
        for (name, bytes) in cases {
            for variant in Base64Variant.all {
                XCTAssertThrowsError(try Base64.decode(utf8: bytes, variant: variant), "\(name) \(variant)") { error in
                    XCTAssertEqual(error as? WireError,
                                   .invalidCharacter(encoding: "base64", offset: 1, byte: 0xab), "\(name) \(variant)")
                }
            }
        }
    }

    /// Pins the libsodium behaviour the FuzzBase64 oracle works around. If a libsodium update fixes
    /// it, this fails: then drop the exclusion in Fuzz/Sources/FuzzBase64/main.swift.
    func testLibsodiumStillDecodesHighBytesAsSixtyThree() {
        XCTAssertTrue(Libsodium.initialize())
        XCTAssertEqual(Libsodium.base64Decode([0xab, 0xab, 0xab, 0xab], variant: .foundation), [0xff, 0xff, 0xff])
    }
}
