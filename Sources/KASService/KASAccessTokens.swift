import Crypto
import Foundation
import WireCore

/// The access tokens of the mock's client-credentials endpoint, stateless so that a client asking for tokens in a loop
/// costs no memory: a token is its expiry (8 bytes, big-endian seconds since 1970) and the first 16 bytes of its
/// HMAC-SHA256 under a key made when the server starts, in Base64url. A token from another run does not verify.
struct KASAccessTokens: Sendable {
    /// How long a token is valid, in seconds (`expires_in`).
    let lifetime: TimeInterval
    private let key = SymmetricKey(size: .bits256)

    init(lifetime: TimeInterval) { self.lifetime = lifetime }

    /// A fresh token, valid from `now` for `lifetime`.
    func issue(now: Date) -> String {
        let expiry = UInt64(max(0, now.addingTimeInterval(lifetime).timeIntervalSince1970))
        let body = (0..<8).map { UInt8(truncatingIfNeeded: expiry >> (56 - 8 * $0)) }
        let mac = Array(HMAC<SHA256>.authenticationCode(for: body, using: key)).prefix(16)
        return Base64.encode(body + mac, variant: .goRawURL)
    }

    /// Whether `token` was issued by this server and has not expired at `now`.
    func isValid(_ token: String, now: Date) -> Bool {
        guard token.count == 32,
            let bytes = try? Base64.decode(token, variant: .goRawURL), bytes.count == 24
        else { return false }
        let body = Array(bytes.prefix(8))
        let expected = Array(HMAC<SHA256>.authenticationCode(for: body, using: key)).prefix(16)
        // Constant time: every byte is compared whatever the first difference.
        guard zip(expected, bytes.suffix(16)).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0 else { return false }
        let expiry = body.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Double(expiry) > now.timeIntervalSince1970
    }
}
