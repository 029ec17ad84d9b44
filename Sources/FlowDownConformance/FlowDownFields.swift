import ConformanceKit
import ModelExchange
import WireCore

/// The stage of a callback FlowDown opens (FlowDown spec section 5), as `flowdown.callbackURL` takes it.
public enum FlowDownCallbackStage: String, CaseIterable, Sendable {
    case verification, completed, cancelled
}

/// Every field of the `flowdown.*` group types, declared once: the suites' group types, the ops, the
/// generator and the tests name these, never the JSON keys (docs/ARCHITECTURE.md, "The typed seam").
/// A key that several group types share with one meaning is one field; where its meaning differs
/// (the `url` built, parsed or verified), each declaration reuses the first one's name.
public enum FlowDownFields {
    // MARK: Keys and handshakes

    /// The seed of a key pair.
    public static let seed: Field<[UInt8]> = .hex(
        "seed", "The 32-byte key pair seed: the same bytes are the Ed25519 seed and the X25519 scalar (FlowDown's init(seed:)).",
        count: 32)
    /// The encoded public key of a seed.
    public static let pk: Field<String> = .string(
        "pk", "The 88-character encoded public key: standard Base64 of the Ed25519 public key then the X25519 public key.")
    /// The raw Ed25519 key inside `pk`, informational.
    public static let ed25519PublicKey: Field<[UInt8]> = .hex(
        "ed25519PublicKey",
        "Informational: the 32-byte Ed25519 public key inside pk; a result may leave it out, but one given must be right.", required: false)
    /// The raw X25519 key inside `pk`, informational.
    public static let x25519PublicKey: Field<[UInt8]> = .hex(
        "x25519PublicKey",
        "Informational: the 32-byte X25519 public key inside pk; a result may leave it out, but one given must be right.", required: false)
    /// The requester's callback scheme of a handshake.
    public static let callback: Field<String> = .string(
        "callback", "The requester's callback URL scheme, the handshake URL's callback item.")
    /// The handshake URL.
    public static let handshakeURL: Field<String> = .string(
        "url", "The handshake URL flowdown://models/exchange?pk=…&callback=…, byte for byte (pk's '=' written %3D).")

    // MARK: Exchange requests (built, and as verified)

    /// The exchange session.
    public static let session: Field<String> = .string(
        "session",
        "The exchange session id FlowDown handed out at the handshake (the session item); in a callback, empty for a cancel without one.")
    /// The requesting app's name.
    public static let appName: Field<String> = .string("appName", "The requesting app's name (the app_name item), free text.")
    /// Why the app asks.
    public static let reason: Field<String> = .string("reason", "Why the app asks for models (the reason item), free text.")
    /// The capabilities asked for.
    public static let capabilities: Field<[JSONValue]> = .array(
        "capabilities",
        "The capabilities asked for, in the caller's order (the capabilities item, joined with ','); an unknown one is "
            + "refused as unknown-capability.",
        items: SchemaBuilder.described(SchemaBuilder.oneOf(Capability.allCases.map(\.rawValue)), "A capability, case-sensitive."))
    /// Whether several models may be picked.
    public static let multipleSelection: Field<Bool> = .boolean(
        "multipleSelection", "Whether the user may pick several models (the multiple_selection item).")
    /// The request time to sign.
    public static let timestamp: Field<Int64> = .integer(
        "timestamp", "The request time in Unix seconds (the timestamp item), signed with the other items.")
    /// The signed exchange URL.
    public static let signedURL: Field<String> = .string(
        handshakeURL.name,
        "The signed exchange URL flowdown://models/exchange?…&sig=…: up to &sig= byte for byte; sig is any signature "
            + "that verifies with the seed's key (Ed25519 signatures may be randomized).")
    /// The canonical string an exchange URL signs.
    public static let canonical: Field<String> = .string(
        "canonical", "The string signed: \"/exchange?\" and the URLComponents-encoded query without sig, byte for byte.")

    // MARK: Received URLs: parsed and verified

    /// A URL to parse.
    public static let parsedURL: Field<String> = .string(handshakeURL.name, "The URL to read: any text, a URL of the protocol or not.")
    /// What a parsed URL is.
    public static let kind: Field<String> = .oneOf(
        "kind",
        "What the URL is: handshake, exchange or cancel for a flowdown:// URL FlowDown resolves; callback for a requester's "
            + "callback (any other scheme).", ["handshake", "exchange", "callback", "cancel"], label: { $0 })
    /// A parsed URL's query items.
    public static let fields: Field<JSONObject> = .map(
        "fields", "The URL's query items by lower-cased name, the first value of each; items without a value are skipped.",
        values: SchemaBuilder.described(SchemaBuilder.string, "The item's value, percent-decoded as Foundation reads it."))
    /// A received exchange URL.
    public static let exchangeURL: Field<String> = .string(handshakeURL.name, "The exchange URL FlowDown is opened with, as received.")
    /// The pk an exchange is verified against.
    public static let handshakePK: Field<String> = .string(
        pk.name,
        "The pk of the handshake the exchange belongs to, as received; one that is not an encoded key is refused as bad-public-key.")
    /// The receiver's clock.
    public static let now: Field<Int64> = .integer(
        "now", "The receiver's clock in Unix seconds, for the window abs(timestamp - now) < 300.")
    /// The timestamp of a verified request: a number, written as an integer when it is one (as it was
    /// before the fields were declared, so the vectors' bytes and the op's results do not change).
    public static let verifiedTimestamp = Field<Double>(
        timestamp.name, "The request's timestamp in Unix seconds as FlowDown reads it (Swift's Double(String)); an integer when it is one.",
        schema: ["type": "number"]
    ) { json throws(FieldProblem) in
        guard let number = json.doubleValue else { throw FieldProblem("must be a number") }
        return number
    } encode: {
        Int64(exactly: $0).map { .int($0) } ?? .double($0)
    }

    // MARK: Callbacks

    /// The requester's scheme a callback is for.
    public static let scheme: Field<String> = .string(
        "scheme",
        "The requester's callback scheme; one that is not ALPHA *(ALPHA / DIGIT / \"+\" / \"-\" / \".\") is refused as "
            + "bad-callback-scheme.")
    /// The callback's stage.
    public static let stage: Field<FlowDownCallbackStage> = .oneOf(
        "stage", "The callback's stage: verification (with pk), completed (with payload; format is always plist) or cancelled.")
    /// FlowDown's pk in a verification callback.
    public static let callbackPK: Field<String> = .string(
        pk.name, "Stage verification only: FlowDown's own pk, the callback's pk item.", required: false)
    /// The payload of a completed callback.
    public static let callbackPayload: Field<String> = .string(
        payload.name, "Stage completed only: the encrypted payload, the callback's payload item.", required: false)
    /// The callback URL.
    public static let callbackURL: Field<String> = .string(
        handshakeURL.name,
        "The callback URL <scheme>://models/exchange?stage=…&session=…[&pk=…|&format=plist&payload=…], byte for byte.")

    // MARK: Session scenarios

    /// The models FlowDown holds in a scenario.
    public static let heldModels: Field<[JSONValue]> = .array(
        models.name, "The models FlowDown holds, one per entry; an entry is that model's plist capabilities.",
        items: SchemaBuilder.described(
            SchemaBuilder.array(SchemaBuilder.string),
            "One model's capabilities as the plist spells them: auditory, visual, tool, developerRole, preservedThinking."))
    /// The sessions FlowDown hands out.
    public static let sessions: Field<[JSONValue]> = .array(
        "sessions", "The session ids FlowDown hands to handshakes, in order.",
        items: SchemaBuilder.described(SchemaBuilder.string, "A session id."))
    /// A step's URL.
    public static let stepOpen: Field<String> = .string("open", "A URL FlowDown is opened with.")
    /// The time a step's URL is opened.
    public static let stepNow: Field<Int64> = .integer(now.name, "FlowDown's clock when the URL is opened, in Unix seconds.")
    /// The session whose picker the user confirms.
    public static let stepConfirm: Field<String> = .string(
        "confirm", "The session whose picker the user confirms: every offered model, or the first for a single selection.")
    /// The session whose picker the user closes.
    public static let stepDismiss: Field<String> = .string("dismiss", "The session whose picker the user closes.")
    /// The steps of a scenario.
    public static let steps: Field<[JSONValue]> = .array(
        "steps", "The scenario's steps, in order.",
        items: [
            "oneOf": [objectSchema([stepOpen, stepNow]), objectSchema([stepConfirm]), objectSchema([stepDismiss])],
            "description": "One step: a URL opened at a time {open, now}, or the user acting on a picker {confirm} or {dismiss}.",
        ])
    /// What FlowDown does at each step.
    public static let outcomes: Field<[JSONValue]> = .array(
        "outcomes", "What FlowDown does at each step, one per step.",
        items: SchemaBuilder.described(
            SchemaBuilder.string,
            "The callback it opens ('verification S', 'completed S N' with N models delivered, 'cancelled S'), 'picker S' when it "
                + "shows the picker, or 'none'."))

    // MARK: The payload wrapper

    /// The recipient a payload is sealed to.
    public static let recipientPK: Field<String> = .string(
        pk.name, "The recipient's pk; one that is not an encoded key is refused as bad-public-key.")
    /// The session of a payload.
    public static let payloadSession: Field<String> = .string(
        session.name, "The session the payload is sealed for: the wrapper's session member, part of the HKDF salt.")
    /// A payload's plaintext.
    public static let plaintext: Field<[UInt8]> = .hex("plaintext", "The payload's plaintext (in the exchange, the models plist).")
    /// The sender's ephemeral key.
    public static let ephemeralPrivateKey: Field<[UInt8]> = .hex(
        "ephemeralPrivateKey", "The sender's ephemeral X25519 private key, 32 bytes (random in FlowDown, given here).")
    /// The nonce of the box.
    public static let nonce: Field<[UInt8]> = .hex("nonce", "The 12-byte ChaCha20-Poly1305 nonce (random in FlowDown, given here).")
    /// The encoded payload.
    public static let payload: Field<String> = .string(
        "payload",
        "The payload: standard Base64 of the wrapper JSON {session, sealed, ephemeralPublicKey}; a seal result is compared "
            + "after decoding, and what is opened may be any text.")
    /// The wrapper's box.
    public static let sealed: Field<String> = .string(
        "sealed",
        "The wrapper's sealed member, standard Base64 of nonce ‖ ciphertext ‖ tag; a result may give it beside payload, then "
            + "it must be right.")
    /// The wrapper's ephemeral public key.
    public static let ephemeralPublicKey: Field<String> = .string(
        "ephemeralPublicKey",
        "The wrapper's ephemeralPublicKey member, standard Base64 of the 32-byte X25519 key; a result may give "
            + "it beside payload, then it must be right.")
    /// The session the requester expects.
    public static let expectedSession: Field<String> = .string(
        "expectedSession",
        "The session the requester expects; when given, a payload for another one is refused as session-mismatch "
            + "before the box is read.", required: false)

    // MARK: The models plist

    /// The models plist's bytes.
    public static let plist: Field<[UInt8]> = .hex(
        "plist", "The models plist's bytes: an XML plist (to decode, also binary) whose top level is an array of model dicts.")
    /// A plist date in the JSON form of models.
    public static let plistDate: Field<String> = .string("date", "A plist date: ISO 8601 in UTC to the second, e.g. 2023-11-14T22:13:20Z.")
    /// A plist data value in the JSON form of models.
    public static let plistData: Field<[UInt8]> = .hex("data", "A plist data value's bytes.")
    /// The values of an extension's storage.
    public static let extensionStorage: Field<JSONObject> = .map(
        "storage", "Extension values by key.", values: SchemaBuilder.described(SchemaBuilder.string, "A value, a string."))

    /// Any plist value in the JSON form of models: a known key whose value has another type is kept as
    /// read (note WrongType), so each known key allows it besides its own type.
    static let anyPlistValue: JSONValue = ["type": ["string", "integer", "number", "boolean", "array", "object"]]
    /// The same, described: the value of a key a model dict has that FlowDown's newer builds write.
    static let plistValue = SchemaBuilder.described(
        anyPlistValue,
        "A plist value in the JSON form: a string, integer, real, boolean, array, dict as an object, date as {\"date\": ISO 8601} "
            + "or data as {\"data\": hex}.")

    /// A key of a model dict, of `schema` or any other plist value.
    static func modelKey(_ name: String, _ description: String, _ schema: JSONValue) -> Field<JSONValue> {
        .json(
            name, description + " A value of another type is kept as read.", schema: ["anyOf": [schema, anyPlistValue]], required: false)
    }

    static let plistDateSchema = objectSchema([plistDate])
    static let stringMap: JSONValue = ["type": "object", "additionalProperties": SchemaBuilder.string]

    /// The model's `objectId`.
    public static let modelObjectId = modelKey("objectId", "FlowDown's identifier of the model, a UUID.", SchemaBuilder.string)
    /// The model's `deviceId`.
    public static let modelDeviceId = modelKey("deviceId", "The identifier of the device the model was made on.", SchemaBuilder.string)
    /// The model's `model_identifier`.
    public static let modelIdentifier = modelKey(
        "model_identifier", "The provider's name of the model, e.g. gpt-4o-mini.", SchemaBuilder.string)
    /// The model's `model_list_endpoint`.
    public static let modelListEndpoint = modelKey(
        "model_list_endpoint", "Where the provider's model list is read ($INFERENCE_ENDPOINT$ stands for endpoint).", SchemaBuilder.string)
    /// The model's `creation` date.
    public static let modelCreation = modelKey("creation", "When the model was made, a plist date.", plistDateSchema)
    /// The model's `modified` date.
    public static let modelModified = modelKey("modified", "When the model was last changed, a plist date.", plistDateSchema)
    /// The model's `removed` flag.
    public static let modelRemoved = modelKey("removed", "Whether the model was removed.", SchemaBuilder.boolean)
    /// The model's `endpoint`.
    public static let modelEndpoint = modelKey("endpoint", "The chat-completions URL.", SchemaBuilder.string)
    /// The model's `token`.
    public static let modelToken = modelKey("token", "The API key; a secret, returned when asked but never logged.", SchemaBuilder.string)
    /// The model's `headers`.
    public static let modelHeaders = modelKey(
        "headers", "Extra HTTP headers by name, each value a string; the values may be secrets.", stringMap)
    /// The model's `bodyFields`.
    public static let modelBodyFields = modelKey(
        "bodyFields",
        "Extra request body members as JSON text (read from body_fields too, the key of builds of 2025-12-06 to "
            + "2025-12-09).", SchemaBuilder.string)
    /// The model's plist capabilities.
    public static let modelCapabilities = modelKey(
        capabilities.name, "The model's capabilities as the plist spells them: auditory, visual, tool, developerRole, preservedThinking.",
        SchemaBuilder.array(SchemaBuilder.string))
    /// The model's `context` length.
    public static let modelContext = modelKey("context", "The context length in tokens.", SchemaBuilder.integer)
    /// The model's `response_format`.
    public static let modelResponseFormat = modelKey(
        "response_format", "The API the endpoint speaks: chatCompletions or responses.", SchemaBuilder.string)
    /// The model's `comment`.
    public static let modelComment = modelKey("comment", "The user's note on the model.", SchemaBuilder.string)
    /// The model's `name`.
    public static let modelName = modelKey("name", "The name shown to the user.", SchemaBuilder.string)
    /// The model's `temperature_preference`.
    public static let modelTemperaturePreference = modelKey(
        "temperature_preference", "The temperature setting: inherit, or custom.", SchemaBuilder.string)
    /// The model's `ext_data`.
    public static let modelExtensionData = modelKey(
        "ext_data", "The newest CloudModel's extension data (Lakr233/FlowDown 7564f5b1): its storage.", objectSchema([extensionStorage]))

    /// The keys a model dict has when FlowDown writes it.
    static let modelKeys: [any DeclaredField] = [
        modelObjectId, modelDeviceId, modelIdentifier, modelListEndpoint, modelCreation, modelModified, modelRemoved, modelEndpoint,
        modelToken, modelHeaders, modelBodyFields, modelCapabilities, modelContext, modelResponseFormat, modelComment, modelName,
        modelTemperaturePreference, modelExtensionData,
    ]
    /// One model: a `CloudModel` dict with its plist keys (FlowDown spec section 10).
    static let model = SchemaBuilder.described(
        [
            "type": "object", "properties": .object(JSONObject(modelKeys.map { ($0.name, $0.schema) })),
            "additionalProperties": plistValue,
        ],
        "One model, a CloudModel dict with its plist keys: every key optional, the keys of newer FlowDown builds kept (any plist "
            + "value).")
    /// The models of a plist.
    public static let models: Field<[JSONValue]> = .array(
        "models", "The models in plist order, each a model dict in the JSON form (keys as in the plist).", items: model)

    /// The schema of an object with exactly `fields` (the required ones required).
    static func objectSchema(_ fields: [any DeclaredField]) -> JSONValue { fields.objectSchema }
}
