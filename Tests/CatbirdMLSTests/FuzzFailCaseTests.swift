import ATProtoLexicon
import CatbirdMLS
import WireCheckTestSupport
import WireCore
import XCTest

/// Every input FuzzLexiconValidate stopped on, replayed under the target's oracles.
final class FuzzFailCaseTests: XCTestCase {
    func testLexiconValidateFailCases() throws {
        for (name, bytes) in try FuzzFailCases.inputs("FuzzLexiconValidate") {
            let targets = CatbirdLexicons.targets
            let target = targets[Int(bytes[0]) % targets.count]
            guard let value = try? JSONParser.parse(Array(bytes.dropFirst())) else { continue }
            let result = try CatbirdLexicons.validator().validate(value, against: target)
            for error in result.errors {
                let parent = JSONPointer(tokens: Array(error.path.tokens.dropLast()))
                XCTAssertTrue(value.value(at: error.path) != nil || value.value(at: parent) != nil, "\(name): \(error)")
            }
            XCTAssertEqual(try CatbirdLexicons.validator().validate(result.value, against: target).isValid, result.isValid, name)
        }
    }

    /// The first fail case: a blob without `ref` is reported at `…/avatar/ref`, a member that is
    /// not there (the target's oracle first required the path itself to exist).
    func testAMissingBlobRefIsReportedWhereTheRefBelongs() throws {
        let value: JSONValue = ["avatar": ["$type": "blob", "mimeType": "image/png", "size": 1]]
        let errors = try CatbirdLexicons.validator().validate(value, against: "blue.catbird.mls.createConvo#metadataInput").errors
        XCTAssertEqual(errors.map(\.path.description), ["/avatar/ref"])
        XCTAssertEqual(errors.map(\.code), [.invalidBlob])
    }
}
