import ATProtoLexicon
import WireCore
import XCTest

/// The lexicon-validation and data-model cases of atproto-interop-tests (vendored), where they apply.
final class InteropLexiconTests: XCTestCase {
    func catalog() throws -> LexiconCatalog {
        let json = try InteropVectors.json("lexicon/catalog/record.json")
        // The interop catalog inlines an object property, which Lexicon v1's reference schema does not allow.
        XCTAssertEqual(LexiconDocument.check(json).map(\.pointer.description), ["/defs/main/record/properties/object/type"])
        XCTAssertEqual(LexiconDocument.check(json, options: .interopCatalog).map(\.pointer.description), [])
        let catalog = LexiconCatalog([try LexiconDocument(json: json, options: .interopCatalog)])
        XCTAssertTrue(catalog.unresolvedRefs().isEmpty)
        return catalog
    }

    func records(_ file: String) throws -> [(name: String, data: JSONValue)] {
        try XCTUnwrap(InteropVectors.json("lexicon/\(file)").arrayValue).map { ($0["name"]!.stringValue!, $0["data"]!) }
    }

    func testValidRecordsAreValid() throws {
        let validator = LexiconValidator(catalog: try catalog())
        let records = try records("record-data-valid.json")
        XCTAssertEqual(records.count, 3)
        for (name, data) in records {
            let result = try validator.validate(data, against: "example.lexicon.record")
            XCTAssertEqual(result.errors, [], name)
        }
    }

    func testInvalidRecordsAreInvalidForTheirReason() throws {
        let validator = LexiconValidator(catalog: try catalog())
        let records = try records("record-data-invalid.json")
        XCTAssertEqual(records.count, 50)
        for (name, data) in records {
            let errors = try validator.validate(data, against: "example.lexicon.record").errors
            XCTAssertFalse(errors.isEmpty, name)
            // Each case is about one field, and an error points into it (three cases also lack the
            // required "integer", so theirs need not be the only error).
            let field = data.objectValue!.keys.last { $0 != "$type" && $0 != "integer" } ?? "integer"
            XCTAssertTrue(errors.contains { $0.path.tokens.first == field }, "\(name): \(errors)")
        }
    }

    func testDefaultsFillAbsentFields() throws {
        let result = try LexiconValidator(catalog: try catalog()).validate(
            ["$type": "example.lexicon.record", "integer": 1], against: "example.lexicon.record")
        XCTAssertEqual(result.value["defaultInteger"], 42)
        XCTAssertEqual(result.errors, [])
    }

    func testDataModelCases() throws {
        for (file, valid) in [("data-model/data-model-valid.json", true), ("data-model/data-model-invalid.json", false)] {
            let cases = try XCTUnwrap(InteropVectors.json(file).arrayValue)
            XCTAssertGreaterThan(cases.count, 4)
            for c in cases {
                let errors = ATProtoDataModel.check(c["json"]!)
                XCTAssertEqual(errors.isEmpty, valid, "\(c["note"]!.stringValue!): \(errors)")
            }
        }
    }
}
