import WireCore

/// The atproto data model's rules for JSON (data-model spec): no floats, `$type` a non-empty string,
/// `{"$bytes"}` and `{"$link"}` objects with exactly that one string key, and blobs with `ref`,
/// `mimeType` and an integer `size`. These apply to any atproto value, whatever its lexicon says.
public enum ATProtoDataModel {
    /// Every data-model error of `value`; `topLevelObject` requires an object at the root (a record or
    /// an `unknown` field).
    public static func check(_ value: JSONValue, topLevelObject: Bool = true, at path: JSONPointer = .root) -> [ValidationError] {
        var errors: [ValidationError] = []
        if topLevelObject, value.objectValue == nil { errors.append(ValidationError(path, .wrongType, "must be an object")) }
        walk(value, at: path, into: &errors)
        return errors
    }

    private static func walk(_ value: JSONValue, at path: JSONPointer, into errors: inout [ValidationError]) {
        switch value {
        case .double(let d) where d.rounded() != d || !d.isFinite:
            errors.append(ValidationError(path, .floatNotAllowed, "\(d) is not an integer"))
        case .array(let items):
            for (i, item) in items.enumerated() { walk(item, at: path.appending(i), into: &errors) }
        case .object(let object):
            if object["$bytes"] != nil {
                if let error = bytesError(object, at: path) { errors.append(error) }
                return
            }
            if object["$link"] != nil {
                if let error = linkError(object, at: path) { errors.append(error) }
                return
            }
            if let type = object["$type"] {
                guard let name = type.stringValue, !name.isEmpty else {
                    errors.append(ValidationError(path.appending("$type"), .invalidType, "$type must be a non-empty string"))
                    return
                }
                if name == "blob" {
                    if let error = blobError(object, at: path) { errors.append(error) }
                    return
                }
            }
            for (key, member) in object { walk(member, at: path.appending(key), into: &errors) }
        default: break
        }
    }

    /// Why `object` is not `{"$bytes": base64}`, or nil.
    static func bytesError(_ object: JSONObject, at path: JSONPointer) -> ValidationError? {
        guard object.count == 1, let text = object["$bytes"]?.stringValue else {
            return ValidationError(path, .invalidBytes, "a bytes value is {\"$bytes\": base64 string} and nothing else")
        }
        guard decodeBytes(text) != nil else { return ValidationError(path, .invalidBytes, "\"\(text.prefix(40))\" is not base64") }
        return nil
    }

    /// The bytes of a `$bytes` string: RFC 4648 standard alphabet, padding optional, the unused low
    /// bits of the last character not checked (the interop vectors hold `{"$bytes": "123"}` as valid).
    public static func decodeBytes(_ text: String) -> [UInt8]? {
        var utf8 = Array(text.utf8)
        var padding = 0
        while utf8.last == UInt8(ascii: "="), padding < 2 {
            utf8.removeLast()
            padding += 1
        }
        if padding > 0, (utf8.count + padding) % 4 != 0 { return nil }
        if utf8.contains(where: { $0 == 0x0a || $0 == 0x0d }) { return nil }
        return try? Base64.decode(utf8: utf8, variant: Base64Variant(.std, .raw, .go))
    }

    /// Why `object` is not `{"$link": cid}`, or nil.
    static func linkError(_ object: JSONObject, at path: JSONPointer) -> ValidationError? {
        guard object.count == 1, let cid = object["$link"]?.stringValue else {
            return ValidationError(path, .invalidCIDLink, "a link is {\"$link\": CID string} and nothing else")
        }
        guard StringFormat.cid.isValid(cid) else { return ValidationError(path, .invalidCIDLink, "\"\(cid.prefix(60))\" is not a CID") }
        return nil
    }

    /// A blob read from JSON: the modern form, or the legacy `{cid, mimeType}` (size unknown).
    public struct Blob: Sendable, Equatable {
        /// The CID of the content.
        public let cid: String
        /// The declared MIME type.
        public let mimeType: String
        /// The size in bytes; nil for a legacy blob.
        public let size: Int64?
    }

    /// Reads a blob, or says why `object` is not one.
    public static func blob(_ object: JSONObject, at path: JSONPointer) -> Result<Blob, ValidationError> {
        if object["$type"] == nil, object.count == 2, let cid = object["cid"]?.stringValue, let mime = object["mimeType"]?.stringValue {
            guard StringFormat.cid.isValid(cid) else { return .failure(ValidationError(path.appending("cid"), .invalidBlob, "not a CID")) }
            return .success(Blob(cid: cid, mimeType: mime, size: nil))
        }
        guard object["$type"]?.stringValue == "blob" else {
            return .failure(ValidationError(path, .invalidBlob, "a blob has \"$type\": \"blob\""))
        }
        guard let ref = object["ref"]?.objectValue else {
            return .failure(ValidationError(path.appending("ref"), .invalidBlob, "a blob needs 'ref': {\"$link\": CID}"))
        }
        if let error = linkError(ref, at: path.appending("ref")) {
            return .failure(ValidationError(error.path, .invalidBlob, error.message))
        }
        guard let mime = object["mimeType"]?.stringValue, !mime.isEmpty else {
            return .failure(ValidationError(path.appending("mimeType"), .invalidBlob, "a blob needs a non-empty string 'mimeType'"))
        }
        guard case .int(let size)? = object["size"], size >= 0 else {
            return .failure(ValidationError(path.appending("size"), .invalidBlob, "a blob needs an integer 'size' of 0 or more"))
        }
        return .success(Blob(cid: ref["$link"]?.stringValue ?? "", mimeType: mime, size: size))
    }

    static func blobError(_ object: JSONObject, at path: JSONPointer) -> ValidationError? {
        if case .failure(let error) = blob(object, at: path) { return error }
        return nil
    }
}
