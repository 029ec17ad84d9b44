import ConformanceKit
import Foundation
import WireCheckTestSupport
import WireCore
import XCTest

/// The typed seam of docs/ARCHITECTURE.md, checked on the declarations and the sources: each field
/// of a group type is declared once, described, and read through its declaration.
final class TypedSeamTests: XCTestCase {
    /// The conformance folder of each family, where its fields are declared and used.
    static let folders = [
        "wirecore": "WireCoreConformance", "flowdown": "FlowDownConformance", "cdev": "CdevConformance",
        "nanotdf": "NanoTDFConformance", "arkavo": "ArkavoConformance", "atproto": "ATProtoConformance", "mls": "CatbirdMLSConformance",
    ]

    /// The Swift sources below `folder`, concatenated, without `skipping` subfolders and without raw
    /// string literals (`#"…"#`: documents in the protocol's own bytes, not the harness's JSON).
    func sources(under folder: String, skipping: [String] = []) throws -> String {
        let root = "\(Repository.root)/\(folder)"
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: root))
        var text = ""
        for case let path as String in walker where path.hasSuffix(".swift") {
            guard !skipping.contains(where: { path.hasPrefix($0) }) else { continue }
            text += try String(contentsOfFile: "\(root)/\(path)", encoding: .utf8) + "\n"
        }
        for pattern in [##"#"""[\s\S]*?"""#"##, ##"#"(?:[^"\n]|"(?!#))*"#"##] {
            text = text.replacingOccurrences(of: pattern, with: "#\"\"#", options: .regularExpression)
        }
        return text
    }

    /// How many times `"word"` occurs as a whole string literal.
    func literalCount(_ word: String, in text: String) -> Int {
        text.components(separatedBy: "\"\(word)\"").count - 1
    }

    /// Outside its declaration, no member of a group type is reached by its JSON key: the family's
    /// conformance sources have no `["name"]` subscript and no `"name":` dictionary key for any field
    /// of its group types. The op, the generator and the suite's comparison go through the declared
    /// `Field` (the live checks, which read real servers' JSON, aside).
    func testEveryFieldIsReachedThroughItsDeclaration() throws {
        var checked = 0
        for family in TestEnvironment.families.all {
            let folder = try XCTUnwrap(Self.folders[family.name], "no conformance folder listed for \(family.name)")
            let text = try sources(under: "Sources/\(folder)", skipping: ["Live/"])
            let kinds = family.suites.flatMap(\.groupKinds)
            let names = Set(kinds.flatMap { ($0.params + $0.input + $0.expected).map(\.name) })
            XCTAssertFalse(names.isEmpty, family.name)
            for name in names.sorted() {
                for spelling in ["[\"\(name)\"]", "\"\(name)\":"] {
                    XCTAssertFalse(text.contains(spelling), "\(spelling) in Sources/\(folder): reach the field through its declaration")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
        // The example of issue 34: `container`, written once in all of Sources/NanoTDF*: in NanoTDFFields.
        let nanoTDF = try sources(under: "Sources/NanoTDF") + sources(under: "Sources/NanoTDFConformance")
        XCTAssertEqual(literalCount("container", in: nanoTDF), 1)
    }

    /// Every property of every schema written to `Vectors/schema/` says what it holds, and no object
    /// schema is bare: each lists its properties or says what its members are.
    func testEverySchemaPropertyIsDescribedAndNoObjectIsBare() throws {
        var problems: [String] = []
        var properties = 0
        func visit(_ value: JSONValue, at path: String) {
            switch value {
            case .object(let object):
                // A list of types with `object` among others is "any value", not an object schema.
                let isObject = object["type"] == "object"
                if isObject, object["properties"] == nil, object["additionalProperties"] == nil, object["maxProperties"] == nil {
                    problems.append("\(path): an object schema with neither properties nor additionalProperties")
                }
                if let members = object["properties"]?.objectValue {
                    for (name, schema) in members {
                        properties += 1
                        if schema["description"]?.stringValue?.isEmpty ?? true {
                            problems.append("\(path)/properties/\(name): no description")
                        }
                    }
                }
                // `if`/`then`/`else` restate properties declared (and described) beside them.
                for (key, member) in object where !["if", "then", "else"].contains(key) { visit(member, at: "\(path)/\(key)") }
            case .array(let items):
                for (index, item) in items.enumerated() { visit(item, at: "\(path)/\(index)") }
            default: break
            }
        }
        visit(SchemaBuilder.envelope, at: "wirecheck-vectors-v1")
        for kind in TestEnvironment.families.groupKinds { visit(kind.schema, at: kind.type) }
        XCTAssertEqual(problems, [])
        XCTAssertGreaterThan(properties, 200)
    }

    /// An enum field refuses a value outside it before the op runs, naming the field and the values
    /// it allows; a missing field is named too.
    func testTheArgumentCheckNamesTheFieldAndWhy() throws {
        let table = TestEnvironment.families.reference
        let decrypt = try XCTUnwrap(TestEnvironment.families.groupKinds.first { $0.op == "nanotdf.decrypt" })
        var args: JSONObject = ["container": "4c314c", "privateKey": "01", "ivConvention": "spec-iv96"]
        XCTAssertThrowsError(try decrypt.checkArguments(args)) { error in
            let error = error as? ShimError
            XCTAssertEqual(error?.code, "bad-request")
            let message = error?.message ?? ""
            XCTAssertTrue(message.hasPrefix("argument 'ivConvention' is \"spec-iv96\", not one of \"auto\""), message)
        }
        args["ivConvention"] = nil
        args["privateKey"] = nil
        guard case .failure(let missing) = table.call(ShimRequest("nanotdf.decrypt", args)) else {
            return XCTFail("answered without a key")
        }
        XCTAssertEqual(missing.message, "argument 'privateKey' is missing")
        args["privateKey"] = "0g"
        guard case .failure(let notHex) = table.call(ShimRequest("nanotdf.decrypt", args)) else { return XCTFail("answered a non-hex key") }
        XCTAssertTrue(notHex.message.hasPrefix("argument 'privateKey' is not hex"), notHex.message)
    }

    /// Every group type's op is in its family's table, and the union is the shim's op list.
    func testEveryGroupTypeHasItsOpInItsFamilyTable() {
        for family in TestEnvironment.families.all {
            for kind in family.suites.flatMap(\.groupKinds) {
                XCTAssertTrue(family.reference.contains(kind.op), "\(family.name): \(kind.type) calls \(kind.op)")
            }
        }
        let all = TestEnvironment.families.all.flatMap(\.reference.names)
        XCTAssertEqual(all.count, Set(all).count)
        XCTAssertEqual(TestEnvironment.families.reference.names, all.sorted())
    }
}
