import WireCore

/// The protobuf JSON mapping as Go's protojson reads it, for the few shapes the KAS messages use: a field is found by
/// its lowerCamelCase JSON name or its proto name, `null` is the default, unknown members are ignored (connect-go
/// discards them), a repeated key is an error, and bytes are Base64 in the standard or URL alphabet, padded or not.
enum ProtoJSON {
    static func object(_ body: [UInt8]) throws(KASMessageError) -> JSONObject {
        let value: JSONValue
        do throws(JSONParser.Failure) {
            value = try JSONParser.parse(body)
        } catch {
            throw KASMessageError(description: "JSON: \(error)")
        }
        guard let object = value.objectValue else { throw KASMessageError(description: "JSON: the message is not an object") }
        return object
    }

    /// The member named `json` or `proto`; nil when absent or null.
    static func member(_ object: JSONObject, _ json: String, _ proto: String? = nil) -> JSONValue? {
        let value = object[json] ?? proto.flatMap { object[$0] }
        if let value, value.isNull { return nil }
        return value
    }

    static func string(_ object: JSONObject, _ json: String, _ proto: String? = nil) throws(KASMessageError) -> String {
        guard let value = member(object, json, proto) else { return "" }
        guard let text = value.stringValue else { throw KASMessageError(description: "JSON: \(json) is not a string") }
        return text
    }

    static func bytes(_ object: JSONObject, _ json: String, _ proto: String? = nil) throws(KASMessageError) -> [UInt8]? {
        guard let value = member(object, json, proto) else { return nil }
        guard let text = value.stringValue else { throw KASMessageError(description: "JSON: \(json) is not a Base64 string") }
        guard let bytes = decodeBase64(text) else { throw KASMessageError(description: "JSON: \(json) is not valid Base64") }
        return bytes
    }

    /// The objects of the array member `json`; [] when absent.
    static func objects(_ object: JSONObject, _ json: String, _ proto: String? = nil) throws(KASMessageError) -> [JSONObject] {
        guard let value = member(object, json, proto) else { return [] }
        guard let array = value.arrayValue else { throw KASMessageError(description: "JSON: \(json) is not an array") }
        var objects: [JSONObject] = []
        for (index, element) in array.enumerated() {
            guard let member = element.objectValue else { throw KASMessageError(description: "JSON: \(json)[\(index)] is not an object") }
            objects.append(member)
        }
        return objects
    }

    /// protojson's bytes: either alphabet, padding optional.
    static func decodeBase64(_ text: String) -> [UInt8]? {
        let alphabet: Base64Variant.Alphabet = text.contains(where: { $0 == "-" || $0 == "_" }) ? .url : .std
        let padding: Base64Variant.Padding = text.hasSuffix("=") ? .padded : .raw
        return try? Base64.decode(text, variant: Base64Variant(alphabet, padding, .strict))
    }

    static func encode(_ members: [(String, JSONValue)]) -> [UInt8] {
        Array(JSONWriter.compact(.object(JSONObject(members))).utf8)
    }
}
