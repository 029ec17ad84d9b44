import NanoTDF
import WireCore

/// Every way an Arkavo frame or FlatBuffers table is refused; each carries the byte offset where
/// the decoder stopped (from the start of the frame, or of the FlatBuffers buffer).
public enum ArkavoError: CodedError, Equatable, Sendable {
    /// An empty frame: no type byte.
    case truncated(field: String, offset: Int)
    /// A type byte that is none of 0x01–0x06, 0x08, 0xFF (and not the start of a bare NanoTDF).
    case unknownFrameType(UInt8, offset: Int)
    /// A body whose length is none of the lengths its frame type allows.
    case badBodyLength(type: FrameType, length: Int, expected: String, offset: Int)
    /// A P-256 public key whose first byte is not 02 or 03.
    case badPoint(field: String, offset: Int)
    /// A 0xFF body that is not a JSON object with string `error_type` and `message`.
    case badErrorBody(reason: String, offset: Int)
    /// A 0x06 Event over the 2,000 bytes both the app and arkavo-rs allow.
    case eventTooLarge(length: Int, offset: Int)
    /// The NanoTDF inside a 0x03 or 0x05 frame, or a bare NanoTDF, was refused (offset in the frame).
    case nanoTDF(NanoTDFError, offset: Int)
    /// The FlatBuffers Verifier refused the buffer: the field, the check and the byte offset.
    case flatBufferInvalid(reason: String, offset: Int)

    /// The error classes of ArkavoWire (the vectors' `error` strings). A refused NanoTDF inside a
    /// frame keeps NanoTDF's class (`truncated`, `bad-magic`, …); see `code`.
    public enum Code: String, CaseIterable, Sendable {
        case truncated
        case unknownFrameType = "unknown-frame-type"
        case badBodyLength = "bad-body-length"
        case badPoint = "bad-point"
        case badErrorBody = "bad-error-body"
        case eventTooLarge = "event-too-large"
        case nanoTDF = "nanotdf"
        case flatBufferInvalid = "flatbuffer-invalid"
    }

    /// The class of this error; `nanotdf` for a refused NanoTDF (whose own class is `code`).
    public var errorCode: Code {
        switch self {
        case .truncated: .truncated
        case .unknownFrameType: .unknownFrameType
        case .badBodyLength: .badBodyLength
        case .badPoint: .badPoint
        case .badErrorBody: .badErrorBody
        case .eventTooLarge: .eventTooLarge
        case .nanoTDF: .nanoTDF
        case .flatBufferInvalid: .flatBufferInvalid
        }
    }

    /// The class written in vectors: NanoTDF's own class for a refused NanoTDF, as `nanotdf.parse` gives it.
    public var code: String {
        if case .nanoTDF(let inner, _) = self { return inner.code }
        return errorCode.rawValue
    }

    /// The byte offset where the decoder stopped.
    public var offset: Int {
        switch self {
        case .truncated(_, let offset), .unknownFrameType(_, let offset), .badBodyLength(_, _, _, let offset), .badPoint(_, let offset),
            .badErrorBody(_, let offset), .eventTooLarge(_, let offset), .nanoTDF(_, let offset), .flatBufferInvalid(_, let offset):
            offset
        }
    }

    public var description: String {
        switch self {
        case .truncated(let field, let offset): "arkavo: truncated: no \(field) at byte \(offset)"
        case .unknownFrameType(let type, let offset):
            "arkavo: unknown-frame-type: type byte 0x\(Hex.encode([type])) at byte \(offset)"
        case .badBodyLength(let type, let length, let expected, let offset):
            "arkavo: bad-body-length: \(type.name) body of \(length) bytes at byte \(offset), expected \(expected)"
        case .badPoint(let field, let offset): "arkavo: bad-point: \(field) is not a compressed P-256 point at byte \(offset)"
        case .badErrorBody(let reason, let offset): "arkavo: bad-error-body: \(reason) at byte \(offset)"
        case .eventTooLarge(let length, let offset): "arkavo: event-too-large: \(length)-byte Event at byte \(offset), limit 2000"
        case .nanoTDF(let inner, let offset): "arkavo: NanoTDF at frame byte \(offset): \(inner)"
        case .flatBufferInvalid(let reason, let offset): "arkavo: flatbuffer-invalid: \(reason) at byte \(offset)"
        }
    }
}
