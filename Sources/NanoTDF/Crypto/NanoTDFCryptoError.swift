import WireCore

/// Every way NanoTDF cryptography refuses (decrypting, encrypting, reading keys); failures of
/// the container layout are `NanoTDFError`. Offsets are byte offsets in the container.
public enum NanoTDFCryptoError: CodedError, Equatable, Sendable {
    /// A private key that cannot be read, or is not a valid scalar.
    case badPrivateKey(String)
    /// A key of one curve where another is needed.
    case keyCurveMismatch(key: Curve, expected: Curve)
    /// A public key that is not a point of its curve (x not below p, or no y for x).
    case offCurve(field: String, offset: Int?)
    /// No IV convention (or not the one asked for) authenticates the payload tag.
    case authenticationFailed(offset: Int)
    /// An encryption parameter that cannot be written (an IV of 000000 or not 3 bytes, too much plaintext…).
    case badParameter(String)

    /// The error classes (the vectors' `error` strings).
    public enum Code: String, CaseIterable, Sendable {
        case badPrivateKey = "bad-private-key"
        case keyCurveMismatch = "key-curve-mismatch"
        case offCurve = "off-curve"
        case authenticationFailed = "authentication-failed"
        case badParameter = "bad-parameter"
    }

    /// The class of this error.
    public var errorCode: Code {
        switch self {
        case .badPrivateKey: .badPrivateKey
        case .keyCurveMismatch: .keyCurveMismatch
        case .offCurve: .offCurve
        case .authenticationFailed: .authenticationFailed
        case .badParameter: .badParameter
        }
    }

    /// The byte offset in the container, when the error is about one of its fields.
    public var offset: Int? {
        switch self {
        case .offCurve(_, let offset): offset
        case .authenticationFailed(let offset): offset
        default: nil
        }
    }

    public var description: String {
        let what =
            switch self {
            case .badPrivateKey(let reason): "private key: \(reason)"
            case .keyCurveMismatch(let key, let expected): "the key is on \(key.name), the container needs \(expected.name)"
            case .offCurve(let field, _): "\(field) is not a point of its curve"
            case .authenticationFailed: "the payload tag does not authenticate under the payload key"
            case .badParameter(let reason): reason
            }
        return offset.map { "\(what) at byte \($0)" } ?? what
    }
}
