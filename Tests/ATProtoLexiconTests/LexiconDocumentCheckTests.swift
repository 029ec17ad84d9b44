import ATProtoLexicon
import WireCore
import XCTest

/// The Lexicon v1 document check: each rule broken once, with the pointer and class it is reported at.
final class LexiconDocumentCheckTests: XCTestCase {
    func problems(_ defs: JSONValue, id: JSONValue = "com.example.thing") -> [String] {
        LexiconDocument.check(["lexicon": 1, "id": id, "defs": defs]).map { "\($0.pointer) \($0.code.rawValue)" }
    }

    func testAMinimalDocumentIsValid() {
        XCTAssertEqual(problems(["main": ["type": "token"]]), [])
    }

    /// `revision` is an integer of 0 or more: 0, the boundary, is valid; -1 is not.
    func testRevisionZeroIsTheSmallest() {
        func revision(_ value: JSONValue) -> [String] {
            LexiconDocument.check(["lexicon": 1, "id": "com.example.thing", "revision": value, "defs": ["main": ["type": "token"]]])
                .map { "\($0.pointer) \($0.code.rawValue)" }
        }
        XCTAssertEqual(revision(0), [])
        XCTAssertEqual(revision(-1), ["/revision invalid-value"])
    }

    func testEachRuleOnce() {
        XCTAssertEqual(problems(["main": ["type": "token"]], id: "thing"), ["/id invalid-value"])
        XCTAssertEqual(problems([:]), ["/defs invalid-value"])
        XCTAssertEqual(problems(["other": ["type": "query"]]), ["/defs/other/type not-allowed-here"])
        XCTAssertEqual(problems(["main": ["type": "string", "maxLen": 3]]), ["/defs/main/maxLen unknown-field"])
        XCTAssertEqual(problems(["main": ["type": "string", "minLength": 5, "maxLength": 3]]), ["/defs/main invalid-value"])
        XCTAssertEqual(problems(["main": ["type": "string", "format": "email"]]), ["/defs/main/format invalid-value"])
        XCTAssertEqual(problems(["main": ["type": "integer", "default": 1, "const": 1]]), ["/defs/main invalid-value"])
        XCTAssertEqual(problems(["main": ["type": "integer", "maximum": 3, "default": 4]]), ["/defs/main/default invalid-value"])
        XCTAssertEqual(
            problems(["main": ["type": "object", "required": ["a"], "properties": [:]]]), ["/defs/main/required/0 invalid-value"])
        XCTAssertEqual(
            problems(["main": ["type": "object", "properties": ["o": ["type": "object", "properties": [:]]]]]),
            ["/defs/main/properties/o/type not-allowed-here"])
        XCTAssertEqual(
            problems(["main": ["type": "query", "parameters": ["type": "params", "properties": ["r": ["type": "ref", "ref": "#x"]]]]]),
            ["/defs/main/parameters/properties/r/type not-allowed-here"])
        XCTAssertEqual(
            problems(["main": ["type": "procedure", "input": ["encoding": "*/*", "schema": ["type": "blob"]]]]),
            ["/defs/main/input/schema/type not-allowed-here"])
        XCTAssertEqual(
            problems(["main": ["type": "procedure", "input": ["schema": ["type": "object", "properties": [:]]]]]),
            [
                "/defs/main/input missing-field"
            ])
        XCTAssertEqual(
            problems(["main": ["type": "record", "key": "literal:.", "record": ["type": "object", "properties": [:]]]]),
            [
                "/defs/main/key invalid-value"
            ])
        XCTAssertEqual(
            problems(["main": ["type": "object", "properties": ["p": ["type": "ref", "ref": "not a ref"]]]]),
            ["/defs/main/properties/p/ref invalid-value"])
        // unknown, ref and union are field types, never named defs (the spec; lexicon-invalid.json).
        for type in ["unknown", "union", "ref"] {
            var def: JSONObject = ["type": .string(type)]
            if type == "union" { def["refs"] = [] }
            if type == "ref" { def["ref"] = "com.example.b" }
            XCTAssertEqual(problems(["demo": .object(def)]), ["/defs/demo/type not-allowed-here"], type)
        }
        XCTAssertEqual(problems(["main": ["type": "query", "errors": [["name": "Bad Name"]]]]), ["/defs/main/errors/0/name invalid-value"])
    }

    func testUnresolvedRefsAreFoundAcrossTheCatalog() throws {
        let a = try LexiconDocument(json: [
            "lexicon": 1, "id": "com.example.a",
            "defs": [
                "main": [
                    "type": "object",
                    "properties": [
                        "b": ["type": "ref", "ref": "com.example.b#thing"], "c": ["type": "ref", "ref": "#nope"],
                        "u": ["type": "union", "refs": ["com.example.b#token"]],
                    ],
                ]
            ],
        ])
        let b = try LexiconDocument(json: [
            "lexicon": 1, "id": "com.example.b", "defs": ["thing": ["type": "object", "properties": [:]], "token": ["type": "token"]],
        ])
        let found = LexiconCatalog([a, b]).unresolvedRefs().map { "\($0.document) \($0.problem.pointer)" }
        XCTAssertEqual(found, ["com.example.a /defs/main/properties/c/ref", "com.example.a /defs/main/properties/u/refs/0"])
    }
}
