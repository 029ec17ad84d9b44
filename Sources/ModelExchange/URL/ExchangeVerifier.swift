import Crypto
import WireCore

/// FlowDown's checks of an exchange URL against the key from the handshake, in its order
/// (FlowDown spec section 6, "FlowDown's verification"). The session lookup is the caller's.
public enum ExchangeVerifier {
    /// The strict window: accepted iff `abs(timestamp - now) < 300` seconds.
    public static let window: Double = 300

    /// FlowDown's checks of a received exchange URL against the handshake's `pk` (FlowDown spec section 6).
    public static func verify(_ urlString: String, publicKey: ModelExchangePublicKey, clock: some WireClock)
        throws(ModelExchangeError) -> ReceivedExchange
    {
        try verify(exchange(in: urlString), publicKey: publicKey, clock: clock)
    }

    /// The first check: the URL parses and resolves as an exchange (`malformed`, `unknown-capability`).
    /// It comes before the key, which FlowDown parsed at the handshake.
    public static func exchange(in urlString: String) throws(ModelExchangeError) -> ReceivedExchange {
        guard case .exchange(let received) = try InboundRequest.resolve(try ModelExchangeURL(string: urlString)) else {
            throw .malformed("not an exchange URL (it resolves as a handshake or a cancel)")
        }
        return received
    }

    /// The checks after parsing: key, window, `sig` present, signature over the canonical string.
    public static func verify(_ received: ReceivedExchange, publicKey: ModelExchangePublicKey, clock: some WireClock)
        throws(ModelExchangeError) -> ReceivedExchange
    {
        let key = try publicKey.signingKey()
        let now = clock.now()
        // NaN and infinities fail this comparison, so they count as expired, as in FlowDown.
        guard abs(received.request.timestamp - now) < window else {
            throw .expired(timestamp: received.request.timestamp, now: now)
        }
        guard let sig = received.signature else { throw .missingSignature }
        // Foundation's decoder (FlowDown's) also takes non-zero trailing bits and extra '='; they
        // decode to the same 64 bytes, so strictness refuses no signature FlowDown would accept
        // from a conforming sender (the vectors mark those spellings acceptable).
        guard let signature = try? Base64.decode(sig, variant: .foundation) else {
            throw .badSignature("sig is not strict standard Base64")
        }
        let digest = Array(SHA256.hash(data: Array(received.canonical.utf8)))
        guard key.isValidSignature(signature, for: digest) else {
            throw .badSignature("Ed25519 verification failed over SHA-256 of \(received.canonical.debugDescription)")
        }
        return received
    }
}
