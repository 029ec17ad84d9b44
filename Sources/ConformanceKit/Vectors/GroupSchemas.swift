import Foundation
import WireCore

/// The group types declared by the JSON Schemas that ship with the vectors (`Vectors/schema/<type>.schema.json`),
/// read back into `GroupKind`s: the op each type's cases call and the fields of its params, input and expected,
/// each with its schema and description. The generator writes these files from the `GroupKind`s of the code, so
/// reading them gives the same declarations to a program that does not link the families (`WireCheckTesting`).
public struct GroupSchemas: Sendable {
    /// The declarations, by group type.
    public let kinds: [String: GroupKind]

    /// Why the schemas could not be read; each names the file and, inside it, the JSON path.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, and where.
        public let description: String
    }

    /// Reads every `<type>.schema.json` of `directory` (the vectors' `schema/` folder), leaving out the envelope.
    public init(directory: String) throws(Failure) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw Failure(description: "cannot list the group schemas in \(directory): \(error)")
        }
        var kinds: [String: GroupKind] = [:]
        for name in names where name.hasSuffix(".schema.json") && name != VectorFile.envelopeSchema {
            let path = "\(directory)/\(name)"
            guard let data = FileManager.default.contents(atPath: path) else { throw Failure(description: "cannot read \(path)") }
            let kind = try Self.kind(from: data, path: path)
            kinds[kind.type] = kind
        }
        guard !kinds.isEmpty else { throw Failure(description: "no group schema (<type>.schema.json) in \(directory)") }
        self.kinds = kinds
    }

    /// One group type from its schema, as `SchemaBuilder.group` writes it.
    static func kind(from data: Data, path: String) throws(Failure) -> GroupKind {
        let root: JSONValue
        do {
            root = try JSONParser.parse(Array(data))
        } catch {
            throw Failure(description: "\(path): \(error)")
        }
        func at(_ pointer: [String]) throws(Failure) -> JSONValue {
            var value = root
            for key in pointer {
                guard let next = value[key] else { throw Failure(description: "\(path): no /\(pointer.joined(separator: "/"))") }
                value = next
            }
            return value
        }
        guard let type = try at(["properties", "type", "const"]).stringValue, let op = try at(["properties", "op", "const"]).stringValue
        else { throw Failure(description: "\(path): the group type and its op must be string constants") }
        let test = ["properties", "tests", "items", "properties"]
        guard let expected = try at(test + ["expected", "anyOf"]).arrayValue?.first else {
            throw Failure(description: "\(path): /\((test + ["expected", "anyOf"]).joined(separator: "/")) is not an array")
        }
        return GroupKind(
            type, op: op, params: try fields(of: try at(["properties", "params"]), path: path),
            input: try fields(of: try at(test + ["input"]), path: path), expected: try fields(of: expected, path: path))
    }

    /// The fields of an object schema, in its order, each with its own schema and description.
    static func fields(of object: JSONValue, path: String) throws(Failure) -> [any DeclaredField] {
        guard let properties = object["properties"]?.objectValue else {
            throw Failure(description: "\(path): an object without properties")
        }
        let required = Set(object["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        return properties.members.map { name, schema in
            var valueSchema = schema.objectValue ?? JSONObject()
            let description = valueSchema["description"]?.stringValue ?? ""
            valueSchema["description"] = nil
            return Field<JSONValue>.json(name, description, schema: .object(valueSchema), required: required.contains(name))
        }
    }
}
