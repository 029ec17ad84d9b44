import ATProtoLexicon
import CatbirdMLS
import Foundation
import WireCheckTestSupport
import WireCore
import XCTest

/// The Codable models against every valid output value of the vectors, and the FuzzMLSModels fail case.
final class ModelTests: XCTestCase {
    func roundTrip<Model: Codable & Equatable>(
        _: Model.Type, _ json: Data, _ endpoint: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let model = try JSONDecoder().decode(Model.self, from: json)
        let encoded = try JSONEncoder().encode(model)
        XCTAssertEqual(try JSONDecoder().decode(Model.self, from: encoded), model, file: file, line: line)
        let value = try JSONParser.parse(Array(encoded))
        let errors = try CatbirdLexicons.validator().validate(value, against: "blue.catbird.mls.\(endpoint)#output").errors
        XCTAssertFalse(errors.contains { $0.code == .missingRequired }, "\(errors)", file: file, line: line)
    }

    func decode(_ endpoint: String, _ json: Data) throws {
        switch endpoint {
        case "getConvos": try roundTrip(GetConvosOutput.self, json, endpoint)
        case "createConvo": try roundTrip(CreateConvoOutput.self, json, endpoint)
        case "addMembers": try roundTrip(AddMembersOutput.self, json, endpoint)
        case "leaveConvo": try roundTrip(LeaveConvoOutput.self, json, endpoint)
        case "getMessages": try roundTrip(GetMessagesOutput.self, json, endpoint)
        case "sendMessage": try roundTrip(SendMessageOutput.self, json, endpoint)
        case "publishKeyPackage": try roundTrip(PublishKeyPackageOutput.self, json, endpoint)
        case "getKeyPackages": try roundTrip(GetKeyPackagesOutput.self, json, endpoint)
        default: try roundTrip(UploadBlobOutput.self, json, endpoint)
        }
    }

    func testEveryValidOutputOfTheVectorsDecodesAndRoundTrips() throws {
        var count = 0
        try forEachCase(in: "mls/lexicon") { group, test in
            guard test.result == .valid, let name = group.params["lexicon"]?.stringValue, name.hasSuffix("#output") else { return }
            let endpoint = String(name.dropFirst("blue.catbird.mls.".count).dropLast("#output".count))
            try decode(endpoint, Data(JSONWriter().bytes(test.input["value"]!)))
            count += 1
        }
        XCTAssertGreaterThan(count, 50)
    }

    func testDatetimesKeepTheirText() throws {
        let json = Data(#"{"epoch": 3, "groupId": "ab", "updatedAt": "1985-04-12T23:20:50.1234567+01:45"}"#.utf8)
        let info = try JSONDecoder().decode(EpochInfo.self, from: json)
        XCTAssertEqual(info.updatedAt?.text, "1985-04-12T23:20:50.1234567+01:45")
        XCTAssertEqual(info.updatedAt?.unixMilliseconds, 482_189_750_123)  // 21:35:50.123Z
        XCTAssertTrue(String(decoding: try JSONEncoder().encode(info), as: UTF8.self).contains("+01:45"))
        XCTAssertThrowsError(
            try JSONDecoder().decode(EpochInfo.self, from: Data(#"{"epoch": 3, "groupId": "ab", "updatedAt": "1985-04-12"}"#.utf8)))
        XCTAssertEqual(ATDatetime(unixMilliseconds: 0).text, "1970-01-01T00:00:00.000Z")
    }

    /// FuzzMLSModels stopped here: the fuzz build (release, ASan, coverage) crashed in swift_retain
    /// inside the validator when the target made a new validator per input; with one validator built at
    /// start it does not. The debug build never crashed; this replays the inputs through the same steps.
    func testFuzzMLSModelsFailCases() throws {
        let order = MLSEndpoint.allCases.map(\.rawValue)
        for (name, bytes) in try FuzzFailCases.inputs("FuzzMLSModels") {
            let endpoint = order[Int(bytes[0]) % order.count]
            XCTAssertNoThrow(try decode(endpoint, Data(bytes.dropFirst())), name)
        }
    }
}
