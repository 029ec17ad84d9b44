import Foundation
import Synchronization

/// The access tokens the mock's client-credentials endpoint has issued, each with its expiry. A token is 32 random bytes
/// in Base64url, opaque to the client as a real identity provider's need not be; tokens that have expired are dropped
/// whenever one is issued, so a long load run does not grow the table without end.
final class KASAccessTokens: Sendable {
    /// How long a token is valid, in seconds (`expires_in`).
    let lifetime: TimeInterval
    private let issued = Mutex<[String: Date]>([:])

    init(lifetime: TimeInterval) { self.lifetime = lifetime }

    /// A fresh token, valid from `now` for `lifetime`.
    func issue(now: Date) -> String {
        let token = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        issued.withLock { table in
            table = table.filter { $0.value > now }
            table[token] = now.addingTimeInterval(lifetime)
        }
        return token
    }

    /// Whether `token` was issued here and has not expired at `now`.
    func isValid(_ token: String, now: Date) -> Bool {
        issued.withLock { table in table[token].map { $0 > now } ?? false }
    }
}
