/// An exchange request as your code signs or verifies it (FlowDown's `exchange` URL), every member given.
public struct FlowDownExchangeRequest: Equatable, Sendable {
    /// `session`.
    public var session: String
    /// `app_name`.
    public var appName: String
    /// `reason`.
    public var reason: String
    /// `capabilities`, in order, by FlowDown's names (`audio`, `visual`, `tool`, `developerRole`).
    public var capabilities: [String]
    /// `multiple_selection`.
    public var multipleSelection: Bool
    /// `timestamp`, Unix seconds.
    public var timestamp: Double

    /// A request, every member given.
    public init(session: String, appName: String, reason: String, capabilities: [String], multipleSelection: Bool, timestamp: Double) {
        self.session = session
        self.appName = appName
        self.reason = reason
        self.capabilities = capabilities
        self.multipleSelection = multipleSelection
        self.timestamp = timestamp
    }
}

/// The callback FlowDown opens at each stage of the exchange.
public enum FlowDownCallback: Equatable, Sendable {
    /// `verification`: the session and FlowDown's `pk`.
    case verification(session: String, pk: String)
    /// `completed`: the session, the payload's format (`plist`) and the encoded payload.
    case completed(session: String, format: String, payload: String)
    /// `cancelled`, with the session when there is one.
    case cancelled(session: String?)
}

/// One step of a `flowdown.session` scenario.
public enum FlowDownStep: Equatable, Sendable {
    /// FlowDown is opened with `url` at `now` (Unix seconds).
    case open(url: String, now: Int64)
    /// The user confirms `session`.
    case confirm(session: String)
    /// The user dismisses `session`.
    case dismiss(session: String)
}
