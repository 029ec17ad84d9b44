import WireCore

/// Every way a NanoTDF container or header is refused (NanoTDF spec sections 1–8, checklist of
/// section 11); each carries the byte offset where the decoder stopped.
public enum NanoTDFError: CodedError, Equatable, Sendable {
    /// Fewer bytes than `field` needs.
    case truncated(field: String, offset: Int)
    /// The first bytes are not `4C 31`.
    case badMagic(offset: Int)
    /// A version other than `L1L` (v12) or `L1M` (v13).
    case unsupportedVersion(UInt8, offset: Int)
    /// A locator protocol other than http, https or the shared resource directory.
    case badLocatorProtocol(UInt8, offset: Int)
    /// A locator identifier-size nibble above 3.
    case badIdentifierSize(UInt8, offset: Int)
    /// Bits the spec reserves are set (ECC byte bits 6–3).
    case reservedBits(UInt8, offset: Int)
    /// A curve value above 3.
    case badCurve(UInt8, offset: Int)
    /// A cipher value above 5.
    case badCipher(UInt8, offset: Int)
    /// A policy type above 3.
    case badPolicyType(UInt8, offset: Int)
    /// An embedded policy with no content.
    case emptyPolicy(offset: Int)
    /// A public key that is not a compressed point (first byte 02 or 03).
    case badPoint(field: String, offset: Int)
    /// A Go length-prefixed ECDSA binding whose r or s is longer than the curve's.
    case badBindingLength(UInt8, offset: Int)
    /// A payload length shorter than its IV and tag.
    case badPayloadLength(UInt32, offset: Int)
    /// The payload IV `000000`, reserved for the encrypted policy.
    case reservedIV(offset: Int)
    /// Bytes after a complete container.
    case trailingBytes(count: Int, offset: Int)

    /// The error classes of NanoTDF (the vectors' `error` strings).
    public enum Code: String, CaseIterable, Sendable {
        case truncated
        case badMagic = "bad-magic"
        case unsupportedVersion = "unsupported-version"
        case badLocatorProtocol = "bad-locator-protocol"
        case badIdentifierSize = "bad-identifier-size"
        case reservedBits = "reserved-bits"
        case badCurve = "bad-curve"
        case badCipher = "bad-cipher"
        case badPolicyType = "bad-policy-type"
        case emptyPolicy = "empty-policy"
        case badPoint = "bad-point"
        case badBindingLength = "bad-binding-length"
        case badPayloadLength = "bad-payload-length"
        case reservedIV = "reserved-iv"
        case trailingBytes = "trailing-bytes"
    }

    /// The class of this error.
    public var errorCode: Code {
        switch self {
        case .truncated: .truncated
        case .badMagic: .badMagic
        case .unsupportedVersion: .unsupportedVersion
        case .badLocatorProtocol: .badLocatorProtocol
        case .badIdentifierSize: .badIdentifierSize
        case .reservedBits: .reservedBits
        case .badCurve: .badCurve
        case .badCipher: .badCipher
        case .badPolicyType: .badPolicyType
        case .emptyPolicy: .emptyPolicy
        case .badPoint: .badPoint
        case .badBindingLength: .badBindingLength
        case .badPayloadLength: .badPayloadLength
        case .reservedIV: .reservedIV
        case .trailingBytes: .trailingBytes
        }
    }

    /// The byte offset where the decoder stopped.
    public var offset: Int {
        switch self {
        case .truncated(_, let offset), .badMagic(let offset), .unsupportedVersion(_, let offset), .badLocatorProtocol(_, let offset),
            .badIdentifierSize(_, let offset), .reservedBits(_, let offset), .badCurve(_, let offset), .badCipher(_, let offset),
            .badPolicyType(_, let offset), .emptyPolicy(let offset), .badPoint(_, let offset), .badBindingLength(_, let offset),
            .badPayloadLength(_, let offset),
            .reservedIV(let offset), .trailingBytes(_, let offset):
            offset
        }
    }

    public var description: String {
        let hex = { (byte: UInt8) in "0x" + Hex.encode([byte]) }
        let what =
            switch self {
            case .truncated(let field, _): "truncated in \(field)"
            case .badMagic: "not a NanoTDF: the magic is not 4C 31"
            case .unsupportedVersion(let byte, _): "unsupported version byte \(hex(byte)) (L1L is 4C, L1M is 4D)"
            case .badLocatorProtocol(let byte, _):
                "resource locator protocol \(hex(byte)) is not http (0), https (1) or shared directory (F)"
            case .badIdentifierSize(let nibble, _): "resource locator identifier size \(nibble) is above 3"
            case .reservedBits(let byte, _): "reserved bits set in \(hex(byte))"
            case .badCurve(let value, _): "curve \(value) is above 3"
            case .badCipher(let value, _): "cipher \(value) is above 5"
            case .badPolicyType(let value, _): "policy type \(value) is above 3"
            case .emptyPolicy: "embedded policy with no content"
            case .badPoint(let field, _): "\(field) is not a compressed point (02 or 03 first)"
            case .badBindingLength(let length, _): "Go-form binding integer of \(length) bytes is longer than the curve's"
            case .badPayloadLength(let length, _): "payload length \(length) is shorter than the IV and the tag"
            case .reservedIV: "payload IV 000000 is reserved for the encrypted policy"
            case .trailingBytes(let count, _): "\(count) bytes after the container"
            }
        return "\(what) at byte \(offset)"
    }
}
