import ConformanceKit
import Foundation
import ModelExchange
import WireCore

/// `flowdown/models`: the decrypted plaintext, an XML plist array of `CloudModel` dicts (FlowDown
/// spec section 10): lenient decoding and canonical XML encoding.
public struct FlowDownModelsSuite: VectorSuite {
    public init() {}
    public var id: String { "flowdown/models" }
    public var operations: [ShimOperation] { FlowDownOperations.all }

    static let modelsSchema = SchemaBuilder.array(["type": "object"])

    /// `FlowDownDecodeModelsTest`: `flowdown.decodeModels {plist}` → `{models}`.
    public static let decodeModels = GroupKind(
        "FlowDownDecodeModelsTest", op: "flowdown.decodeModels", input: [.hex("plist")], expected: [Field("models", modelsSchema)])
    /// `FlowDownEncodeModelsTest`: `flowdown.encodeModels {models}` → `{plist}`.
    public static let encodeModels = GroupKind(
        "FlowDownEncodeModelsTest", op: "flowdown.encodeModels", input: [Field("models", modelsSchema)], expected: [.hex("plist")])

    public var groupKinds: [GroupKind] { [Self.decodeModels, Self.encodeModels] }

    static let notes: [String: VectorFile.Note] = [
        "Canonical": .init(
            bugType: .canonicalization,
            description:
                "XML as Foundation's PropertyListEncoder writes it: standard header, tab indentation, sorted keys, UTC dates to the second."
        ),
        "BodyFieldsAlias": .init(
            bugType: .legacy,
            description:
                "body_fields, the key name of FlowDown builds from 2025-12-06 to 2025-12-09. The reference reads it as bodyFields "
                + "(WireCheck's choice); no FlowDown code maps it: the documented requester keeps the key as it is and CloudModel "
                + "since 947e4a42 drops it. Mapping it, keeping it as an unknown key or dropping it are conformant."
        ),
        "CapabilityOrder": .init(
            bugType: .interop,
            description:
                "FlowDown writes capabilities from a Swift Set, in another order in every process, and ext_data only in the newest "
                + "CloudModel (Lakr233/FlowDown 7564f5b1). Encoded plists are compared after decoding: same models, capabilities "
                + "as a set, an empty ext_data optional. The reference writes them in the given order, keys sorted."
        ),
        "PreservedThinking": .init(
            bugType: .functionality, description: "The plist capability preservedThinking (no exchange capability maps to it)."),
        "MissingFields": .init(bugType: .edgeCase, description: "Every field is optional."),
        "UnknownKeys": .init(bugType: .functionality, description: "Keys from newer FlowDown builds are kept, not dropped."),
        "WrongType": .init(
            bugType: .edgeCase, description: "A known key with a value of another type is kept as an unknown value, not coerced."),
        "BinaryPlist": .init(bugType: .interop, description: "A binary plist is a plist too."),
        "ExtData": .init(bugType: .functionality, description: "ext_data.storage, only in the newest FlowDown."),
        "Secrets": .init(
            bugType: .defined, description: "token and headers are secrets: implementations must return them when asked but never log them."
        ),
        "NotModels": .init(
            bugType: .basic,
            description:
                "Not a plist, or not an array of dicts. The reference refuses (malformed-plist); the documented requester "
                + "(FlowDown docs section 5, Examples/ModelExchange/main.swift) decodes any plist with PropertyListSerialization and "
                + "shows the array's count (plain 'models' parses as an OpenStep string: 0 models). Both are conformant."),
    ]

    static func json(_ models: [CloudModel]) -> JSONValue {
        .array(models.map { ModelJSON.json(.dict(ModelsPlist.dictionary($0))) })
    }

    public func generate() -> VectorFile {
        var decode: [TestCase] = []
        var encode: [TestCase] = []
        func addDecode(
            _ slug: String, _ comment: String, _ flags: [String], _ bytes: [UInt8], _ result: ExpectedResult = .valid,
            _ error: String? = nil, models: [CloudModel]? = nil
        ) {
            let models = models ?? (result == .invalid ? [] : try! ModelsPlist.decode(bytes))
            decode.append(
                TestCase(
                    id: "\(id)/decode-\(slug)", comment: comment, flags: flags, spec: ["FlowDown 10"],
                    input: ["plist": .string(Hex.encode(bytes))],
                    expected: result == .invalid ? [:] : ["models": Self.json(models)], result: result, error: error))
        }
        var thinking = FlowDownFixtures.model(1)
        thinking.capabilities = ["visual", "preservedThinking"]
        let sets: [(String, [CloudModel], [String])] = [
            ("0-models", [], []), ("1-model", [FlowDownFixtures.model(1)], ["CapabilityOrder"]),
            ("3-models", (1...3).map(FlowDownFixtures.model), ["CapabilityOrder"]),
            ("preserved-thinking", [thinking], ["CapabilityOrder", "PreservedThinking"]),
        ]
        for (slug, models, more) in sets {
            let xml = ModelsPlist.encodeXML(models)
            encode.append(
                TestCase(
                    id: "\(id)/encode-\(slug)", comment: "XML of \(models.count) model(s)", flags: ["Canonical", "Secrets"] + more,
                    spec: ["FlowDown 10"], input: ["models": Self.json(models)],
                    expected: ["plist": .string(Hex.encode(xml))], result: .valid))
            addDecode(
                slug, "canonical XML of \(models.count) model(s)", ["Canonical", "Secrets"] + more.filter { $0 != "CapabilityOrder" }, xml)
        }
        func document(_ body: String) -> [UInt8] {
            Array(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                \(body)
                </plist>

                """.utf8)
        }
        addDecode(
            "body-fields-alias", "body_fields instead of bodyFields", ["BodyFieldsAlias"],
            document("<array><dict><key>body_fields</key><string>{\"top_p\":1}</string><key>name</key><string>old</string></dict></array>"),
            .acceptable)
        addDecode(
            "only-name", "a model with only a name", ["MissingFields"],
            document("<array><dict><key>name</key><string>n</string></dict></array>"))
        addDecode("empty-dict", "a model with no keys at all", ["MissingFields"], document("<array><dict/></array>"))
        addDecode(
            "unknown-keys", "api_version and a future key", ["UnknownKeys"],
            document(
                "<array><dict><key>api_version</key><string>v2</string><key>future</key><dict><key>x</key><integer>1</integer></dict><key"
                    + ">name</key><string>n</string></dict></array>"
            ))
        addDecode(
            "wrong-type", "context as a string", ["WrongType"],
            document("<array><dict><key>context</key><string>64000</string></dict></array>"))
        addDecode(
            "ext-data", "ext_data with storage", ["ExtData"],
            document(
                "<array><dict><key>ext_data</key><dict><key>storage</key><dict><key>chat_client_kit_scripts</key><string>[]</string></dic"
                    + "t></dict></dict></array>"
            ))
        addDecode("binary", "a binary plist with one model", ["BinaryPlist"], Self.binaryPlist())
        addDecode("not-plist", "plain text", ["NotModels"], Array("models".utf8), .acceptable, models: [])
        addDecode("top-level-dict", "a dict at the top level", ["NotModels"], document("<dict/>"), .acceptable, models: [])
        addDecode(
            "array-of-strings", "an array whose element is a string (no model)", ["NotModels"],
            document("<array><string>x</string></array>"), .acceptable, models: [])
        return VectorFile(
            format: "flowdown", suite: id, spec: FlowDownFixtures.spec,
            header: [
                "The models plist inside the payload: an array of CloudModel dicts. Models are given as JSON objects with the plist "
                    + "keys; dates are {\"date\": ISO 8601}, data {\"data\": hex}; plist bytes are hex.",
                "Ops flowdown.decodeModels {plist} -> {models} (lenient: every field optional, unknown keys kept, body_fields read as "
                    + "bodyFields) and flowdown.encodeModels {models} -> {plist} (an XML plist, compared after decoding: capabilities as a "
                    + "set, an empty ext_data optional).",
            ],
            notes: Self.notes,
            testGroups: [TestGroup(type: Self.decodeModels.type, tests: decode), TestGroup(type: Self.encodeModels.type, tests: encode)])
    }

    /// A one-key binary plist, so its bytes do not depend on dictionary order.
    static func binaryPlist() -> [UInt8] {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return Array(try! encoder.encode([["name": "binary model"]]))
    }

    /// Encoded plists are compared as FlowDown's output can be: decoded, capabilities as a set, an
    /// empty `ext_data` the same as none (note CapabilityOrder). The bytes must be an XML plist.
    public func mismatch(result: JSONObject, for test: TestCase, in group: TestGroup) -> String? {
        guard group.type == Self.encodeModels.type else { return defaultMismatch(result: result, expected: test.expected) }
        guard let hex = result["plist"]?.stringValue, let bytes = try? Hex.decode(hex) else { return "result has no plist (hex)" }
        guard bytes.starts(with: Array("<?xml".utf8)) else { return "the plist is not XML (FlowDown writes .xml)" }
        guard let models = try? ModelsPlist.decode(bytes) else { return "the plist does not decode as models" }
        guard let expected = test.expected["plist"]?.stringValue.flatMap({ try? Hex.decode($0) }).flatMap({ try? ModelsPlist.decode($0) })
        else { return "the case has no expected plist" }
        let actual = models.map(Self.comparable)
        let wanted = expected.map(Self.comparable)
        guard actual.count == wanted.count else { return "\(actual.count) model(s), expected \(wanted.count)" }
        for (index, (got, want)) in zip(actual, wanted).enumerated() where got != want {
            return "model \(index) differs: \(JSONWriter.compact(got)) (expected \(JSONWriter.compact(want)))"
        }
        return nil
    }

    /// A model as the comparison sees it: JSON form, capabilities sorted, an empty `ext_data` dropped.
    static func comparable(_ model: CloudModel) -> JSONValue {
        var model = model
        model.capabilities = model.capabilities?.sorted()
        if model.extensionStorage?.isEmpty == true { model.extensionStorage = nil }
        return ModelJSON.json(.dict(ModelsPlist.dictionary(model)))
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        file.allTests.compactMap { pair in
            (pair.test.input["plist"]?.stringValue ?? pair.test.expected["plist"]?.stringValue).flatMap { try? Hex.decode($0) }
        }.map { CorpusSeed(target: "FuzzFlowDownPlist", bytes: $0) }
    }
}
