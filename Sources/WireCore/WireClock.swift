import Foundation
import Synchronization

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

/// A clock a test or a scenario moves by hand (expiry of pairing codes, token lifetimes, windows);
/// safe to share with a service that reads it from other threads.
public final class ManualClock: WireClock, Sendable {
    private let instant: Mutex<Double>
    /// A clock at `instant`, Unix seconds.
    public init(_ instant: Double) { self.instant = Mutex(instant) }
    /// The current instant.
    public func now() -> Double { instant.withLock { $0 } }
    /// Moves the clock forward by `seconds` (backward when negative).
    public func advance(_ seconds: Double) { instant.withLock { $0 += seconds } }
    /// Sets the clock to `instant`.
    public func set(_ instant: Double) { self.instant.withLock { $0 = instant } }
}
