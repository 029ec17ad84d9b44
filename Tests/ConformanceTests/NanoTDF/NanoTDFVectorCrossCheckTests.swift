import CrossCheck
import Foundation
import NanoTDFConformance
import WireCheckTestSupport
import WireCore
import XCTest

/// The keys in the valid `nanotdf/parse` vectors are real points of their curves, checked with
/// OpenSSL (the generator made them with swift-crypto, secp256k1 from published constants).
final class NanoTDFVectorCrossCheckTests: XCTestCase {
    func testEveryKeyOfAValidVectorIsOnItsCurve() throws {
        var checked = 0
        try forEachCase(in: "nanotdf/parse", of: NanoTDFParseSuite.parse) { _, test in
            guard test.result == .valid, let curve = test.expected["curve"]?.stringValue else { return }
            let ephemeral = try Hex.decode(test.expected["ephemeralPublicKey"]!.stringValue!)
            XCTAssertTrue(OpenSSL.isPointOnCurve(ephemeral, curve: curve), "\(test.id): ephemeral key")
            if let key = test.expected["kasKey"], let hex = key["publicKey"]?.stringValue, let keyCurve = key["curve"]?.stringValue {
                XCTAssertTrue(OpenSSL.isPointOnCurve(try Hex.decode(hex), curve: keyCurve), "\(test.id): KAS key")
            }
            if let signature = test.expected["signature"], let hex = signature["publicKey"]?.stringValue,
                let signatureCurve = test.expected["signatureCurve"]?.stringValue
            {
                XCTAssertTrue(OpenSSL.isPointOnCurve(try Hex.decode(hex), curve: signatureCurve), "\(test.id): creator key")
            }
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 36)
        // The check can fail: a point with its x-coordinate changed is (almost surely) off the curve.
        XCTAssertFalse(OpenSSL.isPointOnCurve([0x02] + [UInt8](repeating: 0xFF, count: 32), curve: "secp256r1"))
    }
}
