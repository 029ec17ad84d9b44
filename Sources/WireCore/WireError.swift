/// A decoding failure in WireCore, always carrying the byte offset where it happened.
///
/// Format modules map these onto their own closed error enums; the `code` strings are the
/// kebab-case classes used in `Vectors/` (Vectors/README.md, "error").
public enum WireError: CodedError, Equatable, Sendable, CustomStringConvertible {
    /// Fewer bytes were left than the field needs.
    case truncated(field: String, offset: Int, needed: Int, available: Int)
    /// Bytes remained after the last field of a complete object.
    case trailingBytes(offset: Int, count: Int)
    /// A character outside the alphabet of the encoding.
    case invalidCharacter(encoding: String, offset: Int, byte: UInt8)
    /// The input length cannot be a whole encoding (odd hex, Base64 remainder of one character).
    case badLength(encoding: String, length: Int)
    /// Base64 padding missing, misplaced, or present in an unpadded variant.
    case badPadding(offset: Int)
    /// Base64 whose unused low bits of the last character are not zero (not canonical).
    case nonZeroTrailingBits(offset: Int)
    /// A value that is syntactically readable but not allowed here (`reason` says why).
    case invalidValue(field: String, offset: Int, reason: String)

    /// The error classes of this module (the vectors' `error` strings).
    public enum Code: String, CaseIterable, Sendable {
        case truncated
        case trailingBytes = "trailing-bytes"
        case invalidCharacter = "invalid-character"
        case badLength = "bad-length"
        case badPadding = "bad-padding"
        case nonZeroTrailingBits = "non-zero-trailing-bits"
        case invalidValue = "invalid-value"
    }

    /// The class of this error.
    public var errorCode: Code {
        switch self {
        case .truncated: .truncated
        case .trailingBytes: .trailingBytes
        case .invalidCharacter: .invalidCharacter
        case .badLength: .badLength
        case .badPadding: .badPadding
        case .nonZeroTrailingBits: .nonZeroTrailingBits
        case .invalidValue: .invalidValue
        }
    }

    /// The byte offset of the failure in the input that was being decoded.
    public var offset: Int {
        switch self {
        case .truncated(_, let offset, _, _), .trailingBytes(let offset, _),
            .invalidCharacter(_, let offset, _), .badPadding(let offset),
            .nonZeroTrailingBits(let offset), .invalidValue(_, let offset, _):
            offset
        case .badLength(_, let length): length
        }
    }

    public var description: String {
        switch self {
        case .truncated(let field, let offset, let needed, let available):
            "\(field): truncated at byte \(offset): needs \(needed) byte(s), \(available) left"
        case .trailingBytes(let offset, let count):
            "\(count) trailing byte(s) at byte \(offset)"
        case .invalidCharacter(let encoding, let offset, let byte):
            "\(encoding): invalid character 0x\(Hex.encode([byte])) at byte \(offset)"
        case .badLength(let encoding, let length):
            "\(encoding): length \(length) is not a whole encoding"
        case .badPadding(let offset):
            "base64: bad padding at byte \(offset)"
        case .nonZeroTrailingBits(let offset):
            "base64: non-zero trailing bits in the character at byte \(offset)"
        case .invalidValue(let field, let offset, let reason):
            "\(field): \(reason) at byte \(offset)"
        }
    }
}
