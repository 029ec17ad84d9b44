/// `Metadata`, the root table of metadata.fbs: the embedded plaintext policy body of Arkavo
/// NanoTDFs. `nil` marks an absent vector or table.
public struct Metadata: Equatable, Sendable {
    /// `created`.
    public var created: Int64
    /// `id`: a 32-byte public ID.
    public var id: [UInt8]?
    /// `related`: a 32-byte public ID.
    public var related: [UInt8]?
    /// `creator`: a 32-byte public ID.
    public var creator: [UInt8]?
    /// `rating`: arkavo-rs applies its content-rating contract when present.
    public var rating: Rating?
    /// `purpose`.
    public var purpose: Purpose?
    /// `topics`.
    public var topics: [UInt32]?
    /// `archive`.
    public var archive: FormatInfo<ArchiveType>?
    /// `content`.
    public var content: ContentFormat?

    /// Metadata with its fields.
    public init(
        created: Int64 = 0, id: [UInt8]? = nil, related: [UInt8]? = nil, creator: [UInt8]? = nil, rating: Rating? = nil,
        purpose: Purpose? = nil, topics: [UInt32]? = nil, archive: FormatInfo<ArchiveType>? = nil, content: ContentFormat? = nil
    ) {
        self.created = created
        self.id = id
        self.related = related
        self.creator = creator
        self.rating = rating
        self.purpose = purpose
        self.topics = topics
        self.archive = archive
        self.content = content
    }
}

/// `Rating`: eight RatingLevel values, in slot order.
public struct Rating: Equatable, Sendable {
    /// The slot names, in order.
    public static let fields = ["violent", "sexual", "profane", "substance", "hate", "harm", "mature", "bully"]
    /// The eight levels, in the order of `fields`.
    public var levels: [RatingLevel]

    /// A rating from eight levels in slot order (missing ones are `unused`).
    public init(_ levels: [RatingLevel] = []) {
        self.levels = Self.padded(levels, to: 8, with: .unused)
    }

    /// `values` cut or padded to `count` in place (one array, not three: decoding makes many).
    static func padded<T>(_ values: [T], to count: Int, with filler: T) -> [T] {
        var values = values
        if values.count > count { values.removeLast(values.count - count) }
        if values.count < count { values.append(contentsOf: repeatElement(filler, count: count - values.count)) }
        return values
    }
}

/// `Purpose`: nine float32 scores, in slot order.
public struct Purpose: Equatable, Sendable {
    /// The slot names, in order.
    public static let fields = [
        "educational", "entertainment", "news", "promotional", "personal", "opinion", "transactional", "harmful", "confidence",
    ]
    /// The nine scores, in the order of `fields`.
    public var scores: [Float]

    /// A purpose from nine scores in slot order (missing ones are 0).
    public init(_ scores: [Float] = []) {
        self.scores = Rating.padded(scores, to: 9, with: 0)
    }

    public static func == (a: Purpose, b: Purpose) -> Bool {
        // Numeric equality (so -0 equals the default 0 the builders leave out), and every NaN
        // equals every NaN (JSON and flatc write them all as nan).
        zip(a.scores, b.scores).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }
}

/// `FormatInfo` (type FormatType) and `ArchiveInfo` (type ArchiveType): a type and two strings.
public struct FormatInfo<Kind: FlatBufferEnum>: Equatable, Sendable {
    /// `type`.
    public var type: Kind
    /// `version`.
    public var version: String?
    /// `profile`.
    public var profile: String?

    /// Format or archive information with its fields.
    public init(type: Kind, version: String? = nil, profile: String? = nil) {
        self.type = type
        self.version = version
        self.profile = profile
    }
}

/// `ContentFormat`.
public struct ContentFormat: Equatable, Sendable {
    /// `media_type`.
    public var mediaType: MediaType
    /// `data_encoding`.
    public var dataEncoding: DataEncoding
    /// `format`.
    public var format: FormatInfo<FormatType>?

    /// A content format with its fields.
    public init(mediaType: MediaType = .unused, dataEncoding: DataEncoding = .binary, format: FormatInfo<FormatType>? = nil) {
        self.mediaType = mediaType
        self.dataEncoding = dataEncoding
        self.format = format
    }
}
