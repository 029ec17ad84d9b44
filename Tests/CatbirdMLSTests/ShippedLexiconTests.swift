import ATProtoLexicon
import CatbirdMLS
import WireCore
import XCTest

/// The shipped lexicon documents: valid Lexicon v1, refs resolved, and the v0 contract's limits and
/// error names where the spec puts them.
final class ShippedLexiconTests: XCTestCase {
    func testEveryShippedDocumentPassesTheLexiconV1Check() throws {
        XCTAssertEqual(CatbirdLexicons.files.count, 10)
        for (id, bytes) in CatbirdLexicons.files {
            let json = try JSONParser.parse(bytes)
            XCTAssertEqual(LexiconDocument.check(json), [], id)
            XCTAssertEqual(json["id"]?.stringValue, id)
        }
        XCTAssertTrue(CatbirdLexicons.catalog.unresolvedRefs().isEmpty, "\(CatbirdLexicons.catalog.unresolvedRefs())")
    }

    func testEachEndpointIsItsKindWithItsErrorNames() throws {
        let expected: [MLSEndpoint: [String]] = [
            .getConvos: ["InvalidCursor"], .createConvo: ["InvalidCipherSuite", "KeyPackageNotFound", "TooManyMembers"],
            .addMembers: ["ConvoNotFound", "NotMember", "KeyPackageNotFound", "AlreadyMember", "TooManyMembers"],
            .leaveConvo: ["ConvoNotFound", "NotMember", "LastMember"], .getMessages: ["ConvoNotFound", "NotMember", "InvalidCursor"],
            .sendMessage: ["ConvoNotFound", "NotMember", "InvalidCiphertext", "EpochMismatch", "MessageTooLarge"],
            .publishKeyPackage: ["InvalidKeyPackage", "InvalidCipherSuite", "ExpirationTooFar", "TooManyKeyPackages"],
            .getKeyPackages: ["TooManyDids", "InvalidDid"], .uploadBlob: ["BlobTooLarge", "UnsupportedMimeType", "QuotaExceeded"],
        ]
        for endpoint in MLSEndpoint.allCases {
            let main = try XCTUnwrap(CatbirdLexicons.catalog.documents[endpoint.nsid]?.def("main"))
            switch main {
            case .query(let q):
                XCTAssertTrue(endpoint.isQuery)
                XCTAssertEqual(q.errors.map(\.name), expected[endpoint])
            case .procedure(let p):
                XCTAssertFalse(endpoint.isQuery)
                XCTAssertEqual(p.errors.map(\.name), expected[endpoint])
            default: XCTFail("\(endpoint) is a \(main.typeName)")
            }
        }
    }

    func testContractLimitsAreEnforced() throws {
        let validator = CatbirdLexicons.validator()
        func codes(_ value: JSONValue, _ target: String) throws -> [String] {
            try validator.validate(value, against: target).errors.map { "\($0.path) \($0.code.rawValue)" }
        }
        let ciphertext = String(repeating: "A", count: 1_048_577)
        XCTAssertEqual(
            try codes(["convoId": "c", "ciphertext": .string(ciphertext)], "blue.catbird.mls.sendMessage#input"), ["/ciphertext too-long"])
        XCTAssertEqual(try codes(["convoId": "c", "members": []], "blue.catbird.mls.addMembers#input"), ["/members too-short"])
        XCTAssertEqual(try codes(["limit": 101], "blue.catbird.mls.getConvos#params"), ["/limit above-maximum"])
        XCTAssertEqual(try codes(["dids": ["did:plc:a", "nope"]], "blue.catbird.mls.getKeyPackages#params"), ["/dids/1 invalid-format"])
        XCTAssertEqual(try codes(["keyPackage": "a", "cipherSuite": "MLS_999_FUTURE"], "blue.catbird.mls.publishKeyPackage#input"), [])
        XCTAssertEqual(try codes(["sortBy": "name"], "blue.catbird.mls.getConvos#params"), ["/sortBy not-in-enum"])
        XCTAssertThrowsError(try validator.validate([:], against: "blue.catbird.mls.uploadBlob#input"))
        let defaults = try validator.validate([:], against: "blue.catbird.mls.getConvos#params").value
        XCTAssertEqual(defaults, ["limit": 50, "sortBy": "lastMessageAt", "sortOrder": "desc"])
    }
}
