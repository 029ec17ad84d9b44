/// An Arkavo `Metadata` (metadata.fbs) as your decoder reads it, every field given. Enums are bytes as written (the
/// Verifier does not check them); a table or vector that is absent is nil.
public struct ArkavoMetadata: Equatable, Sendable {
    /// A `FormatInfo` table: a format's type, version and profile.
    public struct Format: Equatable, Sendable {
        /// `type` (`ArchiveType` for `archive`, `FormatType` for `content.format`).
        public var type: Int8
        /// `version`.
        public var version: String?
        /// `profile`.
        public var profile: String?

        /// A format, every field given.
        public init(type: Int8, version: String?, profile: String?) {
            self.type = type
            self.version = version
            self.profile = profile
        }
    }

    /// The `ContentFormat` table.
    public struct Content: Equatable, Sendable {
        /// `media_type`.
        public var mediaType: Int8
        /// `data_encoding`.
        public var dataEncoding: Int8
        /// `format`.
        public var format: Format?

        /// A content format, every field given.
        public init(mediaType: Int8, dataEncoding: Int8, format: Format?) {
            self.mediaType = mediaType
            self.dataEncoding = dataEncoding
            self.format = format
        }
    }

    /// `created`.
    public var created: Int64
    /// `id`.
    public var id: [UInt8]?
    /// `related`.
    public var related: [UInt8]?
    /// `creator`.
    public var creator: [UInt8]?
    /// The `Rating` table's eight levels in schema order (violent … bully), as read; nil when the table is absent.
    public var rating: [Int8]?
    /// The `Purpose` table's nine scores in schema order (educational … confidence), as read; nil when absent.
    public var purpose: [Float]?
    /// `topics`.
    public var topics: [UInt32]?
    /// `archive`.
    public var archive: Format?
    /// `content`.
    public var content: Content?

    /// A metadata table, every field given.
    public init(
        created: Int64, id: [UInt8]?, related: [UInt8]?, creator: [UInt8]?, rating: [Int8]?, purpose: [Float]?, topics: [UInt32]?,
        archive: Format?, content: Content?
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
