/// One model in the plist FlowDown delivers (`CloudModel`, FlowDown spec section 10). Every field is
/// optional, as FlowDown's own decoder has it; keys this type does not know are kept in `unknown`
/// and written back. `description` never shows `token` or header values.
public struct CloudModel: Equatable, Sendable, CustomStringConvertible {
    /// `id`: FlowDown's identifier of the model.
    public var objectId: String?
    /// `device_id`.
    public var deviceId: String?
    /// `model_identifier`
    public var modelIdentifier: String?
    /// `model_list_endpoint`
    public var modelListEndpoint: String?
    /// Unix seconds.
    public var creation: Int64?
    /// `modified` (a date, Unix seconds).
    public var modified: Int64?
    /// `removed`.
    public var removed: Bool?
    /// `endpoint`: the chat-completions URL.
    public var endpoint: String?
    /// The API key. Secret.
    public var token: String?
    /// Extra HTTP headers, possibly secret.
    public var headers: [String: String]?
    /// `bodyFields` (written), `body_fields` (also read: FlowDown builds of 2025-12-06 to 2025-12-09).
    public var bodyFields: String?
    /// `capabilities` as the plist spells them (`auditory`, not `audio`).
    public var capabilities: [String]?
    /// `context`: the context length.
    public var context: Int64?
    /// `response_format`
    public var responseFormat: String?
    /// `comment`.
    public var comment: String?
    /// `name`, shown to the user.
    public var name: String?
    /// `temperature_preference`
    public var temperaturePreference: String?
    /// `ext_data.storage` (newest FlowDown only).
    public var extensionStorage: [String: String]?
    /// Keys this type does not model, and known keys whose value had an unexpected type.
    public var unknown: [String: PlistValue] = [:]

    public init() {}

    public var description: String {
        let headerNames = headers.map { "[" + $0.keys.sorted().joined(separator: ", ") + "]" } ?? "none"
        return
            "CloudModel(objectId: \(objectId ?? "-"), model: \(modelIdentifier ?? "-"), name: \(name ?? "-"), "
            + "endpoint: \(endpoint ?? "-"), token: \(token == nil ? "none" : "<redacted>"), headers: \(headerNames) "
            + "<values redacted>, capabilities: \(capabilities?.joined(separator: ",") ?? "-"), "
            + "context: \(context.map(String.init) ?? "-"), unknown keys: \(unknown.keys.sorted()))"
    }
}
