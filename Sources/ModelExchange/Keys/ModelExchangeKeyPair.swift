import Crypto
import WireCore

/// A requester's key pair: Ed25519 for signing exchange URLs, X25519 for receiving the payload
/// (FlowDown spec section 2). Kept as its 32-byte seed, the persistable form; the description never
/// shows it.
public struct ModelExchangeKeyPair: Sendable, CustomStringConvertible {
    /// The same 32 bytes are the Ed25519 seed and the X25519 scalar (FlowDown's `init(seed:)`).
    public let seed: [UInt8]

    /// The key pair of a 32-byte seed (FlowDown spec section 2).
    public init(seed: [UInt8]) throws(ModelExchangeError) {
        guard seed.count == 32 else { throw .badPublicKey("a key seed is 32 bytes, got \(seed.count)") }
        self.seed = seed
    }

    /// A new pair from a random 32-byte seed (so it can be persisted and rebuilt).
    public init<R: RandomSource>(random: inout R) {
        seed = random.bytes(32)
    }

    // Any 32 bytes are a valid Ed25519 seed and X25519 scalar, so these cannot fail.
    /// The Ed25519 private key (the seed).
    public var signing: Curve25519.Signing.PrivateKey { try! .init(rawRepresentation: seed) }
    /// The X25519 private key (the same 32 bytes as scalar).
    public var agreement: Curve25519.KeyAgreement.PrivateKey { try! .init(rawRepresentation: seed) }

    /// Both public keys, the `pk` of the handshake.
    public var publicKey: ModelExchangePublicKey {
        ModelExchangePublicKey(
            signing: Array(signing.publicKey.rawRepresentation), agreement: Array(agreement.publicKey.rawRepresentation))
    }

    public var description: String { "ModelExchangeKeyPair(pk: \(publicKey.encoded), seed: <redacted>)" }
}
