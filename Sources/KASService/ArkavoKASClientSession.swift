import ArkavoWire
import Crypto
import NanoTDF

/// The client's side of an Arkavo KAS session (NanoTDF spec section 13): the 0x01 frame with a fresh P-256 key, the
/// session from the server's 0x01 reply, and the payload key from a 0x04 reply, for the era the server runs. The tests
/// drive the mock with it, and a live check of a real KAS can.
public struct ArkavoKASClientSession: Sendable {
    private let key = PrivateKey.generate(.secp256r1)
    private var session: (secret: [UInt8], salt: [UInt8])?

    /// A session not yet agreed.
    public init() {}

    /// The 0x01 frame: the client's compressed public key.
    public var hello: [UInt8] { [FrameType.publicKey.rawValue] + key.publicKey }

    /// Takes the server's 0x01 reply (its key and a 32-byte salt); false when it is not one.
    public mutating func accept(_ reply: [UInt8]) -> Bool {
        guard reply.count == 1 + 33 + 32, reply[0] == FrameType.publicKey.rawValue,
            let secret = KeyAgreement.sharedSecret(key, peer: Array(reply[1..<34]))
        else { return false }
        session = (secret, Array(reply[34...]))
        return true
    }

    /// What a 0x04 reply to a rewrap of `header` gave.
    public enum Outcome: Equatable, Sendable {
        /// The payload key, unwrapped.
        case payloadKey([UInt8])
        /// The 33-byte DENY.
        case denied
        /// Not a 0x04 for this header, or a wrapped key that does not open under `era`: why.
        case unreadable(String)
    }

    /// What trying a 0x04 reply under several eras found.
    public enum Search: Equatable, Sendable {
        /// The first era whose key was accepted, and the key.
        case found(key: [UInt8], era: ArkavoKASEra)
        /// The 33-byte DENY.
        case denied
        /// The wrapping opened under these eras, but no key they gave was accepted.
        case unwrappedOnly([ArkavoKASEra])
        /// No era opens the wrapping.
        case unreadable
    }

    /// `reply` unwrapped under each of `eras` in turn until `accepts` takes the payload key. Eras B and C wrap an L1L
    /// key with the same key and differ in what they wrap, so "it unwraps" does not tell the era: what the key opens does.
    public func search(_ reply: [UInt8], header: Header, eras: [ArkavoKASEra], accepts: ([UInt8]) -> Bool) -> Search {
        var unwrapped: [ArkavoKASEra] = []
        for era in eras {
            switch unwrap(reply, header: header, era: era) {
            case .denied: return .denied
            case .unreadable: continue
            case .payloadKey(let key):
                if accepts(key) { return .found(key: key, era: era) }
                unwrapped.append(era)
            }
        }
        return unwrapped.isEmpty ? .unreadable : .unwrappedOnly(unwrapped)
    }

    /// The payload key from a 0x04 `reply` to a rewrap of `header`, unwrapped as `era` wraps it.
    public func unwrap(_ reply: [UInt8], header: Header, era: ArkavoKASEra) -> Outcome {
        guard let session else { return .unreadable("no session: accept the server's 0x01 first") }
        guard reply.first == FrameType.rewrappedKey.rawValue else { return .unreadable("not a 0x04 frame") }
        let body = Array(reply.dropFirst())
        guard body.count >= 33, Array(body[0..<33]) == header.ephemeralPublicKey else {
            return .unreadable("the reply does not start with the header's ephemeral key")
        }
        if body.count == 33 { return .denied }
        guard body.count == 33 + 12 + 32 + 16 else { return .unreadable("a \(reply.count)-byte 0x04, not 94") }
        let key = era.wrappingKey(sessionSecret: session.secret, sessionSalt: session.salt, version: header.version)
        guard let nonce = try? AES.GCM.Nonce(data: body[33..<45]),
            let box = try? AES.GCM.SealedBox(nonce: nonce, ciphertext: body[45..<77], tag: body[77..<93]),
            let unwrapped = try? AES.GCM.open(box, using: SymmetricKey(data: key))
        else { return .unreadable("the wrapped key does not open under era \(era.rawValue)") }
        return .payloadKey(era.payloadKey(unwrapped: Array(unwrapped), version: header.version))
    }
}
