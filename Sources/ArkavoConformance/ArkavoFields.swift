import ArkavoWire
import ConformanceKit
import NanoTDFConformance
import WireCore

/// Which body a frame's type byte, length or content gave: `arkavo.parseFrame`'s `form`, and so which
/// of the result's other members it has.
public enum FrameForm: String, CaseIterable, Sendable {
    /// 0x01 C→S: `publicKey`.
    case clientKey = "client-key"
    /// 0x01 S→C: `publicKey` and `salt`.
    case serverKeyAndSalt = "server-key-and-salt"
    /// 0x02 C→S: no member.
    case request
    /// 0x02 S→C: `publicKey`.
    case kasKey = "kas-key"
    /// 0x03: `header` and `trailing`.
    case header
    /// 0x04: `ephemeralPublicKey`, `nonce`, `wrappedKey` and `tag`.
    case rewrapped
    /// 0x04 with the key alone: `ephemeralPublicKey`.
    case denied
    /// 0x05, a NanoTDF in 0x06, a bare NanoTDF: `container`.
    case container
    /// 0x06: `event`.
    case event
    /// 0x06 bytes that are no Event or NanoTDF, and 0x08: `body`.
    case opaque
    /// 0xFF: `errorType`, `message`, `details` when present, `knownErrorType`.
    case error
}

/// Every field of the `arkavo.*` group types, declared once: the suites' group types, the ops, the
/// generator and the tests name these, never the JSON keys (docs/ARCHITECTURE.md, "The typed seam").
/// NanoTDF headers and containers inside frames are `NanoTDFFields`' own, as `nanotdf.parse` gives them.
public enum ArkavoFields {
    typealias N = NanoTDFFields

    // MARK: Frames (`arkavo.parseFrame`)

    /// One WebSocket binary frame.
    public static let frame: Field<[UInt8]> = .hex(
        "frame", "One WebSocket binary message: the type byte then its body, or a bare NanoTDF that starts 4C 31.")
    /// The frame's type byte by name; nil for a bare NanoTDF.
    public static let frameType: Field<FrameType?> = .oneOf(
        "type", "The type byte by name (0x01 `public-key` … 0xFF `error`), or `nanotdf` for a bare NanoTDF with no type byte.",
        [nil] + FrameType.allCases.map { $0 }, json: { .string($0?.name ?? "nanotdf") })
    /// Which body the frame has.
    public static let form: Field<FrameForm> = .oneOf(
        "form", "Which body the type's length or content gave; it says which of the other members the result has.")
    /// A compressed P-256 key of 0x01 or 0x02.
    public static let publicKey: Field<[UInt8]> = .hex(
        "publicKey", "0x01 and 0x02: the client's or server's ephemeral key, or the KAS key, compressed P-256 (33 bytes).",
        required: false)
    /// The server's salt.
    public static let salt: Field<[UInt8]> = .hex("salt", "0x01 S→C: the server's 32-byte salt after its key.", required: false)
    /// The NanoTDF header a 0x03 frame asks to rewrap.
    public static let header: Field<JSONObject> = .object(
        "header", "0x03: the NanoTDF header to rewrap, with the members `nanotdf.parseHeader` gives.",
        fields: NanoTDFParseSuite.parseHeader.expected, required: false)
    /// What follows the header in a 0x03 frame.
    public static let trailing: Field<[UInt8]> = .hex(
        "trailing", "0x03: the bytes after the header, which arkavo-rs ignores; empty when the frame is the header alone.",
        required: false)
    /// The NanoTDF header's ephemeral key a 0x04 frame answers.
    public static let ephemeralPublicKey: Field<[UInt8]> = .hex(
        N.ephemeralPublicKey.name, "0x04: the rewrapped NanoTDF header's ephemeral key (the app's correlation key), compressed P-256.",
        required: false)
    /// The nonce of the wrapped key.
    public static let nonce: Field<[UInt8]> = .hex("nonce", "0x04: the 12-byte AES-GCM nonce of the wrapped key.", required: false)
    /// The wrapped key.
    public static let wrappedKey: Field<[UInt8]> = .hex(
        "wrappedKey", "0x04: the 32-byte symmetric key, encrypted for the client.", required: false)
    /// The GCM tag of the wrapped key.
    public static let tag: Field<[UInt8]> = .hex("tag", "0x04: the 16-byte GCM tag of the wrapped key.", required: false)
    /// A NanoTDF carried by a frame.
    public static let container: Field<JSONObject> = .object(
        "container", "0x05, a NanoTDF in 0x06, and a bare NanoTDF: the container, with the members `nanotdf.parse` gives.",
        fields: NanoTDFParseSuite.parse.expected, required: false)
    /// The Event of a 0x06 frame.
    public static let event: Field<JSONObject> = .object(
        "event", "0x06: the Event the FlatBuffers Verifier accepted, in flatc's JSON form as `arkavo.decodeEvent` gives it.",
        fields: eventMembers, required: false)
    /// An opaque body.
    public static let body: Field<[UInt8]> = .hex(
        "body", "0x06 bytes that are neither an Event nor a NanoTDF (a cached payload, a status text), and 0x08 CBOR: as sent.",
        required: false)
    /// The error class of a 0xFF frame.
    public static let errorType: Field<String> = .string(
        "errorType", "0xFF: the body's `error_type` as sent, one of the four arkavo-rs sends or any other string.", required: false)
    /// The message of a 0xFF frame.
    public static let message: Field<String> = .string("message", "0xFF: the body's `message`.", required: false)
    /// The details of a 0xFF frame.
    public static let details: Field<JSONValue> = .json(
        "details",
        "0xFF: the body's `details` as sent, any JSON value (arkavo-rs writes an object of context such as `{\"offset\": 12}`); "
            + "absent when the body has none.",
        schema: [:], required: false)
    /// Whether the error class is one arkavo-rs sends.
    public static let knownErrorType: Field<Bool> = .boolean(
        "knownErrorType", "0xFF: whether `errorType` is invalid_format, policy_denied, crypto_error or server_error.", required: false)

    /// `arkavo.parseFrame`'s result: `type`, `form`, then the members of that form, in this order.
    static let frameResult: [any DeclaredField] = [
        frameType, form, publicKey, salt, header, trailing, ephemeralPublicKey, nonce, wrappedKey, tag, container, event, body,
        errorType, message, details, knownErrorType,
    ]

    // MARK: Buffers and the Verifier's limits

    /// A FlatBuffers buffer.
    public static let buffer: Field<[UInt8]> = .hex(
        "buffer", "A FlatBuffers buffer whose root is the Event or Metadata table, with no file_identifier.")
    /// The Verifier's depth limit.
    public static let maxDepth: Field<UInt32> = limit(
        "maxDepth", "The Verifier's deepest nesting of tables, 1 to 2^32-1; absent is the library's 64.")
    /// The Verifier's table-count limit.
    public static let maxTables: Field<UInt32> = limit(
        "maxTables", "The Verifier's most tables in one buffer, 1 to 2^32-1; absent is the library's 1000000.")

    /// A Verifier limit: an integer that fits a uint32 and is not 0 (a limit of 0 would refuse every buffer).
    static func limit(_ name: String, _ description: String) -> Field<UInt32> {
        Field(name, description, schema: integer(1...Int64(UInt32.max)), required: false) {
            json throws(FieldProblem) in
            guard let number = json.intValue else { throw FieldProblem("must be an integer") }
            guard let limit = UInt32(exactly: number), limit > 0 else { throw FieldProblem("must be in 1...\(UInt32.max)") }
            return limit
        } encode: {
            .int(Int64($0))
        }
    }

    // MARK: Tables in flatc's JSON form
    //
    // The members are `.json` with the schema of the form flatc and the decoders write: the argument
    // check leaves their values to the tables' own readers (`Event(json:)`, `Metadata(json:)`), which
    // also take `null` for an absent string, vector, table or union (as flatc does; for a number or an
    // enum flatc refuses it, and so do they) and the other spellings flatc reads, and refuse a table with
    // `bad-request` naming the member.

    /// The Event table.
    public static let eventTable: Field<JSONObject> = .object(
        "table", "An Event table (event.fbs) in flatc's JSON form.", fields: eventMembers)
    /// The Metadata table.
    public static let metadataTable: Field<JSONObject> = .object(
        eventTable.name, "A Metadata table (metadata.fbs) in flatc's JSON form.", fields: metadataMembers)

    /// What an encode op must refuse: JSON shaped like a table that no table has (a member the schema does not
    /// declare, at any level, or an integer outside its type's range), which flatc refuses to build.
    public static let inexpressibleTable: Field<JSONObject> = .map(
        eventTable.name, "An Event or Metadata table in flatc's JSON form with one thing no table has.", values: .bool(true))

    /// A table member; absent is the schema's default (scalars) or an absent vector, string or table.
    static func member(_ name: String, _ description: String, _ schema: JSONValue) -> Field<JSONValue> {
        .json(name, description, schema: schema, required: false)
    }

    /// A vector, string, table or union member, which may also be `null`: flatc reads that as absent.
    static func reference(_ name: String, _ description: String, _ schema: JSONValue) -> Field<JSONValue> {
        member(name, description + " `null` is read as absent.", SchemaBuilder.nullable(schema))
    }

    /// The schema of a sub-table with `members`.
    static func table(_ members: [any DeclaredField]) -> JSONValue {
        SchemaBuilder.object(members.map { ($0.name, $0.schema) }, required: members.filter(\.required).map(\.name))
    }

    /// A `byte` enum: a name of the schema, or the number of a value it does not name.
    static func enumeration<E: FlatBufferEnum>(_: E.Type) -> JSONValue {
        [
            "anyOf": [
                SchemaBuilder.oneOf(E.names.sorted { $0.key < $1.key }.map(\.value)),
                integer(-128...127),
            ]
        ]
    }

    /// `base`, one of `SchemaBuilder`'s, with more keywords (a range, a pattern).
    static func narrowed(_ base: JSONValue, _ keywords: JSONObject) -> JSONValue {
        var schema = base.objectValue ?? JSONObject()
        for (key, value) in keywords { schema[key] = value }
        return .object(schema)
    }

    /// An integer in `range`.
    static func integer(_ range: ClosedRange<Int64>) -> JSONValue {
        narrowed(SchemaBuilder.integer, ["minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)])
    }

    /// A `[ubyte]`: an array of numbers.
    static let bytes = SchemaBuilder.array(integer(0...255))
    /// A `uint`.
    static let uint32 = integer(0...Int64(UInt32.max))

    /// A `float` member: a number (the `.number` kind's schema), or flatc's spelling of a value JSON has no number for.
    static func float(_ name: String, _ description: String) -> Field<JSONValue> {
        let number = Field<Double>.number(name, description).valueSchema
        return member(name, description, ["anyOf": [number, SchemaBuilder.oneOf(["nan", "inf", "+inf", "-inf"])]])
    }

    // MARK: Event (event.fbs)

    /// `Event.action`.
    public static let action: Field<JSONValue> = member(
        "action", "What the event asks for: an Action (join, cache, share, …).", enumeration(Action.self))
    /// `Event.timestamp`.
    public static let timestamp: Field<JSONValue> = member(
        "timestamp", "A ulong, epoch seconds in most app senders (milliseconds in one); above 2^63-1 a decimal string.",
        ["anyOf": [narrowed(SchemaBuilder.integer, ["minimum": 0]), narrowed(SchemaBuilder.string, ["pattern": "^[0-9]+$"])]])
    /// `Event.status`.
    public static let status: Field<JSONValue> = member(
        "status", "The ActionStatus (preparing, fulfilling, fulfilled, failed).", enumeration(ActionStatus.self))
    /// `Event.data_type`.
    public static let dataType: Field<JSONValue> = member(
        "data_type", "The EventData union's type by name, or its number when the schema names no member for it.",
        [
            "anyOf": [
                SchemaBuilder.oneOf(EventData.typeNames.sorted { $0.key < $1.key }.map(\.value)),
                integer(0...255),
            ]
        ])
    /// `source_type` of UserEvent and RouteEvent.
    public static let sourceType: Field<JSONValue> = member("source_type", "The source entity's EntityType.", enumeration(EntityType.self))
    /// `target_type` of UserEvent and RouteEvent.
    public static let targetType: Field<JSONValue> = member("target_type", "The target entity's EntityType.", enumeration(EntityType.self))
    /// `source_id` of UserEvent and RouteEvent.
    public static let sourceID: Field<JSONValue> = reference("source_id", "The source's public ID bytes; absent when not written.", bytes)
    /// `target_id` of every EventData member.
    public static let targetID: Field<JSONValue> = reference("target_id", "The target's public ID bytes; absent when not written.", bytes)
    /// UserEvent's `attribute_type`, a vector.
    public static let attributeTypes: Field<JSONValue> = reference(
        "attribute_type", "UserEvent: a vector of AttributeType (time, location); absent when not written.",
        SchemaBuilder.array(enumeration(AttributeType.self)))
    /// RouteEvent's `attribute_type`, one value.
    public static let attributeType: Field<JSONValue> = member(
        attributeTypes.name, "RouteEvent: one AttributeType (a vector in UserEvent).", enumeration(AttributeType.self))
    /// `entity_type` of UserEvent and RouteEvent.
    public static let entityType: Field<JSONValue> = member(
        "entity_type", "The EntityType the event is about.", enumeration(EntityType.self))
    /// CacheEvent's `target_payload`.
    public static let targetPayload: Field<JSONValue> = reference(
        "target_payload", "CacheEvent: the bytes to store (a NanoTDF in the app); absent when not written.", bytes)
    /// CacheEvent's `ttl`.
    public static let ttl: Field<JSONValue> = member(
        "ttl", "CacheEvent: a uint, the time to live in seconds; 0 means no expiry in arkavo-rs.", uint32)
    /// CacheEvent's `one_time_access`.
    public static let oneTimeAccess: Field<JSONValue> = member(
        "one_time_access", "CacheEvent: whether the stored payload may be read once only.", SchemaBuilder.boolean)
    /// RouteEvent's `payload`.
    public static let routePayload: Field<JSONValue> = reference(
        "payload", "RouteEvent: the bytes to route to the target profile; absent when not written.", bytes)

    /// UserEvent's members, in schema order.
    static let userEventMembers: [any DeclaredField] = [sourceType, targetType, sourceID, targetID, attributeTypes, entityType]
    /// CacheEvent's members, in schema order.
    static let cacheEventMembers: [any DeclaredField] = [targetID, targetPayload, ttl, oneTimeAccess]
    /// RouteEvent's members, in schema order.
    static let routeEventMembers: [any DeclaredField] = [
        targetType, targetID, sourceType, sourceID, attributeType, entityType, routePayload,
    ]

    /// `Event.data`.
    public static let data: Field<JSONValue> = reference(
        "data",
        "The union member `data_type` names: a UserEvent, CacheEvent or RouteEvent table; absent for NONE, an unknown type, "
            + "or a type written without its table.",
        [
            "anyOf": [
                SchemaBuilder.described(table(userEventMembers), "A UserEvent (data_type 1): one entity acting on another."),
                SchemaBuilder.described(table(cacheEventMembers), "A CacheEvent (data_type 2): a payload to store."),
                SchemaBuilder.described(table(routeEventMembers), "A RouteEvent (data_type 3): a payload for another profile."),
            ]
        ])

    /// Event's members, in schema order.
    static let eventMembers: [any DeclaredField] = [action, timestamp, status, dataType, data]

    // MARK: Metadata (metadata.fbs)

    /// `Metadata.created`.
    public static let created: Field<JSONValue> = member("created", "A long, the creation time.", SchemaBuilder.integer)
    /// `Metadata.id`.
    public static let metadataID: Field<JSONValue> = reference(
        "id", "The 32-byte public ID of the content; absent when not written.", bytes)
    /// `Metadata.related`.
    public static let related: Field<JSONValue> = reference(
        "related", "The 32-byte public ID of related content; absent when not written.", bytes)
    /// `Metadata.creator`.
    public static let creator: Field<JSONValue> = reference("creator", "The creator's 32-byte public ID; absent when not written.", bytes)
    /// Rating's eight RatingLevel slots.
    static let ratingLevels: [Field<JSONValue>] = Rating.fields.map {
        member($0, "The `\($0)` RatingLevel (unused, none, mild, moderate, severe).", enumeration(RatingLevel.self))
    }
    /// `Metadata.rating`.
    public static let rating: Field<JSONValue> = reference(
        "rating", "The content rating, eight RatingLevel slots, every one written; arkavo-rs applies its rating contract when present.",
        table(ratingLevels))
    /// Purpose's nine float scores.
    static let purposeScores: [Field<JSONValue>] = Purpose.fields.map { float($0, "The `\($0)` score, a float.") }
    /// `Metadata.purpose`.
    public static let purpose: Field<JSONValue> = reference(
        "purpose", "The purpose scores, nine floats, every one written.", table(purposeScores))
    /// `Metadata.topics`.
    public static let topics: Field<JSONValue> = reference(
        "topics", "A vector of uint topic numbers; absent when not written.", SchemaBuilder.array(uint32))
    /// `FormatInfo.version` and `ArchiveInfo.version`.
    public static let version: Field<JSONValue> = reference(
        "version", "The format's or archive's version string; absent when not written.", SchemaBuilder.string)
    /// `FormatInfo.profile` and `ArchiveInfo.profile`.
    public static let profile: Field<JSONValue> = reference(
        "profile", "The format's or archive's profile string; absent when not written.", SchemaBuilder.string)
    /// `ArchiveInfo.type`.
    public static let archiveType: Field<JSONValue> = member(
        frameType.name, "The ArchiveType (none, zip, tar, gzip, …).", enumeration(ArchiveType.self))
    /// `Metadata.archive`.
    public static let archive: Field<JSONValue> = reference(
        "archive", "The ArchiveInfo of an archived payload: its type, version and profile.", table([archiveType, version, profile]))
    /// `ContentFormat.media_type`.
    public static let mediaType: Field<JSONValue> = member(
        "media_type", "The content's MediaType (text, image, video, audio).", enumeration(MediaType.self))
    /// `ContentFormat.data_encoding`.
    public static let dataEncoding: Field<JSONValue> = member(
        "data_encoding", "The content's DataEncoding (binary, utf8, utf16, ascii, base64, quoted_printable).",
        enumeration(DataEncoding.self))
    /// `FormatInfo.type`.
    public static let formatType: Field<JSONValue> = member(
        frameType.name, "The FormatType (plain, html, … pdf).", enumeration(FormatType.self))
    /// `ContentFormat.format`.
    public static let format: Field<JSONValue> = reference(
        "format", "The content's FormatInfo: its type, version and profile; absent when not written.",
        table([formatType, version, profile]))
    /// `Metadata.content`.
    public static let content: Field<JSONValue> = reference(
        "content", "The ContentFormat: media type, data encoding and the format's FormatInfo.", table([mediaType, dataEncoding, format]))

    /// Metadata's members, in schema order.
    static let metadataMembers: [any DeclaredField] = [created, metadataID, related, creator, rating, purpose, topics, archive, content]
}
