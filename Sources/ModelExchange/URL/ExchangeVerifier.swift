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
        let url = try ModelExchangeURL(string: urlString)
        guard case .exchange(let received) = try InboundRequest.resolve(url) else {
            throw .malformed("not an exchange URL (it resolves as a handshake or a cancel)")
        }
        let key = try publicKey.signingKey()
        let now = clock.now()
        // NaN and infinities fail this comparison, so they count as expired, as in FlowDown.
        guard abs(received.request.timestamp - now) < window else {
            throw .expired(timestamp: received.request.timestamp, now: now)
        }
        guard let sig = received.signature else { throw .missingSignature }
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
