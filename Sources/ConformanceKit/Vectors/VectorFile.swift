import WireCore

/// One vector file, `Vectors/<format>/<suite>.json` (Vectors/README.md, "File envelope").
public struct VectorFile: Codable, Sendable, Equatable {
    /// The envelope schema's file name.
    public var schema: String
    /// The format, e.g. `cdev`.
    public var format: String
    /// The suite id, e.g. `cdev/tokens`.
    public var suite: String
    /// The version of the vector contract.
    public var vectorsVersion: String
    /// The tool that wrote the file.
    public var generator: Producer
    /// The specification the cases follow.
    public var spec: SpecReference
    /// How many cases the file holds.
    public var numberOfTests: Int
    /// What the file covers, in prose.
    public var header: [String]
    /// Every flag used, with its bug type and meaning.
    public var notes: [String: Note]
    /// The groups of cases.
    public var testGroups: [TestGroup]

    /// The file name of the envelope's JSON Schema.
    public static let envelopeSchema = "wirecheck-vectors-v1.schema.json"

    /// Who produced a file or a group's bytes (Wycheproof's `source`).
    public struct Producer: Codable, Sendable, Equatable {
        /// The producer's name.
        public var name: String
        /// Its version.
        public var version: String
        /// A producer.
        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// The specification a file follows.
    public struct SpecReference: Codable, Sendable, Equatable {
        /// The specification's name.
        public var name: String
        /// The version or commit it describes.
        public var version: String
        /// Where to read it.
        public var url: String
        /// A reference.
        public init(name: String, version: String, url: String) {
            self.name = name
            self.version = version
            self.url = url
        }
    }

    /// What a flag means: its Wycheproof bug type and a description.
    public struct Note: Codable, Sendable, Equatable {
        /// The kind of bug the flag's cases catch.
        public var bugType: BugType
        public var description: String
        /// Where to read more.
        public var links: [String]
        /// A note.
        public init(bugType: BugType, description: String, links: [String] = []) {
            self.bugType = bugType
            self.description = description
            self.links = links
        }
    }

    /// A file; `tcId`s are numbered through it and `numberOfTests` counted. `notes` explains every flag
    /// of the suite's vocabulary, and every flag a case carries is one of them.
    public init<Flag: CaseFlag>(
        format: String, suite: String, spec: SpecReference, header: [String], notes: [Flag: Note], testGroups: [TestGroup]
    ) {
        precondition(notes.count == Flag.allCases.count, "\(suite): a flag of \(Flag.self) has no note")
        let vocabulary = Set(Flag.allCases.map(\.rawValue))
        for group in testGroups {
            for test in group.tests {
                precondition(test.flags.allSatisfy(vocabulary.contains), "\(test.id): a flag outside \(Flag.self)")
            }
        }
        self.init(
            format: format, suite: suite, spec: spec, header: header,
            notes: Dictionary(uniqueKeysWithValues: notes.map { ($0.key.rawValue, $0.value) }), testGroups: testGroups)
    }

    /// A file whose notes are already strings (a file read back, a test's fixture).
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

    /// Every case with its group, in file order.
    public var allTests: [(group: TestGroup, test: TestCase)] {
        testGroups.flatMap { group in group.tests.map { (group, $0) } }
    }
}

/// Cases that share a group `type` and `params` (Wycheproof's test group).
public struct TestGroup: Codable, Sendable, Equatable {
    /// The group type, e.g. `CdevValidateTest` (a `GroupKind`).
    public var type: String
    /// The shim op every case of the group calls, e.g. `cdev.validate`: the group type's, written into the file
    /// by the generator (`stampingOps`) so that a reader of the vectors needs no table of types; nil in a group
    /// made in code before it is written.
    public var op: String?
    /// Who produced the group's bytes.
    public var source: VectorFile.Producer
    /// Parameters shared by the group's cases.
    public var params: JSONValue
    /// The cases.
    public var tests: [TestCase]

    /// A group.
    public init(
        type: String, op: String? = nil, source: VectorFile.Producer? = nil, params: JSONObject = JSONObject(), tests: [TestCase]
    ) {
        self.type = type
        self.op = op
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
    /// The case's number in its file.
    public var tcId: Int
    /// What the case is, in prose.
    public var comment: String
    /// What the case is about (explained in the file's notes).
    public var flags: [String]
    /// The spec sections it exercises.
    public var spec: [String]
    /// The input fields.
    public var input: JSONValue
    /// The expected output of a valid case (empty for invalid ones).
    public var expected: JSONValue
    /// `valid`, `invalid` or `acceptable`.
    public var result: ExpectedResult
    /// The error class of an invalid case.
    public var error: String?

    /// A case with flags of its suite's vocabulary; its `tcId` is set by the file.
    public init<Flag: CaseFlag>(
        id: String, comment: String, flags: [Flag], spec: [String], input: JSONObject,
        expected: JSONObject = JSONObject(), result: ExpectedResult, error: String? = nil
    ) {
        self.init(
            id: id, comment: comment, flagNames: flags.map(\.rawValue), spec: spec, input: input, expected: expected, result: result,
            error: error)
    }

    /// A case without flags; its `tcId` is set by the file.
    public init(
        id: String, comment: String, spec: [String], input: JSONObject, expected: JSONObject = JSONObject(), result: ExpectedResult,
        error: String? = nil
    ) {
        self.init(id: id, comment: comment, flagNames: [], spec: spec, input: input, expected: expected, result: result, error: error)
    }

    /// A case whose flags are already strings (a variant of a read case, a test's fixture).
    public init(
        id: String, comment: String, flagNames: [String], spec: [String], input: JSONObject,
        expected: JSONObject = JSONObject(), result: ExpectedResult, error: String? = nil
    ) {
        self.id = id
        self.tcId = 0
        self.comment = comment
        self.flags = flagNames
        self.spec = spec
        self.input = .object(input)
        self.expected = .object(expected)
        self.result = result
        self.error = error
    }
}
