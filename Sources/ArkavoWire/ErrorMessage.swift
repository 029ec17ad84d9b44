import WireCore

/// The body of a 0xFF frame: `{"error_type", "message", "details"?}` (arkavo-rs `PROTOCOL.md`).
public struct ErrorMessage: Equatable, Sendable {
    /// The four classes arkavo-rs sends; others are kept as they are but flagged by `isKnownType`.
    public static let knownTypes = ["invalid_format", "policy_denied", "crypto_error", "server_error"]

    /// `error_type`.
    public var errorType: String
    /// `message`.
    public var message: String
    /// `details`, any JSON value, when present.
    public var details: JSONValue?

    /// An error message with its fields.
    public init(errorType: String, message: String, details: JSONValue? = nil) {
        self.errorType = errorType
        self.message = message
        self.details = details
    }

    /// Whether `errorType` is one of the four arkavo-rs sends.
    public var isKnownType: Bool { Self.knownTypes.contains(errorType) }

    /// Reads a 0xFF body: UTF-8 JSON, an object, `error_type` and `message` strings. `offset` is
    /// where the body starts in the frame, for the error.
    public static func decode(_ body: ArraySlice<UInt8>, offset: Int) throws(ArkavoError) -> ErrorMessage {
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(body))
        } catch {
            throw .badErrorBody(reason: "not JSON (\(error.reason))", offset: offset + error.offset)
        }
        guard let object = value.objectValue else { throw .badErrorBody(reason: "not a JSON object", offset: offset) }
        guard let errorType = object["error_type"]?.stringValue else {
            throw .badErrorBody(reason: "error_type is missing or not a string", offset: offset)
        }
        guard let message = object["message"]?.stringValue else {
            throw .badErrorBody(reason: "message is missing or not a string", offset: offset)
        }
        return ErrorMessage(errorType: errorType, message: message, details: object["details"])
    }

    /// The body as arkavo-rs writes it: compact JSON, `details` only when present.
    public var body: [UInt8] {
        var object: JSONObject = ["error_type": .string(errorType), "message": .string(message)]
        if let details { object["details"] = details }
        return Array(JSONWriter.compact(.object(object)).utf8)
    }
}
