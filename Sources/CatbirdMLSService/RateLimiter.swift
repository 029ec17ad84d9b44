import Synchronization

/// A per-DID fixed-window limit: at most `limit` requests in each `window` seconds; past it, a 429
/// with `Retry-After` in whole seconds until the window ends (catbird-mls.md section 5).
final class RateLimiter: Sendable {
    let limit: Int
    let window: Double
    private let counts = Mutex<[String: (start: Double, count: Int)]>([:])

    init(limit: Int, window: Double) {
        self.limit = limit
        self.window = window
    }

    /// Nil when the request may proceed, else the seconds to wait.
    func admit(_ did: String, now: Double) -> Int? {
        counts.withLock { counts in
            var entry = counts[did] ?? (now, 0)
            if now - entry.start >= window { entry = (now, 0) }
            entry.count += 1
            counts[did] = entry
            guard entry.count > limit else { return nil }
            return max(1, Int((entry.start + window - now).rounded(.up)))
        }
    }
}
