import WireCore

/// The ordered JSON form of a vector file: keys in the order of vectors.md, so files are
/// byte-identical on every run and read well in a diff.
extension VectorFile {
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
        object["notes"] = .object(JSONObject(notes.keys.sorted().map { flag in
            let note = notes[flag]!
            return (flag, [
                "bugType": .string(note.bugType), "description": .string(note.description),
                "links": .array(note.links.map { .string($0) }),
            ])
        }))
        object["testGroups"] = .array(testGroups.map(\.json))
        return .object(object)
    }

    /// The file's bytes: two-space indented JSON with a final newline.
    public var fileContents: String { JSONWriter.pretty(json) + "\n" }

    /// Reads a vector file; errors name the byte offset (JSON) or the coding path (shape).
    public static func load(contentsOf bytes: [UInt8]) throws -> VectorFile {
        let value = try JSONParser.parse(bytes)
        return try JSONValueDecoding.decode(VectorFile.self, from: value)
    }
}

extension VectorFile.Producer {
    var json: JSONValue { ["name": .string(name), "version": .string(version)] }
}

extension TestGroup {
    var json: JSONValue {
        [
            "type": .string(type), "source": source.json, "params": params,
            "tests": .array(tests.map(\.json)),
        ]
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
