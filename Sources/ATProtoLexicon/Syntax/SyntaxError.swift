import WireCore

/// Why a string is not valid in one of the atproto string formats.
public struct SyntaxError: CodedError, Equatable, Sendable {
    /// The one error class of `atproto.syntax`.
    public enum Code: String, CaseIterable, Sendable {
        /// The value is not valid in the format.
        case invalidSyntax = "invalid-syntax"
    }

    /// The format the value was checked against.
    public let format: StringFormat
    /// What is wrong, e.g. "label 2 ends with a hyphen".
    public let reason: String
    /// The UTF-8 byte offset of the first offending byte, when one byte is to blame.
    public let offset: Int?

    /// An error of `format` at `offset`.
    public init(_ format: StringFormat, _ reason: String, at offset: Int? = nil) {
        self.format = format
        self.reason = reason
        self.offset = offset
    }

    public var errorCode: Code { .invalidSyntax }

    public var description: String {
        "invalid \(format.rawValue): \(reason)" + (offset.map { " (at byte \($0))" } ?? "")
    }
}
