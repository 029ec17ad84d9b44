import ConformanceKit
import FlowDownConformance
import Foundation
import ModelExchange
import WireCore
import XCTest

/// `flowdown/models` encode cases compare plists as FlowDown can write them: capabilities in any
/// order (a Swift `Set`), with or without an empty `ext_data`, but the same models and XML.
final class FlowDownModelsComparisonTests: XCTestCase {
    let suite = FlowDownModelsSuite()

    func encodeCase(_ slug: String = "encode-3-models") throws -> (TestCase, TestGroup) {
        let file = suite.generate()
        let group = try XCTUnwrap(file.testGroups.first { $0.type == FlowDownModelsSuite.encodeModels.type })
        return (try XCTUnwrap(group.tests.first { $0.id.hasSuffix(slug) }), group)
    }

    func models(of test: TestCase) throws -> [CloudModel] {
        try ModelsPlist.decode(try Hex.decode(try XCTUnwrap(test.expected["plist"]?.stringValue)))
    }

    func mismatch(_ models: [CloudModel], binary: Bool = false, in slug: String = "encode-3-models") throws -> String? {
        let (test, group) = try encodeCase(slug)
        var bytes = ModelsPlist.encodeXML(models)
        if binary {
            let object = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
            bytes = Array(try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0))
        }
        return suite.mismatch(result: ["plist": .string(Hex.encode(bytes))], for: test, in: group)
    }

    func testReorderedCapabilitiesAndEmptyExtDataPass() throws {
        var models = try models(of: try encodeCase().0)
        XCTAssertNil(try mismatch(models))
        for index in models.indices {
            models[index].capabilities = models[index].capabilities?.reversed()
            if models[index].extensionStorage?.isEmpty == true { models[index].extensionStorage = nil }
        }
        XCTAssertNil(try mismatch(models))
    }

    func testOtherModelsFail() throws {
        var models = try models(of: try encodeCase().0)
        let original = models
        models[1].name = "Another name"
        XCTAssertEqual(try mismatch(models)?.hasPrefix("model 1 differs"), true)
        models = original
        models[0].capabilities?.append("tool")
        XCTAssertNotNil(try mismatch(models), "a repeated capability is not the same set")
        var extData = try self.models(of: try encodeCase("encode-ext-data").0)
        XCTAssertNil(try mismatch(extData, in: "encode-ext-data"))
        extData[0].extensionStorage = nil
        XCTAssertNotNil(try mismatch(extData, in: "encode-ext-data"), "a non-empty ext_data must be kept")
        XCTAssertNotNil(try mismatch(Array(original.prefix(2))))
        XCTAssertEqual(try mismatch(original, binary: true), "the plist is not XML (FlowDown writes .xml)")
    }
}
