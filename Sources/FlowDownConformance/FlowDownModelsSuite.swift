import ConformanceKit
import Foundation
import ModelExchange
import WireCore

/// `flowdown/models`: the decrypted plaintext, an XML plist array of `CloudModel` dicts (FlowDown
/// spec section 10): lenient decoding and canonical XML encoding.
public struct FlowDownModelsSuite: VectorSuite {
    public init() {}
    public var id: String { "flowdown/models" }
    typealias F = FlowDownFields

    /// `FlowDownDecodeModelsTest`: `flowdown.decodeModels {plist}` → `{models}`.
    public static let decodeModels = GroupKind(
        "FlowDownDecodeModelsTest", op: "flowdown.decodeModels", input: [F.plist], expected: [F.models])
    /// `FlowDownEncodeModelsTest`: `flowdown.encodeModels {models}` → `{plist}`.
    public static let encodeModels = GroupKind(
        "FlowDownEncodeModelsTest", op: "flowdown.encodeModels", input: [F.models], expected: [F.plist])

    /// `FlowDownAppDecodeModelsTest`: `flowdown.decodeModelsAsApp {plist}` → `{models}`, FlowDown's own decoder.
    public static let decodeModelsAsApp = GroupKind(
        "FlowDownAppDecodeModelsTest", op: "flowdown.decodeModelsAsApp", input: [F.plist], expected: [F.models])

    public var groupKinds: [GroupKind] { [Self.decodeModels, Self.encodeModels, Self.decodeModelsAsApp] }

    /// The flags of `flowdown/models`, each explained in `notes`.
    enum Flag: String, CaseFlag {
        case canonical = "Canonical"
        case bodyFieldsAlias = "BodyFieldsAlias"
        case capabilityOrder = "CapabilityOrder"
        case preservedThinking = "PreservedThinking"
        case missingFields = "MissingFields"
        case unknownKeys = "UnknownKeys"
        case wrongType = "WrongType"
        case binaryPlist = "BinaryPlist"
        case appDecoder = "AppDecoder"
        case extData = "ExtData"
        case secrets = "Secrets"
        case notModels = "NotModels"
        case nestingLimit = "NestingLimit"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .canonical: .init(
            bugType: .canonicalization,
            description:
                "XML as Foundation's PropertyListEncoder writes it: standard header, tab indentation, sorted keys, UTC dates to the second."
        ),
        .bodyFieldsAlias: .init(
            bugType: .legacy,
            description:
                "body_fields, the key name of FlowDown builds from 2025-12-06 to 2025-12-09. The reference reads it as bodyFields "
                + "(WireCheck's choice); no FlowDown code maps it: the documented requester keeps the key as it is and CloudModel "
                + "since 947e4a42 drops it. Mapping it, keeping it as an unknown key or dropping it are conformant."
        ),
        .capabilityOrder: .init(
            bugType: .interop,
            description:
                "FlowDown writes capabilities from a Swift Set, in another order in every process, and ext_data only in the newest "
                + "CloudModel (Lakr233/FlowDown 7564f5b1). Encoded plists are compared after decoding: same models, capabilities "
                + "as a set, an empty ext_data optional. The reference writes them in the given order, keys sorted."
        ),
        .preservedThinking: .init(
            bugType: .functionality, description: "The plist capability preservedThinking (no exchange capability maps to it)."),
        .missingFields: .init(bugType: .edgeCase, description: "Every field is optional."),
        .unknownKeys: .init(bugType: .functionality, description: "Keys from newer FlowDown builds are kept, not dropped."),
        .wrongType: .init(
            bugType: .edgeCase, description: "A known key with a value of another type is kept as an unknown value, not coerced."),
        .binaryPlist: .init(bugType: .interop, description: "A binary plist is a plist too."),
        .appDecoder: .init(
            bugType: .functionality,
            description:
                "FlowDown's own CloudModel decoder (be50ddf, AppModelsReading): a missing key takes the decoder's default (context "
                + "8000, strings \"\", response_format chatCompletions, removed false; objectId, deviceId, creation and modified are "
                + "made at decode time and so are absent here), one bad value refuses the whole array, temperature_preference is "
                + "inherit unless it is \"custom\", bodyFields only, ext_data ignored."),
        .extData: .init(
            bugType: .functionality,
            description:
                "ext_data.storage, only in the newest CloudModel (Lakr233/FlowDown 7564f5b1), which this suite follows. FlowDown "
                + "at be50ddf (app 5.0.2) has no such field and drops it, so a case with a non-empty ext_data is acceptable."),
        .secrets: .init(
            bugType: .defined, description: "token and headers are secrets: implementations must return them when asked but never log them."
        ),
        .notModels: .init(
            bugType: .basic,
            description:
                "Not a plist, or not an array of dicts. The reference refuses (malformed-plist); the documented requester "
                + "(FlowDown docs section 5, Examples/ModelExchange/main.swift) decodes any plist with PropertyListSerialization and "
                + "shows the array's count (plain 'models' parses as an OpenStep string: 0 models). Both are conformant."),
        .nestingLimit: .init(
            bugType: .edgeCase,
            description:
                "Values nested 64 deep under an unknown key. The reference reads 63 levels and refuses more (malformed-plist): a binary "
                + "plist can nest without end through its object references. FlowDown has no limit of its own, so reading them is "
                + "conformant too."),
    ]

    static func json(_ models: [CloudModel]) -> [JSONValue] {
        models.map { ModelJSON.json(.dict(ModelsPlist.dictionary($0))) }
    }

    public func generate() -> VectorFile {
        var decode: [TestCase] = []
        var encode: [TestCase] = []
        func addDecode(
            _ slug: String, _ comment: String, _ flags: [Flag], _ bytes: [UInt8], _ result: ExpectedResult = .valid,
            _ error: String? = nil, models: [CloudModel]? = nil
        ) {
            let models = models ?? (result == .invalid ? [] : try! ModelsPlist.decode(bytes))
            decode.append(
                TestCase(
                    id: "\(id)/decode-\(slug)", comment: comment, flags: flags, spec: ["FlowDown 10"],
                    input: JSONObject(F.plist(bytes)),
                    expected: result == .invalid ? JSONObject() : JSONObject(F.models(Self.json(models))), result: result, error: error))
        }
        var thinking = FlowDownFixtures.model(1)
        thinking.capabilities = ["visual", "preservedThinking"]
        // Every CloudModel revision writes the first three sets; ext_data only the newest (7564f5b1), so a
        // non-empty ext_data is a set of its own, acceptable: FlowDown at be50ddf (app 5.0.2) drops it.
        let withoutExtData = (1...3).map(FlowDownFixtures.model).map { model in
            var model = model
            model.extensionStorage = [:]
            return model
        }
        let sets: [(String, [CloudModel], [Flag], ExpectedResult)] = [
            ("0-models", [], [], .valid), ("1-model", [FlowDownFixtures.model(1)], [.capabilityOrder], .valid),
            ("3-models", withoutExtData, [.capabilityOrder], .valid),
            ("preserved-thinking", [thinking], [.capabilityOrder, .preservedThinking], .valid),
            ("ext-data", [FlowDownFixtures.model(2)], [.capabilityOrder, .extData], .acceptable),
        ]
        for (slug, models, more, result) in sets {
            let xml = ModelsPlist.encodeXML(models)
            encode.append(
                TestCase(
                    id: "\(id)/encode-\(slug)", comment: "XML of \(models.count) model(s)", flags: [Flag.canonical, .secrets] + more,
                    spec: ["FlowDown 10"], input: JSONObject(F.models(Self.json(models))), expected: JSONObject(F.plist(xml)),
                    result: result))
            // The ext_data set's decoding is decode-ext-data below.
            guard result == .valid else { continue }
            addDecode(
                slug, "canonical XML of \(models.count) model(s)", [.canonical, .secrets] + more.filter { $0 != .capabilityOrder }, xml)
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
            "body-fields-alias", "body_fields instead of bodyFields", [.bodyFieldsAlias],
            document("<array><dict><key>body_fields</key><string>{\"top_p\":1}</string><key>name</key><string>old</string></dict></array>"),
            .acceptable)
        addDecode(
            "only-name", "a model with only a name", [.missingFields],
            document("<array><dict><key>name</key><string>n</string></dict></array>"))
        addDecode("empty-dict", "a model with no keys at all", [.missingFields], document("<array><dict/></array>"))
        addDecode(
            "unknown-keys", "api_version and a future key", [.unknownKeys],
            document(
                "<array><dict><key>api_version</key><string>v2</string><key>future</key><dict><key>x</key><integer>1</integer></dict><key"
                    + ">name</key><string>n</string></dict></array>"
            ))
        addDecode(
            "wrong-type", "context as a string", [.wrongType],
            document("<array><dict><key>context</key><string>64000</string></dict></array>"))
        addDecode(
            "ext-data", "ext_data with storage", [.extData],
            document(
                "<array><dict><key>ext_data</key><dict><key>storage</key><dict><key>chat_client_kit_scripts</key><string>[]</string></dic"
                    + "t></dict></dict></array>"
            ))
        addDecode("binary", "a binary plist with one model", [.binaryPlist], Self.binaryPlist())
        addDecode("not-plist", "plain text", [.notModels], Array("models".utf8), .acceptable, models: [])
        addDecode("top-level-dict", "a dict at the top level", [.notModels], document("<dict/>"), .acceptable, models: [])
        addDecode(
            "array-of-strings", "an array whose element is a string (no model)", [.notModels],
            document("<array><string>x</string></array>"), .acceptable, models: [])
        // A known array holding a value of another type: kept as read, like any value of the wrong type.
        func model(_ body: String) -> [UInt8] { document("<array><dict>\(body)<key>name</key><string>n</string></dict></array>") }
        addDecode(
            "capabilities-mixed-types", "capabilities holding a string and an integer", [.wrongType],
            model("<key>capabilities</key><array><string>tool</string><integer>1</integer></array>"))
        addDecode(
            "capabilities-integer-only", "capabilities holding only an integer", [.wrongType],
            model("<key>capabilities</key><array><integer>1</integer></array>"))
        // Nesting under an unknown key: the deepest the reference reads, then one more.
        func nested(_ depth: Int) -> [UInt8] {
            model("<key>x</key>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth))
        }
        addDecode("nested-63-deep", "arrays nested 63 deep under an unknown key", [.unknownKeys], nested(63))
        addDecode(
            "nested-64-deep", "arrays nested 64 deep under an unknown key", [.unknownKeys, .nestingLimit], nested(64), .acceptable,
            models: [])
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
            testGroups: [
                TestGroup(type: Self.decodeModels.type, tests: decode), TestGroup(type: Self.encodeModels.type, tests: encode),
                TestGroup(type: Self.decodeModelsAsApp.type, tests: appCases(document)),
            ])
    }

    /// FlowDown's own decoder on the plists where it differs from the generic reading, each run through
    /// `AppModelsReading` (Foundation's PropertyListDecoder, as the app).
    func appCases(_ document: (String) -> [UInt8]) -> [TestCase] {
        var cases: [TestCase] = []
        func add(_ slug: String, _ comment: String, _ bytes: [UInt8]) {
            let models = try? AppModelsReading.decode(bytes)
            cases.append(
                TestCase(
                    id: "\(id)/app-decode-\(slug)", comment: comment, flags: [Flag.appDecoder], spec: ["FlowDown 10"],
                    input: JSONObject(F.plist(bytes)), expected: models.map { JSONObject(F.models(Self.json($0))) } ?? JSONObject(),
                    result: models == nil ? .invalid : .valid, error: models == nil ? "malformed-plist" : nil))
        }
        func model(_ body: String) -> [UInt8] { document("<array><dict>\(body)</dict></array>") }
        add(
            "canonical", "the canonical XML of three models: every key present",
            ModelsPlist.encodeXML((1...3).map(FlowDownFixtures.model)))
        add(
            "only-name", "only a name: context 8000 (the initialiser's is 64000), model_list_endpoint \"\"",
            model("<key>name</key><string>n</string>"))
        add("empty-dict", "no keys at all: every default", model(""))
        add(
            "context-not-a-length", "context 12345, not one of the nine lengths: the whole array fails",
            model("<key>context</key><integer>12345</integer>"))
        add("context-string", "context as a string: the whole array fails", model("<key>context</key><string>64000</string>"))
        add(
            "unknown-capability", "an unknown capability: the whole array fails",
            model("<key>capabilities</key><array><string>visual</string><string>smell</string></array>"))
        add("removed-integer", "removed as an integer", model("<key>removed</key><integer>1</integer>"))
        add(
            "response-format-unknown", "response_format completions: not one of the two",
            model("<key>response_format</key><string>completions</string>"))
        add(
            "temperature-anything", "temperature_preference as an integer: read as inherit, never a failure",
            model("<key>temperature_preference</key><integer>3</integer><key>name</key><string>n</string>"))
        add(
            "body-fields-alias", "body_fields: not read at this revision (bodyFields stays \"\")",
            model("<key>body_fields</key><string>{}</string>"))
        add(
            "ext-data-ignored", "ext_data: this revision has no such field",
            model("<key>ext_data</key><dict><key>storage</key><dict/></dict><key>name</key><string>n</string>"))
        add(
            "second-model-bad", "a good model, then one with a bad context: the whole array fails",
            document("<array><dict><key>name</key><string>a</string></dict><dict><key>context</key><integer>1</integer></dict></array>"))
        add(
            "duplicate-capability", "visual twice: a Set in the app",
            model("<key>capabilities</key><array><string>visual</string><string>visual</string></array>"))
        return cases
    }

    /// A one-key binary plist, so its bytes do not depend on dictionary order.
    static func binaryPlist() -> [UInt8] {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return Array(try! encoder.encode([["name": "binary model"]]))
    }

    /// An encoded plist is compared as models; the other groups as written.
    public func comparesAsWritten(_ group: TestGroup) -> Bool { group.type != Self.encodeModels.type }

    /// Encoded plists are compared as FlowDown's output can be: decoded, capabilities as a set, an
    /// empty `ext_data` the same as none (note CapabilityOrder). The bytes must be an XML plist.
    public func mismatch(result: JSONObject, for test: TestCase, in group: TestGroup) -> String? {
        guard group.type == Self.encodeModels.type else { return defaultMismatch(result: result, expected: test.expected) }
        guard let bytes = result[F.plist] else { return "result has no plist (hex)" }
        guard bytes.starts(with: Array("<?xml".utf8)) else { return "the plist is not XML (FlowDown writes .xml)" }
        guard let models = try? ModelsPlist.decode(bytes) else { return "the plist does not decode as models" }
        guard let expected = test.expected[F.plist].flatMap({ try? ModelsPlist.decode($0) })
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
            pair.test.input[F.plist] ?? pair.test.expected[F.plist]
        }.map { CorpusSeed(target: "FuzzFlowDownPlist", bytes: $0) }
    }
}
