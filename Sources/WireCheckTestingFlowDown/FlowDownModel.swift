import WireCore

/// One model of the plist FlowDown delivers (`CloudModel`), as your decoder reads it: every member optional, as
/// FlowDown's own decoder has them, nil when the plist does not have it. `unknown` holds the keys your decoder does
/// not model (and known keys whose value had another type) in the vectors' JSON form: a plist date as
/// `{"date": "<ISO 8601>"}`, data as `{"data": "<hex>"}`, a dictionary as an object.
public struct FlowDownModel: Equatable, Sendable {
    /// `id`.
    public var objectId: String?
    /// `device_id`.
    public var deviceId: String?
    /// `model_identifier`.
    public var modelIdentifier: String?
    /// `model_list_endpoint`.
    public var modelListEndpoint: String?
    /// `creation`, Unix seconds.
    public var creation: Int64?
    /// `modified`, Unix seconds.
    public var modified: Int64?
    /// `removed`.
    public var removed: Bool?
    /// `endpoint`, the chat-completions URL.
    public var endpoint: String?
    /// `token`, the API key (a secret: never print it).
    public var token: String?
    /// `headers` (their values may be secret).
    public var headers: [String: String]?
    /// `bodyFields`.
    public var bodyFields: String?
    /// `capabilities` as the plist spells them (`auditory`, not `audio`).
    public var capabilities: [String]?
    /// `context`, the context length.
    public var context: Int64?
    /// `response_format`.
    public var responseFormat: String?
    /// `comment`.
    public var comment: String?
    /// `name`.
    public var name: String?
    /// `temperature_preference`.
    public var temperaturePreference: String?
    /// `ext_data.storage`.
    public var extensionStorage: [String: String]?
    /// The keys this type does not model, by plist key.
    public var unknown: [String: JSONValue]

    /// A model with no member: set the ones your decoder read.
    public init() { unknown = [:] }
}
