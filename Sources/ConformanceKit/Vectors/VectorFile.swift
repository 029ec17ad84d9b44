import WireCore

/// One vector file, `Vectors/<format>/<suite>.json` (vectors.md, "File envelope").
public struct VectorFile: Codable, Sendable, Equatable {
    public var schema: String
    public var format: String
    public var suite: String
    public var vectorsVersion: String
    public var generator: Producer
    public var spec: SpecReference
    public var numberOfTests: Int
    public var header: [String]
    public var notes: [String: Note]
    public var testGroups: [TestGroup]

    public static let envelopeSchema = "wirecheck-vectors-v1.schema.json"

    /// Who produced a file or a group's bytes (Wycheproof's `source`).
    public struct Producer: Codable, Sendable, Equatable {
        public var name: String
        public var version: String
        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    public struct SpecReference: Codable, Sendable, Equatable {
        public var name: String
        public var version: String
        public var url: String
        public init(name: String, version: String, url: String) {
            self.name = name
            self.version = version
            self.url = url
        }
    }

    /// What a flag means: its Wycheproof bug type and a description.
    public struct Note: Codable, Sendable, Equatable {
        public var bugType: BugType
        public var description: String
        public var links: [String]
        public init(bugType: BugType, description: String, links: [String] = []) {
            self.bugType = bugType
            self.description = description
            self.links = links
        }
    }

    public init(
        format: String, suite: String, spec: SpecReference, header: [String], notes: [String: Note],
        testGroups: [TestGroup]
    ) {
        self.schema = Self.envelopeSchema
        self.format = format
        self.suite = suite
        self.vectorsVersion = Harness.vectorsVersion
        self.generator = Producer(name: "wirecheck", version: Harness.version)
        self.spec = spec
        self.header = header
        self.notes = notes
        self.testGroups = testGroups
        // tcId runs through the file; ids are assigned by the suite and never renumbered.
        var tcId = 0
        for g in testGroups.indices {
            for t in self.testGroups[g].tests.indices {
                tcId += 1
                self.testGroups[g].tests[t].tcId = tcId
            }
        }
        self.numberOfTests = tcId
    }

    public var allTests: [(group: TestGroup, test: TestCase)] {
        testGroups.flatMap { group in group.tests.map { (group, $0) } }
    }
}

/// Cases that share a group `type` and `params` (Wycheproof's test group).
public struct TestGroup: Codable, Sendable, Equatable {
    public var type: String
    public var source: VectorFile.Producer
    public var params: JSONValue
    public var tests: [TestCase]

    public init(type: String, source: VectorFile.Producer? = nil, params: JSONObject = JSONObject(), tests: [TestCase]) {
        self.type = type
        self.source = source ?? VectorFile.Producer(name: "wirecheck", version: Harness.version)
        self.params = .object(params)
        self.tests = tests
    }
}

/// The verdict a conformant implementation must reach on a case.
public enum ExpectedResult: String, Codable, Sendable, CaseIterable {
    case valid, invalid, acceptable
}

/// One case: an input, the expected output or error class, and why it exists.
public struct TestCase: Codable, Sendable, Equatable {
    public var id: String
    public var tcId: Int
    public var comment: String
    public var flags: [String]
    public var spec: [String]
    public var input: JSONValue
    public var expected: JSONValue
    public var result: ExpectedResult
    public var error: String?

    public init(
        id: String, comment: String, flags: [String] = [], spec: [String], input: JSONObject,
        expected: JSONObject = JSONObject(), result: ExpectedResult, error: String? = nil
    ) {
        self.id = id
        self.tcId = 0
        self.comment = comment
        self.flags = flags
        self.spec = spec
        self.input = .object(input)
        self.expected = .object(expected)
        self.result = result
        self.error = error
    }
}
