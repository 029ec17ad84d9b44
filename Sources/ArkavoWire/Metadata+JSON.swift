import WireCore

extension Metadata {
    /// flatc's JSON form of this metadata (see `TableJSON`): what `arkavo.decodeMetadata` returns and
    /// `arkavo.encodeMetadata` takes.
    public var json: JSONObject {
        var object: JSONObject = ["created": .int(created)]
        if let id { object["id"] = TableJSON.bytes(id) }
        if let related { object["related"] = TableJSON.bytes(related) }
        if let creator { object["creator"] = TableJSON.bytes(creator) }
        if let rating {
            object["rating"] = .object(JSONObject(zip(Rating.fields, rating.levels.map(TableJSON.enumValue)).map { ($0, $1) }))
        }
        if let purpose {
            object["purpose"] = .object(JSONObject(zip(Purpose.fields, purpose.scores.map(TableJSON.float)).map { ($0, $1) }))
        }
        if let topics { object["topics"] = .array(topics.map { .int(Int64($0)) }) }
        if let archive { object["archive"] = Self.json(archive) }
        if let content {
            var member: JSONObject = [
                "media_type": TableJSON.enumValue(content.mediaType), "data_encoding": TableJSON.enumValue(content.dataEncoding),
            ]
            if let format = content.format { member["format"] = Self.json(format) }
            object["content"] = .object(member)
        }
        return object
    }

    static func json<Kind>(_ info: FormatInfo<Kind>) -> JSONValue {
        var member: JSONObject = ["type": TableJSON.enumValue(info.type)]
        if let version = info.version { member["version"] = .string(version) }
        if let profile = info.profile { member["profile"] = .string(profile) }
        return .object(member)
    }

    /// Reads flatc's JSON form: absent scalars are the defaults, unknown fields are refused.
    public init(json: JSONValue) throws(FlatBufferJSONError) {
        var reader = try TableReader(json, path: "Metadata")
        func info<Kind: FlatBufferEnum>(_ t: inout TableReader, _ fallback: Kind) throws(FlatBufferJSONError) -> FormatInfo<Kind> {
            FormatInfo(type: try t.enumValue("type", fallback), version: try t.string("version"), profile: try t.string("profile"))
        }
        let created = try reader.int64("created")
        let id = try reader.bytes("id")
        let related = try reader.bytes("related")
        let creator = try reader.bytes("creator")
        let rating = try reader.table("rating") { (t: inout TableReader) throws(FlatBufferJSONError) in
            var levels: [RatingLevel] = []
            for field in Rating.fields { levels.append(try t.enumValue(field, .unused)) }
            return Rating(levels)
        }
        let purpose = try reader.table("purpose") { (t: inout TableReader) throws(FlatBufferJSONError) in
            var scores: [Float] = []
            for field in Purpose.fields { scores.append(try t.float(field)) }
            return Purpose(scores)
        }
        let topics = try reader.integers("topics", in: 0...Int64(UInt32.max))?.map { UInt32($0) }
        let archive = try reader.table("archive") { (t: inout TableReader) throws(FlatBufferJSONError) in try info(&t, ArchiveType.none) }
        let content = try reader.table("content") { (t: inout TableReader) throws(FlatBufferJSONError) in
            ContentFormat(
                mediaType: try t.enumValue("media_type", .unused), dataEncoding: try t.enumValue("data_encoding", .binary),
                format: try t.table("format") { (f: inout TableReader) throws(FlatBufferJSONError) in try info(&f, FormatType.plain) })
        }
        try reader.finish()
        self.init(
            created: created, id: id, related: related, creator: creator, rating: rating, purpose: purpose, topics: topics,
            archive: archive,
            content: content)
    }
}
