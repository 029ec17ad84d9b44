import Crypto
import WireCore

/// A requester's key pair: Ed25519 for signing exchange URLs, X25519 for receiving the payload
/// (FlowDown spec section 2). Kept as its 32-byte seed, the persistable form; the description never
/// shows it.
public struct ModelExchangeKeyPair: Sendable, CustomStringConvertible {
    /// The same 32 bytes are the Ed25519 seed and the X25519 scalar (FlowDown's `init(seed:)`).
    public let seed: [UInt8]

    /// Both public keys, the `pk` of the handshake.
    public let publicKey: ModelExchangePublicKey
    private let keys: PrivateKeys

    /// The key pair of a 32-byte seed (FlowDown spec section 2). The keys are built here, once:
    /// each costs a scalar multiplication (swift-crypto derives the public key when it builds a
    /// private one), and building them on every payload open was most of its time above the crypto.
    public init(seed: [UInt8]) throws(ModelExchangeError) {
        guard seed.count == 32 else { throw .badPublicKey("a key seed is 32 bytes, got \(seed.count)") }
        self.seed = seed
        keys = PrivateKeys(seed: seed)
        publicKey = ModelExchangePublicKey(
            signing: Array(keys.signing.publicKey.rawRepresentation), agreement: Array(keys.agreement.publicKey.rawRepresentation))
    }

    /// The Ed25519 private key (the seed).
    public var signing: Curve25519.Signing.PrivateKey { keys.signing }
    /// The X25519 private key (the same 32 bytes as scalar).
    public var agreement: Curve25519.KeyAgreement.PrivateKey { keys.agreement }

    /// swift-crypto's private keys are immutable values that its Linux build does not mark Sendable;
    /// nothing here mutates them after init, so sharing them between threads is safe.
    private final class PrivateKeys: @unchecked Sendable {
        let signing: Curve25519.Signing.PrivateKey
        let agreement: Curve25519.KeyAgreement.PrivateKey

        // Any 32 bytes are a valid Ed25519 seed and X25519 scalar, so these cannot fail.
        init(seed: [UInt8]) {
            signing = try! .init(rawRepresentation: seed)
            agreement = try! .init(rawRepresentation: seed)
        }
    }

    /// A new pair from a random 32-byte seed (so it can be persisted and rebuilt).
    public init<R: RandomSource>(random: inout R) {
        try! self.init(seed: random.bytes(32))
    }

    public var description: String { "ModelExchangeKeyPair(pk: \(publicKey.encoded), seed: <redacted>)" }
}
