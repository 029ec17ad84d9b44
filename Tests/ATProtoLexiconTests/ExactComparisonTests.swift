import ATProtoLexicon
import WireCore
import XCTest

/// The TypeScript validator compares property names, `enum`, `const`, union refs and `$type` with `===`; a value
/// canonically equivalent to the schema's (U+212A KELVIN SIGN for `K`, a decomposed `é`) is another value.
final class ExactComparisonTests: XCTestCase {
    func validator() throws -> LexiconValidator {
        let document = try LexiconDocument(
            json: JSONParser.parse(
                #"""
                {"lexicon": 1, "id": "example.exact.rec", "defs": {
                  "main": {"type": "record", "key": "tid", "record": {"type": "object", "required": ["Kind"], "properties": {
                    "Kind": {"type": "string", "enum": ["caf\u00e9", "Kelp"]},
                    "fixed": {"type": "string", "const": "Kelvin"},
                    "pick": {"type": "union", "closed": true, "refs": ["#Kx"]}}}},
                  "Kx": {"type": "object", "properties": {}}}}
                """#))
        return LexiconValidator(catalog: LexiconCatalog([document]))
    }

    func errors(_ json: String) throws -> [String] {
        try validator().validate(JSONParser.parse(json), against: "example.exact.rec").errors.map { "\($0.path) \($0.code.rawValue)" }
    }

    func testCanonicallyEquivalentValuesAreOtherValues() throws {
        XCTAssertEqual(try errors(#"{"$type": "example.exact.rec", "Kind": "caf\u00e9", "fixed": "Kelvin"}"#), [])
        XCTAssertEqual(try errors(#"{"$type": "example.exact.rec", "Kind": "cafe\u0301"}"#), ["/Kind not-in-enum"])
        XCTAssertEqual(try errors(#"{"$type": "example.exact.rec", "Kind": "\u212Aelp"}"#), ["/Kind not-in-enum"])
        XCTAssertEqual(try errors(#"{"$type": "example.exact.rec", "Kind": "Kelp", "fixed": "\u212Aelvin"}"#), ["/fixed const-mismatch"])
        XCTAssertEqual(try errors(#"{"$type": "example.exact.rec", "\u212Aind": "Kelp"}"#), ["/Kind missing-required"])
        XCTAssertEqual(try errors(##"{"$type": "example.exact.rec", "Kind": "Kelp", "pick": {"$type": "#Kx"}}"##), [])
        XCTAssertEqual(
            try errors(##"{"$type": "example.exact.rec", "Kind": "Kelp", "pick": {"$type": "#\u212Ax"}}"##),
            ["/pick/$type type-not-in-union"])
    }
}
