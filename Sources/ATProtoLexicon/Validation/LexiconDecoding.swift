import WireCore

/// The tolerant decoding steps that come before validation (catbird-mls.md, Decisions: "Order of
/// decoding and validation"). Each turns an accepted encoding into the form the lexicon declares, so
/// the validator judges the value and not how it travelled.
public enum LexiconDecoding {
    /// Query-string items → the typed params object the validator checks: `integer` and `boolean`
    /// params are read from their text, arrays gather repeated names and, for the names in
    /// `commaJoined`, also split each value at commas (`dids=a,b` as well as `dids=a&dids=b`). A value
    /// that cannot be read as its type is kept as a string, so the validator reports it with its path.
    public static func params(_ items: [QueryItem], schema: ParamsSchema?, commaJoined: Set<String> = []) -> JSONValue {
        var object = JSONObject()
        for item in items {
            let text = item.value ?? ""
            guard let declared = schema?.property(item.name) else {
                object[item.name] = .string(text)
                continue
            }
            if case .array(let array) = declared {
                var list = object[item.name]?.arrayValue ?? []
                let parts =
                    commaJoined.contains(item.name) ? text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [text]
                list += parts.map { scalar($0, as: array.items) }
                object[item.name] = .array(list)
            } else {
                object[item.name] = scalar(text, as: declared)
            }
        }
        return .object(object)
    }

    static func scalar(_ text: String, as schema: LexiconSchema) -> JSONValue {
        switch schema {
        case .integer:
            if let number = Int64(text), text.first != "+" { return .int(number) }
        case .boolean:
            if text == "true" { return true }
            if text == "false" { return false }
        default: break
        }
        return .string(text)
    }

    /// Replaces every `{"$bytes": text}` object with `text`: for lexicons such as the Catbird v0 set
    /// that declare binary fields as base64 strings, where a client may still send the data-model form.
    public static func bytesObjectsAsStrings(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            if object.count == 1, let text = object["$bytes"]?.stringValue { return .string(text) }
            return .object(JSONObject(object.map { ($0.key, bytesObjectsAsStrings($0.value)) }))
        case .array(let items): return .array(items.map(bytesObjectsAsStrings))
        default: return value
        }
    }
}
