import ArkavoWire
import ConformanceKit
import WireCore

/// `arkavo/flatbuffers`: the Event and Metadata tables of section 14 through the FlatBuffers
/// Verifier: every union member, every optional field present and absent, buffers the Verifier
/// must refuse (one broken thing each), and the exact bytes the builders write.
public struct ArkavoFlatBuffersSuite: VectorSuite {
    public init() {}
    public var id: String { "arkavo/flatbuffers" }
    typealias F = ArkavoFields

    /// `ArkavoDecodeEventTest`: `arkavo.decodeEvent {buffer, maxDepth?, maxTables?}` → `table` (flatc's JSON of the Event).
    public static let decodeEvent = GroupKind(
        "ArkavoDecodeEventTest", op: "arkavo.decodeEvent", input: [F.buffer, F.maxDepth, F.maxTables], expected: [F.eventTable])
    /// `ArkavoDecodeMetadataTest`: `arkavo.decodeMetadata {buffer, maxDepth?, maxTables?}` → `table`.
    public static let decodeMetadata = GroupKind(
        "ArkavoDecodeMetadataTest", op: "arkavo.decodeMetadata", input: [F.buffer, F.maxDepth, F.maxTables], expected: [F.metadataTable])
    /// `ArkavoEncodeEventTest`: `arkavo.encodeEvent {table}` → `buffer`, the bytes `flatc --binary` writes from the same JSON.
    public static let encodeEvent = GroupKind(
        "ArkavoEncodeEventTest", op: "arkavo.encodeEvent", input: [F.eventTable], expected: [F.buffer])
    /// `ArkavoEncodeMetadataTest`: `arkavo.encodeMetadata {table}` → `buffer`.
    public static let encodeMetadata = GroupKind(
        "ArkavoEncodeMetadataTest", op: "arkavo.encodeMetadata", input: [F.metadataTable], expected: [F.buffer])

    /// `ArkavoEncodeEventRefusedTest`: `arkavo.encodeEvent {table}` with JSON no Event has → `invalid-table`. The op's
    /// result is declared all the same: an input changed by `wirecheck fuzz` may be a table again, and its `buffer` judged.
    public static let encodeEventRefused = GroupKind(
        "ArkavoEncodeEventRefusedTest", op: "arkavo.encodeEvent", input: [F.inexpressibleTable], expected: [F.buffer])
    /// `ArkavoEncodeMetadataRefusedTest`: `arkavo.encodeMetadata {table}` with JSON no Metadata has → `invalid-table`.
    public static let encodeMetadataRefused = GroupKind(
        "ArkavoEncodeMetadataRefusedTest", op: "arkavo.encodeMetadata", input: [F.inexpressibleTable], expected: [F.buffer])

    public var groupKinds: [GroupKind] {
        [Self.decodeEvent, Self.decodeMetadata, Self.encodeEvent, Self.encodeMetadata, Self.encodeEventRefused, Self.encodeMetadataRefused]
    }

    /// The flags of `arkavo/flatbuffers`, as its vector file spells them; each has a note in `ArkavoNotes.flatBuffers`.
    enum Flag: String, CaseFlag {
        case userEvent = "UserEvent"
        case cacheEvent = "CacheEvent"
        case routeEvent = "RouteEvent"
        case noData = "NoData"
        case defaults = "Defaults"
        case emptyVector = "EmptyVector"
        case timestamp = "Timestamp"
        case unknownEnum = "UnknownEnum"
        case unionWithoutTable = "UnionWithoutTable"
        case unknownUnion = "UnknownUnion"
        case everyField = "EveryField"
        case optional = "Optional"
        case nonFinite = "NonFinite"
        case strings = "Strings"
        case shortBuffer = "ShortBuffer"
        case truncated = "Truncated"
        case rootOffset = "RootOffset"
        case alignment = "Alignment"
        case vtable = "VTable"
        case inexpressible = "Inexpressible"
        case offsetBounds = "OffsetBounds"
        case scalarBounds = "ScalarBounds"
        case vectorBounds = "VectorBounds"
        case stringTerminator = "StringTerminator"
        case stringUTF8 = "StringUTF8"
        case depthLimit = "DepthLimit"
        case tableLimit = "TableLimit"
        case trailingBytes = "TrailingBytes"
        case unionConfusion = "UnionConfusion"
        case wrongUnionType = "WrongUnionType"
        case wrongRoot = "WrongRoot"
    }

    /// One decode case before it is written: the buffer, the limits, and the refusal it must give (nil = valid).
    struct Buffer {
        var slug: String
        var comment: String
        var flags: [Flag]
        var bytes: [UInt8]
        var limits = VerifierLimits.default
    }

    public func generate() -> VectorFile {
        let eventForms = Self.inexpressibleCases(id: "\(id)/encode-event", F.eventTable, ArkavoFixtures.events)
        let metadataForms = Self.inexpressibleCases(id: "\(id)/encode-metadata", F.metadataTable, ArkavoFixtures.metadata)
        let encodeEvents = Self.encodeCases(id: "\(id)/encode-event", F.eventTable, ArkavoFixtures.events) + eventForms.built
        let encodeMetadata = Self.encodeCases(id: "\(id)/encode-metadata", F.metadataTable, ArkavoFixtures.metadata) + metadataForms.built
        let decodeEvents = Self.eventBuffers().map { Self.decodeCase(id: "\(id)/decode-event-\($0.slug)", $0, F.eventTable, Event.self) }
        let decodeMetadata = Self.metadataBuffers().map {
            Self.decodeCase(id: "\(id)/decode-metadata-\($0.slug)", $0, F.metadataTable, Metadata.self)
        }
        return VectorFile(
            format: "arkavo", suite: id, spec: ArkavoFixtures.spec,
            header: [
                "The Arkavo FlatBuffers tables of NanoTDF spec section 14: Event (event.fbs, the body of a 0x06 frame) and Metadata "
                    + "(metadata.fbs, the embedded plaintext policy of Arkavo NanoTDFs). No file_identifier.",
                "Tables are in flatc's JSON form: schema field names, enums by name (by number when unnamed), vectors as arrays of "
                    + "numbers, the union as data_type then data, every scalar written (defaults too), absent vectors and tables left "
                    + "out, ulong above 2^63-1 and non-finite floats as strings.",
                "Decoding runs the FlatBuffers Verifier (limits maxDepth and maxTables, defaults 64 and 1000000); a refused buffer is "
                    + "flatbuffer-invalid. Encoding must give the bytes flatc --binary writes from the same JSON.",
            ],
            notes: ArkavoNotes.flatBuffers,
            testGroups: [
                TestGroup(type: Self.decodeEvent.type, tests: decodeEvents),
                TestGroup(type: Self.decodeMetadata.type, tests: decodeMetadata),
                TestGroup(type: Self.encodeEvent.type, tests: encodeEvents),
                TestGroup(type: Self.encodeMetadata.type, tests: encodeMetadata),
                TestGroup(type: Self.encodeEventRefused.type, tests: eventForms.refused),
                TestGroup(type: Self.encodeMetadataRefused.type, tests: metadataForms.refused),
            ])
    }

    /// One encode case per table: its JSON in, the builders' bytes out.
    static func encodeCases<Table: FlatBufferRoot>(
        id: String, _ field: Field<JSONObject>, _ tables: [(String, String, [Flag], Table)]
    ) -> [TestCase] {
        tables.map { slug, comment, flags, table in
            let bytes = table.encode()
            precondition((try? Table.decode(bytes, limits: .default)) == table, "\(slug) does not decode to itself")
            return TestCase(
                id: "\(id)-\(slug)", comment: comment, flags: flags, spec: ["NanoTDF 14"], input: JSONObject(field(table.json)),
                expected: JSONObject(F.buffer(bytes)), result: .valid)
        }
    }

    /// The JSON forms no table has, at every place of every fixture: an undeclared member in each object (the
    /// table and each nested one), each member null, a union's table under the type NONE or a type the schema does
    /// not define (and NONE with a null table), and
    /// each integer set to -1 and to 2^64 (in the string form of a ulong above
    /// 2^63-1): one past the ends of every unsigned type's range, and past every type's top; the bounds of the
    /// narrower types (256, 2^16, 2^32) are not yet cases. Each place is taken once, from the first fixture that has it. The
    /// reference sorts them: `refused` (`invalid-table`, as flatc refuses to build them) and `built` (still a
    /// table, such as -1 in a signed field, with the bytes flatc writes).
    static func inexpressibleCases<Table: FlatBufferRoot>(
        id: String, _ field: Field<JSONObject>, _ tables: [(String, String, [Flag], Table)]
    ) -> (built: [TestCase], refused: [TestCase]) {
        var seen = Set<String>()
        var built: [TestCase] = []
        var refused: [TestCase] = []
        for (slug, _, _, table) in tables {
            for form in inexpressibleForms(of: .object(table.json), at: "") where seen.insert("\(form.place) \(form.change)").inserted {
                let caseID = "\(id)-\(slug)-\(form.place.isEmpty ? "root" : form.place)-\(form.change)"
                let comment = "\(slug) with \(form.change) at \(form.place.isEmpty ? "the top level" : form.place)"
                let json = form.table.objectValue ?? JSONObject()
                do throws(FlatBufferJSONError) {
                    let bytes = try Table(json: form.table).encode()
                    built.append(
                        TestCase(
                            id: caseID, comment: "\(comment): still a table", flags: [Flag.inexpressible], spec: ["NanoTDF 14"],
                            input: JSONObject(field(json)), expected: JSONObject(F.buffer(bytes)), result: .valid))
                } catch {
                    refused.append(
                        TestCase(
                            id: caseID, comment: "\(comment) (\(error))", flags: [Flag.inexpressible], spec: ["NanoTDF 14"],
                            input: JSONObject(F.inexpressibleTable(json)), result: .invalid, error: ArkavoOps.invalidTableCode))
                }
            }
        }
        return (built, refused)
    }

    /// Every object and integer inside `value`, each with the whole table around its change.
    static func inexpressibleForms(of value: JSONValue, at place: String) -> [(place: String, change: String, table: JSONValue)] {
        func replacing(_ object: JSONObject, _ key: String, _ member: JSONValue) -> JSONValue {
            var copy = object
            copy[key] = member
            return .object(copy)
        }
        switch value {
        case .object(let object):
            var forms = [(place, "undeclared-member", replacing(object, "undeclared", .int(1)))]
            // A union's table under a type that names none: NONE, or a type the schema does not define.
            if object["data_type"] != nil, object["data"] != nil {
                let at = place.isEmpty ? "data_type" : "\(place).data_type"
                var none = object
                none["data_type"] = "NONE"
                none["data"] = .null
                // A union type that is null, with no table: flatc refuses null for the type (a scalar).
                var nullType = JSONObject(object.filter { $0.key != "data" }.map { ($0.key, $0.value) })
                nullType["data_type"] = .null
                forms += [
                    (at, "none-with-data", replacing(object, "data_type", "NONE")),
                    (at, "undefined-with-data", replacing(object, "data_type", 9)),
                    (at, "none-with-null-data", .object(none)),
                    (at, "null-without-data", .object(nullType)),
                ]
            }
            for (key, member) in object.members {
                let inner = place.isEmpty ? key : "\(place).\(key)"
                // JSON null where a member is: flatc reads it as absent; a reader that takes null for a value does not.
                forms.append((inner, "null", replacing(object, key, .null)))
                forms += inexpressibleForms(of: member, at: inner).map { ($0.place, $0.change, replacing(object, key, $0.table)) }
            }
            return forms
        case .array(let items) where !items.isEmpty:
            return inexpressibleForms(of: items[0], at: "\(place).0").map { ($0.place, $0.change, .array([$0.table] + items.dropFirst())) }
        case .int:
            return [(place, "minus-one", .int(-1)), (place, "two-to-the-64", .string("18446744073709551616"))]
        default:
            return []
        }
    }

    /// One decode case: the reference's table, or its refusal's class.
    static func decodeCase<Table: FlatBufferRoot>(id: String, _ buffer: Buffer, _ field: Field<JSONObject>, _: Table.Type) -> TestCase {
        var input = JSONObject(F.buffer(buffer.bytes))
        if buffer.limits.maxDepth != VerifierLimits.default.maxDepth { input.set(F.maxDepth, buffer.limits.maxDepth) }
        if buffer.limits.maxTables != VerifierLimits.default.maxTables { input.set(F.maxTables, buffer.limits.maxTables) }
        do {
            let table = try Table.decode(buffer.bytes, limits: buffer.limits).json
            return TestCase(
                id: id, comment: buffer.comment, flags: buffer.flags, spec: ["NanoTDF 14"], input: input,
                expected: JSONObject(field(table)), result: .valid)
        } catch {
            return TestCase(
                id: id, comment: "\(buffer.comment) (\(error.description))", flags: buffer.flags, spec: ["NanoTDF 14"], input: input,
                result: .invalid, error: error.code)
        }
    }

    /// A copy of `layout`'s buffer with one thing broken by `change`.
    static func broken(
        _ layout: FlatBufferLayout, _ base: String, _ slug: String, _ comment: String, _ flag: Flag,
        _ change: (inout FlatBufferLayout) -> Void
    ) -> Buffer {
        var copy = layout
        change(&copy)
        return Buffer(slug: slug, comment: "\(base) with \(comment)", flags: [flag], bytes: copy.bytes)
    }

    /// Event buffers: every valid event, then one break each of a UserEvent (and a few others).
    static func eventBuffers() -> [Buffer] {
        var list = ArkavoFixtures.events.map { Buffer(slug: $0.0, comment: $0.1, flags: $0.2, bytes: $0.3.encode()) }
        let base = ArkavoFixtures.events[0].3.encode()
        let layout = FlatBufferLayout(bytes: base)
        let root = layout.root
        let user = layout.target(root, slot: 4)
        func broken(_ slug: String, _ comment: String, _ flag: Flag, _ change: (inout FlatBufferLayout) -> Void) -> Buffer {
            Self.broken(layout, "user-event-join", slug, comment, flag, change)
        }
        list += [
            Buffer(slug: "empty", comment: "no bytes", flags: [.shortBuffer], bytes: []),
            Buffer(
                slug: "seven-bytes", comment: "7 bytes, under the 12 a root offset, a table and a vtable need", flags: [.shortBuffer],
                bytes: Array(base.prefix(7))),
            Buffer(
                slug: "truncated-half", comment: "user-event-join cut in half", flags: [.truncated],
                bytes: Array(base.prefix(base.count / 2))),
            Buffer(
                slug: "truncated-last-byte", comment: "user-event-join without its last byte", flags: [.truncated],
                bytes: Array(base.dropLast())),
            broken("root-offset-past-end", "a root offset past the end", .rootOffset) { $0.setU32(0, UInt32(base.count + 64)) },
            broken("root-offset-zero", "root offset 0", .rootOffset) { $0.setU32(0, 0) },
            broken("root-offset-misaligned", "the root offset moved by 2 bytes", .alignment) { $0.setU32(0, UInt32(root + 2)) },
            broken("vtable-out-of-range", "the Event's vtable offset pointing 1 MiB away", .vtable) { $0.setU32(root, 0x0010_0000) },
            broken("vtable-size-odd", "an odd vtable size", .vtable) { $0.setU16($0.vtable(root), 13) },
            broken("vtable-past-end", "a vtable size of 65534", .vtable) { $0.setU16($0.vtable(root), 0xFFFE) },
            broken("data-offset-past-end", "the data offset pointing past the end", .offsetBounds) {
                $0.setU32($0.field(root, slot: 4), 0x0001_0000)
            },
            broken("data-offset-zero", "data offset 0", .offsetBounds) { $0.setU32($0.field(root, slot: 4), 0) },
            broken("timestamp-past-end", "the timestamp's vtable entry pointing past the end", .scalarBounds) {
                $0.setU16($0.vtable(root) + 4 + 2 * 1, 0x7FF0)
            },
            broken("timestamp-misaligned", "the timestamp's vtable entry moved to an odd offset", .alignment) {
                $0.setU16($0.vtable(root) + 4 + 2 * 1, UInt16($0.u16($0.vtable(root) + 4 + 2 * 1) + 1))
            },
            broken("source-id-past-end", "a source_id length of 1000", .vectorBounds) {
                $0.setU32($0.target(user, slot: 2), 1000)
            },
            broken("source-id-length-huge", "a source_id length of 2^32-1", .vectorBounds) {
                $0.setU32($0.target(user, slot: 2), 0xFFFF_FFFF)
            },
            broken("attribute-type-misaligned", "the attribute_type offset moved by 1 byte", .alignment) {
                let at = $0.field(user, slot: 4)
                $0.setU32(at, UInt32($0.u32(at) + 1))
            },
            broken("user-event-vtable-out-of-range", "the UserEvent's vtable offset pointing before the buffer", .vtable) {
                $0.setU32(user, 0x7FFF_FFF0)
            },
            Buffer(
                slug: "depth-limit-1", comment: "user-event-join (Event then UserEvent: 2 tables deep) with maxDepth 1",
                flags: [.depthLimit], bytes: base, limits: VerifierLimits(maxDepth: 1)),
            Buffer(
                slug: "depth-limit-2", comment: "user-event-join with maxDepth 2, exactly its depth", flags: [.depthLimit], bytes: base,
                limits: VerifierLimits(maxDepth: 2)),
            Buffer(
                slug: "table-limit-1", comment: "user-event-join (2 tables) with maxTables 1", flags: [.tableLimit], bytes: base,
                limits: VerifierLimits(maxTables: 1)),
            Buffer(
                slug: "trailing-bytes", comment: "user-event-join followed by 16 zero bytes", flags: [.trailingBytes],
                bytes: base + Array(repeating: 0, count: 16)),
        ]
        // A CacheEvent with every field at its default has an empty vtable, which is a valid table
        // of every member: read as a UserEvent it verifies, and no verifier can tell.
        var empty = FlatBufferLayout(bytes: ArkavoFixtures.events.first { $0.0 == "cache-event-defaults" }!.3.encode())
        empty.bytes[empty.field(empty.root, slot: 3)] = 1
        list.append(
            Buffer(
                slug: "empty-cache-event-as-user-event",
                comment: "cache-event-defaults with data_type 1: its empty table reads as a UserEvent",
                flags: [.unionConfusion], bytes: empty.bytes))
        // The UserEvent under the other union types: its layout does not fit them, and the Verifier refuses it.
        for (type, name) in [(2, "cache-event"), (3, "route-event")] {
            var copy = layout
            copy.bytes[copy.field(root, slot: 3)] = UInt8(type)
            let confused = (try? Event.decode(copy.bytes)) != nil
            list.append(
                Buffer(
                    slug: "user-event-as-\(name)",
                    comment: "user-event-join with data_type \(type): a UserEvent table read as another member",
                    flags: [confused ? .unionConfusion : .wrongUnionType], bytes: copy.bytes))
        }
        return list
    }

    /// Metadata buffers: every valid metadata, then breaks of `every-field`.
    static func metadataBuffers() -> [Buffer] {
        var list = ArkavoFixtures.metadata.map { Buffer(slug: $0.0, comment: $0.1, flags: $0.2, bytes: $0.3.encode()) }
        let base = ArkavoFixtures.metadata[0].3.encode()
        let layout = FlatBufferLayout(bytes: base)
        let root = layout.root
        let archive = layout.target(root, slot: 7)
        let content = layout.target(root, slot: 8)
        let rating = layout.target(root, slot: 4)
        func broken(_ slug: String, _ comment: String, _ flag: Flag, _ change: (inout FlatBufferLayout) -> Void) -> Buffer {
            Self.broken(layout, "every-field", slug, comment, flag, change)
        }
        let version = layout.target(archive, slot: 1)
        let profile = layout.target(archive, slot: 2)
        let formatVersion = layout.target(layout.target(content, slot: 2), slot: 1)
        list += [
            broken("string-without-terminator", "archive.version's terminating zero replaced by 'A'", .stringTerminator) {
                $0.bytes[version + 4 + $0.u32(version)] = 0x41
            },
            // Not UTF-8, each in a way a lax decoder lets through (a lone continuation byte, an encoded
            // surrogate, an overlong form); every byte stays non-zero, so the terminator check still passes.
            broken("string-not-utf8", "archive.profile's last byte ('3') replaced by 0x88, a lone continuation byte", .stringUTF8) {
                $0.bytes[profile + 4 + $0.u32(profile) - 1] = 0x88
            },
            broken("string-surrogate", "content.format.version '1.6' replaced by ED A0 80 (the surrogate U+D800)", .stringUTF8) {
                $0.bytes.replaceSubrange((formatVersion + 4)..<(formatVersion + 7), with: [0xED, 0xA0, 0x80])
            },
            broken("string-overlong", "archive.version '1.5' replaced by C0 AE 35 ('.' in an overlong form, then '5')", .stringUTF8) {
                $0.bytes.replaceSubrange((version + 4)..<(version + 7), with: [0xC0, 0xAE, 0x35])
            },
            broken("string-past-end", "an archive.version length of 5000", .vectorBounds) { $0.setU32(version, 5000) },
            broken("topics-past-end", "a topics length of 1000 (4000 bytes)", .vectorBounds) {
                $0.setU32($0.target(root, slot: 6), 1000)
            },
            broken("id-past-end", "an id length of 2^31", .vectorBounds) { $0.setU32($0.target(root, slot: 1), 0x8000_0000) },
            broken("rating-vtable-out-of-range", "the Rating's vtable offset pointing past the end", .vtable) {
                $0.setU32(rating, UInt32(bitPattern: -0x10000))
            },
            broken("format-offset-past-end", "content.format's offset pointing past the end", .offsetBounds) {
                $0.setU32($0.field(content, slot: 2), 0x00FF_0000)
            },
            broken("created-misaligned", "created's vtable entry moved to an odd offset", .alignment) {
                let entry = $0.vtable(root) + 4
                $0.setU16(entry, UInt16($0.u16(entry) + 1))
            },
            Buffer(
                slug: "depth-limit-2", comment: "every-field (Metadata, content, format: 3 tables deep) with maxDepth 2",
                flags: [.depthLimit], bytes: base, limits: VerifierLimits(maxDepth: 2)),
            Buffer(
                slug: "depth-limit-3", comment: "every-field with maxDepth 3, exactly its depth", flags: [.depthLimit], bytes: base,
                limits: VerifierLimits(maxDepth: 3)),
            Buffer(
                slug: "table-limit-5", comment: "every-field (6 tables) with maxTables 5", flags: [.tableLimit], bytes: base,
                limits: VerifierLimits(maxTables: 5)),
            Buffer(
                slug: "table-limit-6", comment: "every-field with maxTables 6, exactly its count", flags: [.tableLimit], bytes: base,
                limits: VerifierLimits(maxTables: 6)),
            Buffer(
                slug: "truncated", comment: "every-field without its last 4 bytes", flags: [.truncated], bytes: Array(base.dropLast(4))),
            Buffer(
                slug: "event-as-metadata", comment: "the user-event-join Event buffer read as Metadata", flags: [.wrongRoot],
                bytes: ArkavoFixtures.events[0].3.encode()),
        ]
        return list
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        var seeds: [CorpusSeed] = []
        for (group, test) in file.allTests {
            guard let bytes = test.input[F.buffer] else { continue }
            seeds.append(CorpusSeed(target: group.type == Self.decodeEvent.type ? "FuzzArkavoEvent" : "FuzzArkavoMetadata", bytes: bytes))
        }
        return seeds
    }
}
