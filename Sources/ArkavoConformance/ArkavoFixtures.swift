import ArkavoWire
import ConformanceKit
import NanoTDF
import NanoTDFConformance
import WireCore

/// The events and metadata the Arkavo vectors are made of: every union member, every optional field
/// present and absent, the edge values the schemas allow.
enum ArkavoFixtures {
    static let spec = VectorFile.SpecReference(
        name: "Arkavo WebSocket framing and FlatBuffers tables (NanoTDF spec sections 13-14)",
        version: "arkavo-org/app 774f352 idl/*.fbs, arkavo-rs 4af74c8; project decisions of the NanoTDF spec",
        url: "https://github.com/arkavo-org/app/tree/main/idl")

    /// A 32-byte public ID, number `n` (seeded).
    static func publicID(_ n: UInt64) -> [UInt8] { NanoTDFFixtures.filler(32, 0xA4CA_0000 + n) }

    /// The valid events: slug, comment, flags, event.
    static let events: [(String, String, [ArkavoFlatBuffersSuite.Flag], Event)] = [
        (
            "user-event-join", "join, preparing: UserEvent account -> stream with both IDs and two attributes", [.userEvent],
            Event(
                action: .join, timestamp: 1_731_500_000, status: .preparing,
                data: .userEvent(
                    UserEvent(
                        sourceType: .accountProfile, targetType: .streamProfile, sourceID: publicID(1), targetID: publicID(2),
                        attributeType: [.time, .location], entityType: .streamProfile)))
        ),
        (
            "cache-event-store", "cache, fulfilling: CacheEvent holding spec example 1, ttl one hour, one-time access", [.cacheEvent],
            Event(
                action: .cache, timestamp: 1_731_500_001, status: .fulfilling,
                data: .cacheEvent(
                    CacheEvent(targetID: publicID(3), targetPayload: NanoTDFFixtures.specExample1, ttl: 3600, oneTimeAccess: true)))
        ),
        (
            "route-event-share", "share, fulfilled: RouteEvent with every field, payload spec example 2", [.routeEvent],
            Event(
                action: .share, timestamp: 1_731_500_002, status: .fulfilled,
                data: .routeEvent(
                    RouteEvent(
                        targetType: .accountProfile, targetID: publicID(4), sourceType: .accountProfile, sourceID: publicID(5),
                        attributeType: .location, entityType: .accountProfile, payload: NanoTDFFixtures.specExample2)))
        ),
        ("no-data", "leave, failed, data_type NONE", [.noData], Event(action: .leave, timestamp: 1_731_500_003, status: .failed)),
        ("user-event-no-table", "data_type UserEvent without its table", [.unionWithoutTable], Event(action: .join, data: .other(type: 1))),
        (
            "cache-event-no-table", "data_type CacheEvent without its table", [.unionWithoutTable],
            Event(action: .store, data: .other(type: 2))
        ),
        (
            "route-event-no-table", "data_type RouteEvent without its table", [.unionWithoutTable],
            Event(action: .invite, data: .other(type: 3))
        ),
        ("all-defaults", "every field at its default: an Event table with an empty vtable", [.defaults], Event()),
        (
            "user-event-empty-vectors", "UserEvent whose three vectors are present and empty (not absent)", [.userEvent, .emptyVector],
            Event(action: .invite, data: .userEvent(UserEvent(sourceID: [], targetID: [], attributeType: [])))
        ),
        (
            "cache-event-defaults", "CacheEvent with no vectors, ttl 0 (no expiry) and one_time_access false", [.cacheEvent, .defaults],
            Event(action: .store, data: .cacheEvent(CacheEvent()))
        ),
        (
            "timestamp-milliseconds", "a millisecond timestamp, as the app's ReportView sends", [.timestamp],
            Event(action: .apply, timestamp: 1_731_500_000_123, status: .preparing)
        ),
        (
            "timestamp-max", "timestamp 2^64-1: a ulong above Int64.max, written as a decimal string in JSON", [.timestamp],
            Event(action: .approve, timestamp: .max)
        ),
        (
            "unknown-enum-values", "action 42, status -1 and entity types 9: values the schema does not name", [.unknownEnum],
            Event(
                action: Action(rawValue: 42), status: ActionStatus(rawValue: -1),
                data: .routeEvent(RouteEvent(targetType: EntityType(rawValue: 9), attributeType: AttributeType(rawValue: 100))))
        ),
        (
            "union-type-without-table", "data_type UserEvent with no data offset", [.unionWithoutTable],
            Event(action: .join, data: .other(type: 1))
        ),
        (
            "union-type-unknown", "data_type 7, which names no table of this schema, and no data", [.unknownUnion],
            Event(action: .join, data: .other(type: 7))
        ),
    ]

    /// The valid metadata: slug, comment, flags, metadata.
    static let metadata: [(String, String, [ArkavoFlatBuffersSuite.Flag], Metadata)] = [
        (
            "every-field", "every field present: three public IDs, rating, purpose, topics, archive and content with format",
            [.everyField],
            Metadata(
                created: 1_731_500_000, id: publicID(10), related: publicID(11), creator: publicID(12),
                rating: Rating([.`none`, .mild, .moderate, .severe, .`none`, .mild, .unused, .severe]),
                purpose: Purpose([0.25, 0.5, 0.125, 0, 1, 0.1, 0.75, 0, 0.9]), topics: [1, 42, 4_294_967_295],
                archive: FormatInfo(type: ArchiveType.zstd, version: "1.5", profile: "level-3"),
                content: ContentFormat(mediaType: .image, dataEncoding: .binary, format: FormatInfo(type: FormatType.png, version: "1.6")))
        ),
        ("empty", "no field present: an empty vtable", [.defaults], Metadata()),
        ("created-only", "only created, negative (before 1970)", [.defaults], Metadata(created: -86_400)),
        ("id-only", "only the 32-byte id", [.optional], Metadata(id: publicID(13))),
        ("rating-only", "only rating, every level severe", [.optional], Metadata(rating: Rating(Array(repeating: .severe, count: 8)))),
        (
            "rating-defaults", "rating present with every level at its default: an empty sub-table", [.optional, .defaults],
            Metadata(rating: Rating())
        ),
        ("purpose-only", "only purpose", [.optional], Metadata(purpose: Purpose([1, 0, 0, 0, 0, 0, 0, 0, 0.5]))),
        (
            "purpose-non-finite", "purpose scores NaN, +inf and -inf (flatc's JSON writes nan, inf, -inf)", [.nonFinite],
            Metadata(purpose: Purpose([.nan, .infinity, -.infinity]))
        ),
        ("topics-only", "only topics, including 0 and 2^32-1", [.optional], Metadata(topics: [0, 7, 4_294_967_295])),
        ("topics-empty", "topics present and empty", [.optional, .emptyVector], Metadata(topics: [])),
        (
            "archive-only", "only archive: gzip with both strings", [.optional],
            Metadata(archive: FormatInfo(type: ArchiveType.gzip, version: "1", profile: "rfc1952"))
        ),
        (
            "content-without-format", "content with media type and encoding but no format table", [.optional],
            Metadata(content: ContentFormat(mediaType: .text, dataEncoding: .utf8))
        ),
        (
            "strings-empty-and-shared", "archive and format with empty strings and the same version string", [.strings],
            Metadata(
                archive: FormatInfo(type: ArchiveType.none, version: "1.0", profile: ""),
                content: ContentFormat(
                    mediaType: .video, dataEncoding: .base64, format: FormatInfo(type: FormatType.pdf, version: "1.0", profile: "")))
        ),
        (
            "strings-unicode", "UTF-8 strings beyond ASCII", [.strings],
            Metadata(
                content: ContentFormat(
                    mediaType: .text, format: FormatInfo(type: FormatType.html, version: "5", profile: "Grüße, 世界")))
        ),
        (
            "unknown-enum-values", "format type 99 and rating -5: values the schema does not name", [.unknownEnum],
            Metadata(
                rating: Rating([RatingLevel(rawValue: -5)]), content: ContentFormat(format: FormatInfo(type: FormatType(rawValue: 99))))
        ),
    ]
}
