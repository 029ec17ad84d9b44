import WireCore

/// Every way a FlowDown Model Exchange message can be refused; `code` is the error class of the
/// `flowdown/*` vectors (FlowDown spec sections 2, 6, 8, 9).
public enum ModelExchangeError: CodedError, Equatable, Sendable, CustomStringConvertible {
    /// Not a model-exchange URL, or a required item is missing (section 8: FlowDown ignores it silently).
    case malformed(String)
    /// A capability outside `audio`, `visual`, `tool`, `developerRole` (section 7).
    case unknownCapability(String)
    /// `abs(timestamp - now) >= 300` seconds (section 6).
    case expired(timestamp: Double, now: Double)
    /// An exchange URL without `sig` (section 6, step 3).
    case missingSignature
    /// The Ed25519 signature does not verify over SHA-256 of the canonical string (section 6, step 5).
    case badSignature(String)
    /// `pk` is not strict Base64 of 64 bytes, or a half is not a valid key (section 2).
    case badPublicKey(String)
    /// The payload, `sealed` or `ephemeralPublicKey` is not strict Base64 (section 9, receiver steps 1 and 3).
    case payloadNotBase64(String)
    /// The decoded payload is not a JSON object with three string fields (section 9, receiver step 2).
    case payloadNotJSON(String)
    /// The ephemeral X25519 key is not 32 bytes, or gives no usable shared secret.
    case badEphemeralKey(String)
    /// The sealed box is shorter than nonce + tag, 28 bytes (section 9, receiver step 3).
    case boxTooShort(Int)
    /// ChaCha20-Poly1305 authentication failed (section 9, receiver step 6).
    case authenticationFailed
    /// The payload's `session` is not the session the requester expects (section 5, completed).
    case sessionMismatch(expected: String, got: String)
    /// The decrypted plaintext is not a property list of models (section 10).
    case malformedPlist(String)
    /// A callback scheme that is not `ALPHA *(ALPHA / DIGIT / "+" / "-" / ".")`: FlowDown traps
    /// building a URL with it (FINDINGS.md F3), a conforming sender refuses it (section 4).
    case badCallbackScheme(String)

    /// The error classes of this module (the vectors' `error` strings).
    public enum Code: String, CaseIterable, Sendable {
        case malformed
        case unknownCapability = "unknown-capability"
        case expired
        case missingSignature = "missing-signature"
        case badSignature = "bad-signature"
        case badPublicKey = "bad-public-key"
        case payloadNotBase64 = "payload-not-base64"
        case payloadNotJson = "payload-not-json"
        case badEphemeralKey = "bad-ephemeral-key"
        case boxTooShort = "box-too-short"
        case authenticationFailed = "authentication-failed"
        case sessionMismatch = "session-mismatch"
        case malformedPlist = "malformed-plist"
        case badCallbackScheme = "bad-callback-scheme"
    }

    /// The class of this error.
    public var errorCode: Code {
        switch self {
        case .malformed: .malformed
        case .unknownCapability: .unknownCapability
        case .expired: .expired
        case .missingSignature: .missingSignature
        case .badSignature: .badSignature
        case .badPublicKey: .badPublicKey
        case .payloadNotBase64: .payloadNotBase64
        case .payloadNotJSON: .payloadNotJson
        case .badEphemeralKey: .badEphemeralKey
        case .boxTooShort: .boxTooShort
        case .authenticationFailed: .authenticationFailed
        case .sessionMismatch: .sessionMismatch
        case .malformedPlist: .malformedPlist
        case .badCallbackScheme: .badCallbackScheme
        }
    }

    public var description: String {
        switch self {
        case .malformed(let why): "malformed: \(why)"
        case .unknownCapability(let value): "unknown capability \(value.debugDescription)"
        case .expired(let timestamp, let now):
            "expired: timestamp \(Self.seconds(timestamp)) is \(Self.seconds(abs(timestamp - now))) s from now (\(Self.seconds(now))); "
                + "the window is < 300 s"
        case .missingSignature: "missing signature: the exchange URL has no sig item"
        case .badSignature(let why): "bad signature: \(why)"
        case .badPublicKey(let why): "bad public key: \(why)"
        case .payloadNotBase64(let field): "\(field) is not strict Base64"
        case .payloadNotJSON(let why): "payload is not the JSON wrapper: \(why)"
        case .badEphemeralKey(let why): "bad ephemeral key: \(why)"
        case .boxTooShort(let count): "sealed box is \(count) bytes; it needs at least 28 (nonce 12 + tag 16)"
        case .authenticationFailed: "ChaCha20-Poly1305 authentication failed"
        case .sessionMismatch(let expected, let got): "payload session \(got.debugDescription) is not \(expected.debugDescription)"
        case .malformedPlist(let why): "plaintext is not a models plist: \(why)"
        case .badCallbackScheme(let scheme):
            "callback scheme \(scheme.debugDescription) is not ALPHA *(ALPHA / DIGIT / \"+\" / \"-\" / \".\") (FlowDown traps on it)"
        }
    }

    /// Unix seconds as written in a URL: an integer when the value is whole, not `1795351977.0`.
    static func seconds(_ value: Double) -> String {
        if let whole = Int64(exactly: value) { return String(whole) }
        return String(value)
    }
}
