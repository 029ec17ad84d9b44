import HTTPExchange
import Synchronization

/// cdev HEAD's optional HTTP rate limit (`security.rate_limit`, off by default; `serve cdev --rate-limit N`): at most N
/// requests per client IP in any 60 s (a sliding window, no burst allowance), every path included, `/ws` upgrades too.
/// Past it: 429 with `Retry-After: 60` and cdev's JSON; the requests let through carry `X-RateLimit-Limit` and
/// `X-RateLimit-Remaining`. It is the only throttle cdev has on the six-digit pairing code and the auth endpoints. Head's
/// `/ws` counts messages with another one (600 a minute unless `--rate-limit` says otherwise, as cdev does).
final class ClientRateLimit: Sendable {
    let perMinute: Int
    /// By client address, the times (Unix seconds) of its requests in the last 60 s, oldest first.
    private let recent = Mutex<Window>(Window())

    struct Window {
        var times: [String: [Double]] = [:]
        /// The number of clients at which those silent for 60 s are dropped: twice the number left by the last drop,
        /// so that the table holds the clients of the last minute or so, at a constant cost per request.
        var sweepAt = 1024
    }

    init(perMinute: Int) { self.perMinute = perMinute }

    /// The clients the table holds now.
    var clientCount: Int { recent.withLock { $0.times.count } }

    /// The refusal for a request of `client` at `now`, or nil and the headers to add to its answer.
    func admit(_ client: String, now: Double) -> (refusal: APIResponse?, headers: [(name: String, value: String)]) {
        let remaining = recent.withLock { window -> Int? in
            if window.times.count >= window.sweepAt {
                window.times = window.times.filter { $0.value.last.map { $0 > now - 60 } ?? false }
                window.sweepAt = max(1024, 2 * window.times.count)
            }
            var times = window.times.removeValue(forKey: client) ?? []
            times.removeFirst(times.prefix { $0 <= now - 60 }.count)
            defer { window.times[client] = times }
            guard times.count < perMinute else { return nil }
            times.append(now)
            return perMinute - times.count
        }
        guard let remaining else { return (Self.refusal, []) }
        return (nil, [("X-RateLimit-Limit", String(perMinute)), ("X-RateLimit-Remaining", String(remaining))])
    }

    /// cdev's answer past the limit (before its CORS middleware, so without CORS headers).
    static let refusal = APIResponse(
        status: 429, headers: [("Content-Type", "application/json"), ("Retry-After", "60")],
        body: Array(#"{"error":"rate limit exceeded","message":"Too many requests. Please wait before trying again."}"#.utf8) + [0x0A])
}
