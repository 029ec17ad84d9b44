// The enums of the Arkavo schemas as FlatBufferEnum values (raw Int8, named when the schema names them).

/// `RatingLevel` of metadata.fbs.
public struct RatingLevel: FlatBufferEnum {
    /// The byte as written in the buffer.
    public let rawValue: Int8
    /// The value `rawValue`, named or not.
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// The schema's names.
    public static let names: [Int8: String] = [
        0: "unused", 1: "none", 2: "mild", 3: "moderate", 4: "severe",
    ]
    /// `unused` (0).
    public static let unused = RatingLevel(rawValue: 0)
    /// `none` (1).
    public static let `none` = RatingLevel(rawValue: 1)
    /// `mild` (2).
    public static let mild = RatingLevel(rawValue: 2)
    /// `moderate` (3).
    public static let moderate = RatingLevel(rawValue: 3)
    /// `severe` (4).
    public static let severe = RatingLevel(rawValue: 4)
}

/// `FormatType` of metadata.fbs (text 0–4, images 10–13, pdf 30).
public struct FormatType: FlatBufferEnum {
    /// The byte as written in the buffer.
    public let rawValue: Int8
    /// The value `rawValue`, named or not.
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// The schema's names.
    public static let names: [Int8: String] = [
        0: "plain", 1: "html", 2: "csv", 3: "xml", 4: "json", 10: "jpeg", 11: "png", 12: "svg", 13: "gif", 30: "pdf",
    ]
    /// `plain` (0).
    public static let plain = FormatType(rawValue: 0)
    /// `html` (1).
    public static let html = FormatType(rawValue: 1)
    /// `csv` (2).
    public static let csv = FormatType(rawValue: 2)
    /// `xml` (3).
    public static let xml = FormatType(rawValue: 3)
    /// `json` (4).
    public static let json = FormatType(rawValue: 4)
    /// `jpeg` (10).
    public static let jpeg = FormatType(rawValue: 10)
    /// `png` (11).
    public static let png = FormatType(rawValue: 11)
    /// `svg` (12).
    public static let svg = FormatType(rawValue: 12)
    /// `gif` (13).
    public static let gif = FormatType(rawValue: 13)
    /// `pdf` (30).
    public static let pdf = FormatType(rawValue: 30)
}

/// `DataEncoding` of metadata.fbs.
public struct DataEncoding: FlatBufferEnum {
    /// The byte as written in the buffer.
    public let rawValue: Int8
    /// The value `rawValue`, named or not.
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// The schema's names.
    public static let names: [Int8: String] = [
        0: "binary", 1: "utf8", 2: "utf16", 3: "ascii", 4: "base64", 5: "quoted_printable",
    ]
    /// `binary` (0).
    public static let binary = DataEncoding(rawValue: 0)
    /// `utf8` (1).
    public static let utf8 = DataEncoding(rawValue: 1)
    /// `utf16` (2).
    public static let utf16 = DataEncoding(rawValue: 2)
    /// `ascii` (3).
    public static let ascii = DataEncoding(rawValue: 3)
    /// `base64` (4).
    public static let base64 = DataEncoding(rawValue: 4)
    /// `quoted_printable` (5).
    public static let quotedPrintable = DataEncoding(rawValue: 5)
}

/// `ArchiveType` of metadata.fbs.
public struct ArchiveType: FlatBufferEnum {
    /// The byte as written in the buffer.
    public let rawValue: Int8
    /// The value `rawValue`, named or not.
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// The schema's names.
    public static let names: [Int8: String] = [
        0: "none", 1: "zip", 2: "tar", 3: "gzip", 4: "bzip2", 5: "xz", 6: "zstd", 7: "lz4",
    ]
    /// `none` (0).
    public static let `none` = ArchiveType(rawValue: 0)
    /// `zip` (1).
    public static let zip = ArchiveType(rawValue: 1)
    /// `tar` (2).
    public static let tar = ArchiveType(rawValue: 2)
    /// `gzip` (3).
    public static let gzip = ArchiveType(rawValue: 3)
    /// `bzip2` (4).
    public static let bzip2 = ArchiveType(rawValue: 4)
    /// `xz` (5).
    public static let xz = ArchiveType(rawValue: 5)
    /// `zstd` (6).
    public static let zstd = ArchiveType(rawValue: 6)
    /// `lz4` (7).
    public static let lz4 = ArchiveType(rawValue: 7)
}

/// `MediaType` of entity.fbs (used by metadata.fbs's ContentFormat).
public struct MediaType: FlatBufferEnum {
    /// The byte as written in the buffer.
    public let rawValue: Int8
    /// The value `rawValue`, named or not.
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// The schema's names.
    public static let names: [Int8: String] = [
        0: "unused", 1: "text", 2: "image", 3: "video", 4: "audio",
    ]
    /// `unused` (0).
    public static let unused = MediaType(rawValue: 0)
    /// `text` (1).
    public static let text = MediaType(rawValue: 1)
    /// `image` (2).
    public static let image = MediaType(rawValue: 2)
    /// `video` (3).
    public static let video = MediaType(rawValue: 3)
    /// `audio` (4).
    public static let audio = MediaType(rawValue: 4)
}
