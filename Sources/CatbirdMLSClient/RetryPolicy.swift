/// When and how long the client waits before trying a request again (catbird-mls.md, Decisions): network
/// errors, 5xx other than 501, and 429 are retried, never another 4xx; the n-th retry waits
/// `retryDelay · 2^(n-1)` capped at `maxDelay`, times a jitter in [0.5, 1], or exactly the server's
/// integer `Retry-After` when it sends one; at most `maxRetries` retries.
public struct RetryPolicy: Sendable, Equatable {
    /// Retries after the first attempt.
    public var maxRetries: Int
    /// The base delay in seconds.
    public var retryDelay: Double
    /// The longest computed delay, in seconds (a `Retry-After` is honoured as sent).
    public var maxDelay: Double

    /// A policy; the defaults are the v0 client's (3 retries, 1 s) with a 30 s cap.
    public init(maxRetries: Int = 3, retryDelay: Double = 1.0, maxDelay: Double = 30) {
        self.maxRetries = maxRetries
        self.retryDelay = retryDelay
        self.maxDelay = maxDelay
    }

    /// The wait before retry `n` (1-based): `Retry-After` when given, else the jittered exponential delay.
    public func delay(beforeRetry n: Int, retryAfter: Int?, jitter: Double) -> Double {
        if let retryAfter, retryAfter >= 0 { return Double(retryAfter) }
        let exponential = retryDelay * Double(1 << min(n - 1, 30))
        return min(exponential, maxDelay) * min(max(jitter, 0.5), 1.0)
    }
}
