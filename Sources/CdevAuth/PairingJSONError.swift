import WireCore

/// Why a pairing or token-pair JSON document was refused (error class `malformed`), naming the
/// field, or the byte offset when the JSON itself is broken.
public struct PairingJSONError: CodedError, Equatable, Sendable, CustomStringConvertible {
    /// The JSON field, or `$` for the document.
    public var field: String
    /// What was wrong with it.
    public var message: String
    /// The one error class of pairing JSON.
    public enum Code: String, CaseIterable, Sendable {
        case malformed
    }

    /// Always `malformed`.
    public var errorCode: Code { .malformed }
    public var description: String { "\(field): \(message)" }

    /// An error at `field`.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// The top-level object. Duplicate keys: the last wins, as Foundation's decoder does.
    static func object(_ bytes: [UInt8]) throws(PairingJSONError) -> JSONObject {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes, duplicateKeys: .keepLast) } catch {
            throw PairingJSONError(field: "$", message: "\(error)")
        }
        guard let object = value.objectValue else { throw PairingJSONError(field: "$", message: "not a JSON object") }
        return object
    }

    static func string(_ object: JSONObject, _ key: String) throws(PairingJSONError) -> String {
        guard let member = object[key], !member.isNull else { throw PairingJSONError(field: key, message: "required") }
        guard let text = member.stringValue else { throw PairingJSONError(field: key, message: "must be a string") }
        return text
    }

    static func optionalString(_ object: JSONObject, _ key: String) throws(PairingJSONError) -> String? {
        guard let member = object[key], !member.isNull else { return nil }
        guard let text = member.stringValue else { throw PairingJSONError(field: key, message: "must be a string") }
        return text
    }
}
