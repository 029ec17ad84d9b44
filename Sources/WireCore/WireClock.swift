import Foundation

/// The time source every time-dependent check takes, so tests and vectors fix `now`.
public protocol WireClock: Sendable {
    /// Seconds since the Unix epoch.
    func now() -> Double
}

extension WireClock {
    /// Unix seconds truncated toward zero, as `Int(Date().timeIntervalSince1970)` does.
    public func unixSeconds() -> Int64 { Int64(now()) }
}

/// The machine's wall clock.
public struct SystemClock: WireClock {
    public init() {}
    /// Now, Unix seconds.
    public func now() -> Double { Date().timeIntervalSince1970 }
}

/// A clock that always answers the same instant.
public struct FixedClock: WireClock {
    /// The fixed time, Unix seconds.
    public var instant: Double
    /// A clock stopped at `instant`.
    public init(_ instant: Double) { self.instant = instant }
    /// `instant`.
    public func now() -> Double { instant }
}
