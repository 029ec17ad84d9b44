import ArkavoWire
import WireCore
import XCTest

/// flatc's JSON form: what it accepts, what it refuses and how the refusal names the field.
final class TableJSONTests: XCTestCase {
    func testJSONRoundTripsEveryKindOfValue() throws {
        let metadata = Metadata(
            created: -1, purpose: Purpose([.nan, .infinity, -.infinity, 0.1]), topics: [UInt32.max],
            content: ContentFormat(mediaType: MediaType(rawValue: 77), format: FormatInfo(type: FormatType.svg, version: "")))
        XCTAssertEqual(try Metadata(json: .object(metadata.json)), metadata)
        let event = Event(action: Action(rawValue: -3), timestamp: .max, data: .other(type: 200))
        XCTAssertEqual(try Event(json: .object(event.json)), event)
        XCTAssertEqual(event.json["timestamp"], .string("18446744073709551615"))
        XCTAssertEqual(event.json["action"], .int(-3))
        XCTAssertEqual(Event(action: .invite).json["action"], .string("invite"))
    }

    func testRefusalsNameTheField() {
        func refusal(_ json: JSONValue, _ read: (JSONValue) throws -> Void) -> String {
            do {
                try read(json)
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        let event: (JSONValue) throws -> Void = { _ = try Event(json: $0) }
        let metadata: (JSONValue) throws -> Void = { _ = try Metadata(json: $0) }
        XCTAssertEqual(refusal(["action": "jump"], event), #"Event.action: "jump" is not a name of Action or an integer in -128...127"#)
        XCTAssertEqual(refusal(["colour": 1], event), "Event.colour: not a field of this table")
        XCTAssertEqual(
            refusal(["data_type": "NONE", "data": [:]], event), "Event.data: a table for data_type 0, which names no table of this schema")
        XCTAssertEqual(
            refusal(["data_type": "UserEvent", "data": ["source_id": [1, 256]]], event),
            "Event.data.source_id[1]: 256 is not an integer in 0...255")
        XCTAssertEqual(
            refusal(["content": ["format": ["type": "webp"]]], metadata),
            #"Metadata.content.format.type: "webp" is not a name of FormatType or an integer in -128...127"#)
        XCTAssertEqual(refusal(["topics": [-1]], metadata), "Metadata.topics[0]: -1 is not an integer in 0...4294967295")
        XCTAssertEqual(refusal(["created": 1], metadata), "accepted")
    }
}
