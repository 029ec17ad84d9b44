import ArkavoConformance
import ArkavoWire
import ConformanceKit
import Foundation
import NanoTDF
import WireCheckTestSupport
import WireCore
import XCTest

/// Frame decoding decisions of section 13 beyond the vector loop.
final class FrameTests: XCTestCase {
    func testEveryValidFrameVectorWritesBackItsBytes() throws {
        try forEachCase(in: "arkavo/frames") { _, test in
            let bytes = try Hex.decode(test.input["frame"]!.stringValue!)
            switch test.result {
            case .valid: XCTAssertEqual(try Frame.decode(bytes).bytes, bytes, test.id)
            default:
                XCTAssertThrowsError(try Frame.decode(bytes), test.id) { XCTAssertEqual(($0 as? ArkavoError)?.code, test.error, test.id) }
            }
        }
    }

    func testAnEventBodyIsAnEventUpTo2000BytesAndNeverATrap() throws {
        let small = Event(action: .cache, data: .cacheEvent(CacheEvent(targetPayload: Array(repeating: 1, count: 1900)))).encode()
        XCTAssertLessThanOrEqual(small.count, 2000)
        guard case .event(let event, _) = try Frame.decode([0x06] + small) else { return XCTFail("not an event") }
        XCTAssertEqual(event.action, .cache)
        // The frame decoder asks only whether a body is an Event: the same answer, without a reason.
        XCTAssertEqual(Event.decodeIfValid(small), try Event.decode(small))
        XCTAssertNil(Event.decodeIfValid(Array(small.prefix(40))))
        let large = Event(action: .cache, data: .cacheEvent(CacheEvent(targetPayload: Array(repeating: 1, count: 1990)))).encode()
        XCTAssertGreaterThan(large.count, 2000)
        XCTAssertThrowsError(try Frame.decode([0x06] + large)) { XCTAssertEqual(($0 as? ArkavoError)?.code, "event-too-large") }
        // Not an Event, not a NanoTDF: kept as bytes.
        XCTAssertEqual(try Frame.decode([0x06, 0x01, 0x02]), .eventOpaque([0x01, 0x02]))
        // Starts like a NanoTDF: the NanoTDF decoder's refusal, at the frame's offset.
        XCTAssertThrowsError(try Frame.decode([0x06, 0x4C, 0x31, 0x4C])) { error in
            XCTAssertEqual((error as? ArkavoError)?.code, "truncated")
            XCTAssertEqual((error as? ArkavoError)?.offset, 4)
        }
    }

    func testErrorFramesRoundTripTheirJSON() throws {
        let message = ErrorMessage(errorType: "crypto_error", message: "tag mismatch", details: ["offset": 3])
        let frame = Frame.error(message, body: message.body)
        XCTAssertEqual(try Frame.decode(frame.bytes), frame)
        // Another spelling of the same object is kept as it was.
        let spaced = [0xFF] + Array(#"{ "message" : "tag mismatch", "error_type" : "crypto_error", "details": {"offset": 3} }"#.utf8)
        guard case .error(let decoded, _) = try Frame.decode(spaced) else { return XCTFail("not an error frame") }
        XCTAssertEqual(decoded, message)
        XCTAssertEqual(try Frame.decode(spaced).bytes, spaced)
        XCTAssertTrue(message.isKnownType)
        XCTAssertFalse(ErrorMessage(errorType: "teapot", message: "").isKnownType)
    }

    func testARewrapFrameKeepsWhatFollowsTheHeader() throws {
        let container = try Container.parse(ArkavoTestData.specExample1)
        guard case .rewrap(let header, let headerBytes, let trailing) = try Frame.decode([0x03] + ArkavoTestData.specExample1) else {
            return XCTFail("not a rewrap frame")
        }
        XCTAssertEqual(header, container.header)
        XCTAssertEqual(headerBytes.count, 142)
        XCTAssertEqual(trailing.count, ArkavoTestData.specExample1.count - 142)
    }
}

/// Spec example 1 of NanoTDF, from the committed vectors.
enum ArkavoTestData {
    static let specExample1: [UInt8] = {
        let path = "\(Repository.vectorsDirectory)/arkavo/frames.json"
        let file = try! VectorFile.load(contentsOf: Array(FileManager.default.contents(atPath: path)!))
        let frame = file.allTests.first { $0.test.id.hasSuffix("/bare-nanotdf") }!.test.input["frame"]!.stringValue!
        return try! Hex.decode(frame)
    }()
}
