import WireCore

/// The ordered JSON form of a vector file: keys in the order of Vectors/README.md, so files are
/// byte-identical on every run and read well in a diff.
extension VectorFile {
    /// The file as ordered JSON.
    public var json: JSONValue {
        var object = JSONObject()
        object["schema"] = .string(schema)
        object["format"] = .string(format)
        object["suite"] = .string(suite)
        object["vectorsVersion"] = .string(vectorsVersion)
        object["generator"] = generator.json
        object["spec"] = ["name": .string(spec.name), "version": .string(spec.version), "url": .string(spec.url)]
        object["numberOfTests"] = .int(Int64(numberOfTests))
        object["header"] = .array(header.map { .string($0) })
        object["notes"] = .object(
            JSONObject(
                notes.keys.sorted().map { flag in
                    let note = notes[flag]!
                    return (
                        flag,
                        [
                            "bugType": .string(note.bugType.rawValue), "description": .string(note.description),
                            "links": .array(note.links.map { .string($0) }),
                        ]
                    )
                }))
        object["testGroups"] = .array(testGroups.map(\.json))
        return .object(object)
    }

    /// The file's bytes: two-space indented JSON with a final newline.
    public var fileContents: String { JSONWriter.pretty(json) + "\n" }

    /// Reads a vector file, keeping the key order of every object; errors name the byte offset
    /// (JSON syntax) or the path of the field (shape).
    public static func load(contentsOf bytes: [UInt8]) throws -> VectorFile {
        let root = try VectorJSONReader(try JSONParser.parse(bytes), path: "")
        let spec = try root.object("spec")
        let notes = try root.object("notes")
        var file = VectorFile(
            format: try root.string("format"), suite: try root.string("suite"),
            spec: SpecReference(name: try spec.string("name"), version: try spec.string("version"), url: try spec.string("url")),
            header: try root.array("header").map { try $0.string() },
            notes: Dictionary(
                uniqueKeysWithValues: try notes.members().map { flag, note in
                    (
                        flag,
                        Note(
                            bugType: try note.enumeration("bugType"), description: try note.string("description"),
                            links: try note.array("links").map { try $0.string() })
                    )
                }),
            testGroups: try root.array("testGroups").map { group in
                TestGroup(
                    type: try group.string("type"), op: group.value["op"]?.stringValue,
                    source: Producer(
                        name: try group.object("source").string("name"), version: try group.object("source").string("version")),
                    params: try group.object("params").objectValue,
                    tests: try group.array("tests").map { test in
                        TestCase(
                            id: try test.string("id"), comment: try test.string("comment"),
                            flagNames: try test.array("flags").map { try $0.string() },
                            spec: try test.array("spec").map { try $0.string() },
                            input: try test.object("input").objectValue, expected: try test.object("expected").objectValue,
                            result: try test.enumeration("result"), error: try test.optionalString("error"))
                    })
            })
        // Keep what the file says where the initialiser computes its own (tcId, counts, versions).
        file.schema = try root.string("schema")
        file.vectorsVersion = try root.string("vectorsVersion")
        file.generator = Producer(
            name: try root.object("generator").string("name"), version: try root.object("generator").string("version"))
        file.numberOfTests = Int(try root.integer("numberOfTests"))
        for g in file.testGroups.indices {
            let tests = try root.array("testGroups")[g].array("tests")
            for t in file.testGroups[g].tests.indices { file.testGroups[g].tests[t].tcId = Int(try tests[t].integer("tcId")) }
        }
        return file
    }
}

/// Typed reads from a parsed vector file; a missing or mistyped field names its JSON path.
struct VectorJSONReader {
    let value: JSONValue
    let path: String

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ value: JSONValue, path: String) throws {
        self.value = value
        self.path = path
    }

    private func member(_ key: String) throws -> VectorJSONReader {
        guard let object = value.objectValue else { throw Failure(description: "\(path.isEmpty ? "/" : path): not an object") }
        guard let member = object[key] else { throw Failure(description: "\(path)/\(key): missing") }
        return try VectorJSONReader(member, path: "\(path)/\(key)")
    }

    func string() throws -> String {
        guard let text = value.stringValue else { throw Failure(description: "\(path): not a string") }
        return text
    }

    func string(_ key: String) throws -> String { try member(key).string() }

    func optionalString(_ key: String) throws -> String? {
        let field = try member(key)
        return field.value.isNull ? nil : try field.string()
    }

    func integer(_ key: String) throws -> Int64 {
        let field = try member(key)
        guard let number = field.value.intValue else { throw Failure(description: "\(field.path): not an integer") }
        return number
    }

    func object(_ key: String) throws -> VectorJSONReader {
        let field = try member(key)
        guard field.value.objectValue != nil else { throw Failure(description: "\(field.path): not an object") }
        return field
    }

    var objectValue: JSONObject { value.objectValue ?? JSONObject() }

    func members() throws -> [(String, VectorJSONReader)] {
        try objectValue.members.map { ($0.key, try VectorJSONReader($0.value, path: "\(path)/\($0.key)")) }
    }

    func array(_ key: String) throws -> [VectorJSONReader] {
        let field = try member(key)
        guard let elements = field.value.arrayValue else { throw Failure(description: "\(field.path): not an array") }
        return try elements.enumerated().map { try VectorJSONReader($1, path: "\(field.path)/\($0)") }
    }

    func enumeration<T: RawRepresentable>(_ key: String) throws -> T where T.RawValue == String {
        let field = try member(key)
        guard let value = T(rawValue: try field.string()) else { throw Failure(description: "\(field.path): unknown value") }
        return value
    }
}

extension VectorFile.Producer {
    var json: JSONValue { ["name": .string(name), "version": .string(version)] }
}

extension TestGroup {
    var json: JSONValue {
        var object: JSONObject = ["type": .string(type)]
        if let op { object["op"] = .string(op) }
        object["source"] = source.json
        object["params"] = params
        object["tests"] = .array(tests.map(\.json))
        return .object(object)
    }
}

extension VectorFile {
    /// The file with each group's `op` set from the group type `suite` declares for it, as files are written.
    public func stampingOps(from suite: any JudgedSuite) -> VectorFile {
        var file = self
        for index in file.testGroups.indices {
            file.testGroups[index].op = suite.kind(of: file.testGroups[index])?.op
        }
        return file
    }
}

extension TestCase {
    var json: JSONValue {
        [
            "id": .string(id), "tcId": .int(Int64(tcId)), "comment": .string(comment),
            "flags": .array(flags.map { .string($0) }), "spec": .array(spec.map { .string($0) }),
            "input": input, "expected": expected, "result": .string(result.rawValue),
            "error": error.map { .string($0) } ?? .null,
        ]
    }
}
