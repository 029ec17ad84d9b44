import ArkavoWire
import Crypto
import NanoTDF
import WireCore

/// One client's WebSocket session with the mock Arkavo KAS (NanoTDF spec section 13), frame by frame: 0x01 agrees a
/// session key (the reply carries the server's ephemeral key and a 32-byte salt), 0x02 asks for the KAS key, 0x03
/// sends a NanoTDF header to rewrap, answered 0x04 with the header's ephemeral key, a nonce and the wrapped key and tag
/// (94 bytes with the type byte), or the ephemeral key alone (DENY) when the policy binding does not verify. The policy
/// is held to arkavo-rs's rules (`ArkavoRsPolicyRules`). What the protocol refuses is answered with a 0xFF JSON error,
/// as arkavo-rs does, never by closing; where arkavo-rs answers nothing (its `return None`), so does the mock, so that
/// a client meets the silence it must time out on.
public struct ArkavoKASSession: Sendable {
    let kasKey: PrivateKey
    let era: ArkavoKASEra
    let faults: Set<KASFault>
    /// The binding and policy checks, shared with the OpenTDF rewrap.
    let release: NanoTDFKeyRelease
    /// After 0x01: the session's ECDH secret and the salt sent with the server's key.
    private var session: (secret: [UInt8], salt: [UInt8])?

    /// A session with the KAS key `kasKey`, rewrapping as `era` does, misbehaving as `faults` say.
    public init(kasKey: PrivateKey, era: ArkavoKASEra, faults: Set<KASFault> = [], deniedPolicyText: String? = nil) {
        self.kasKey = kasKey
        self.era = era
        self.faults = faults
        self.release = NanoTDFKeyRelease(kasKey: kasKey, faults: faults, deniedPolicyText: deniedPolicyText.map { Array($0.utf8) })
    }

    /// The answer to one binary frame from the client, or nil when the protocol sends none.
    public mutating func answer(to frame: [UInt8]) -> [UInt8]? {
        let decoded: Frame
        do throws(ArkavoError) {
            decoded = try Frame.decode(frame)
        } catch {
            // A rewrap is checked for a session before its header is parsed, and a header that does not parse is
            // named so, with arkavo-rs's texts.
            if frame.first == FrameType.rewrap.rawValue {
                return Self.error("invalid_format", session == nil ? Self.noSession : "Invalid NanoTDF header: \(error)")
            }
            // arkavo-rs checks a 0x01 key's size (invalid_format), then reads it as a point: a failure is a crypto_error.
            if frame.first == FrameType.publicKey.rawValue, case .badPoint = error {
                return Self.error("crypto_error", "\(Self.notAPoint): \(error)")
            }
            return Self.error("invalid_format", "\(error)")
        }
        switch decoded {
        case .clientPublicKey(let clientKey):
            // arkavo-rs keeps the first session and ignores a second key exchange.
            if session != nil { return nil }
            let ephemeral = PrivateKey.generate(.secp256r1)
            guard let secret = KeyAgreement.sharedSecret(ephemeral, peer: clientKey) else {
                return Self.error("crypto_error", "\(Self.notAPoint): the x coordinate has no point on the curve")
            }
            let salt = Array(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
            session = (secret, salt)
            return [FrameType.publicKey.rawValue] + ephemeral.publicKey + salt
        case .kasPublicKeyRequest:
            return [FrameType.kasPublicKey.rawValue] + kasKey.publicKey
        case .rewrap(let header, _, _):
            return rewrap(header)
        case .nats, .event, .eventNanoTDF, .eventOpaque, .cbor, .bareNanoTDF:
            // The mock has no NATS and no event store: what arkavo-rs publishes or stores is taken and not answered.
            return nil
        case .serverPublicKey, .kasPublicKey, .rewrappedKey, .rewrapDenied, .error:
            return Self.error("invalid_format", "a server-to-client message (type 0x\(Hex.encode([frame[0]]))) sent to the server")
        }
    }

    private func rewrap(_ header: Header) -> [UInt8]? {
        guard let session else { return Self.error("invalid_format", Self.noSession) }
        if let type = faults.lazy.compactMap(\.errorType).first { return Self.error(type, "fault injection (--fault): every rewrap fails") }
        switch ArkavoRsPolicyRules.check(header.policy) {
        case .pass: break
        case .refuse(let type, let message): return Self.error(type, message)
        case .silence: return nil
        }
        let released: (payloadKey: [UInt8], kasSecret: [UInt8], binding: BindingVariant?)
        switch release.release(header) {
        case .success(let keys): released = keys
        case .failure(.wrongCurve(let curve)):
            return Self.error("crypto_error", "the KAS key is P-256; the NanoTDF's ephemeral key is \(curve)")
        // arkavo-rs logs a header ephemeral key that is not a point and answers nothing.
        case .failure(.badEphemeralKey): return nil
        case .failure(.bindingMismatch): return [FrameType.rewrappedKey.rawValue] + header.ephemeralPublicKey
        case .failure(.policyDenied): return Self.error("policy_denied", "the policy names what this KAS is configured to refuse")
        }
        let key = era.wrappingKey(sessionSecret: session.secret, sessionSalt: session.salt, version: header.version)
        let nonce = AES.GCM.Nonce()
        guard
            let sealed = try? AES.GCM.seal(
                era.wrapped(kasSecret: released.kasSecret, version: header.version), using: SymmetricKey(data: key), nonce: nonce)
        else { return Self.error("server_error", "sealing the rewrapped key failed") }
        let rewrapped =
            [FrameType.rewrappedKey.rawValue] + header.ephemeralPublicKey + Array(nonce) + Array(sealed.ciphertext) + Array(sealed.tag)
        // The Arkavo app's `handleRewrappedKeyMessage` expects 93 bytes: a server one byte short, for its tests.
        return faults.contains(.shortRewrap) ? Array(rewrapped.dropLast()) : rewrapped
    }

    /// arkavo-rs's answer to a rewrap before the key exchange.
    static let noSession = "Session not established - perform key agreement first"
    /// How arkavo-rs's answer to a 0x01 key that is not a point begins.
    static let notAPoint = "Invalid P-256 public key"

    static func error(_ type: String, _ message: String) -> [UInt8] {
        [FrameType.error.rawValue] + ErrorMessage(errorType: type, message: message).body
    }
}
