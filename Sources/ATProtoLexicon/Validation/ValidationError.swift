/// One way a JSON value breaks a lexicon, at a JSON pointer into the value.
public struct ValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stable classes of validation errors (the `code` of `mls.validate`'s `errors`).
    public enum Code: String, Sendable, CaseIterable {
        /// A JSON type other than the one the lexicon declares.
        case wrongType = "wrong-type"
        /// A required field is absent (and has no default).
        case missingRequired = "missing-required"
        /// `null` where the field is not listed in `nullable`.
        case nullNotAllowed = "null-not-allowed"
        /// Not the `const` value.
        case constMismatch = "const-mismatch"
        /// Not one of a closed `enum`.
        case notInEnum = "not-in-enum"
        /// An integer below `minimum`.
        case belowMinimum = "below-minimum"
        /// An integer above `maximum`.
        case aboveMaximum = "above-maximum"
        /// Fewer UTF-8 bytes, decoded bytes or array elements than `minLength`.
        case tooShort = "too-short"
        /// More UTF-8 bytes, decoded bytes or array elements than `maxLength`.
        case tooLong = "too-long"
        /// Fewer grapheme clusters than `minGraphemes`.
        case tooFewGraphemes = "too-few-graphemes"
        /// More grapheme clusters than `maxGraphemes`.
        case tooManyGraphemes = "too-many-graphemes"
        /// A string that is not valid in its `format`.
        case invalidFormat = "invalid-format"
        /// Not a `{"$bytes": base64}` object.
        case invalidBytes = "invalid-bytes"
        /// Not a `{"$link": cid}` object.
        case invalidCIDLink = "invalid-cid-link"
        /// Not a blob (`$type: blob`, `ref`, `mimeType`, `size`) nor a legacy `{cid, mimeType}` blob.
        case invalidBlob = "invalid-blob"
        /// A blob larger than `maxSize`.
        case blobTooLarge = "blob-too-large"
        /// A blob whose MIME type matches no pattern of `accept`.
        case blobTypeNotAccepted = "blob-type-not-accepted"
        /// A union member or record without `$type`.
        case missingType = "missing-type"
        /// A `$type` that is not a non-empty string, or a record's `$type` that is not its NSID.
        case invalidType = "invalid-type"
        /// A `$type` that a closed union does not list.
        case typeNotInUnion = "type-not-in-union"
        /// Not the name of the token the ref names.
        case invalidToken = "invalid-token"
        /// A number with a fraction (the atproto data model has no floats).
        case floatNotAllowed = "float-not-allowed"
        /// A ref of the lexicon that names no def (a catalog problem, reported where it is met).
        case unresolvedRef = "unresolved-ref"
    }

    /// Where in the value (`""` for the whole value).
    public let path: JSONPointer
    /// Which rule.
    public let code: Code
    /// What is wrong, in words.
    public let message: String

    /// An error at `path`.
    public init(_ path: JSONPointer, _ code: Code, _ message: String) {
        self.path = path
        self.code = code
        self.message = message
    }

    public var description: String { "\(path.description.isEmpty ? "(root)" : path.description): \(code.rawValue): \(message)" }
}
