import CdevAuth
import Foundation
import HTTPExchange

/// How the mock cdev server behaves (cdev spec section 6, with the switches of the decisions).
public struct CdevServiceConfig: Sendable {
    /// baseline (e761846) or head.
    public var profile: CdevProfile
    /// `security.require_auth`: tokens in pair info and QR, the `/ws` token check (and, in head,
    /// the Bearer middleware). Baseline's default is false, head's true.
    public var requireAuth: Bool
    public var host: String
    /// The port to bind (0: any free one).
    public var port: Int
    /// The agent session UUID of the QR (`session`).
    public var sessionId: String
    /// The root `/api/file` reads from; its base name is `repo`.
    public var repositoryRoot: String
    /// The offset RFC 3339 timestamps are written in (cdev uses the server's local zone).
    public var utcOffsetSeconds: Int
    /// Heartbeat period on `/ws` (30 s in cdev; shorter in tests).
    public var heartbeatInterval: Duration
    /// `security.allowed_origins` and `security.bind_localhost_only` (the WebSocket origin policy).
    public var allowedOrigins: [String]
    /// Whether only loopback may connect, as cdev's default.
    public var bindLocalhostOnly: Bool
    /// Head: `security.require_pairing_approval` (the 202 flow).
    public var pairingApproval: Bool
    /// Failures to inject, by path (`--faults`); none by default.
    public var faults = FaultPlan()
    /// HEAD's `security.rate_limit`: requests per client IP per minute; nil (cdev's default) for no limit.
    public var rateLimitPerMinute: Int?
    /// HEAD's `security.require_secure_transport`: with `bindLocalhostOnly` off, a request from another machine is
    /// refused 426 (the mock has no TLS and trusts no proxy, so every one is). Off by default, as in cdev.
    public var requireSecureTransport = false

    /// A configuration; the defaults are cdev's.
    public init(
        profile: CdevProfile = .baseline, requireAuth: Bool? = nil, host: String = "127.0.0.1", port: Int = 8766,
        sessionId: String = UUID().uuidString.lowercased(), repositoryRoot: String = FileManager.default.currentDirectoryPath,
        utcOffsetSeconds: Int = TimeZone.current.secondsFromGMT(), heartbeatInterval: Duration = .seconds(30),
        allowedOrigins: [String] = [], bindLocalhostOnly: Bool = true, pairingApproval: Bool = false
    ) {
        self.profile = profile
        self.requireAuth = requireAuth ?? (profile == .head)
        self.host = host
        self.port = port
        self.sessionId = sessionId
        self.repositoryRoot = repositoryRoot
        self.utcOffsetSeconds = utcOffsetSeconds
        self.heartbeatInterval = heartbeatInterval
        self.allowedOrigins = allowedOrigins
        self.bindLocalhostOnly = bindLocalhostOnly
        self.pairingApproval = pairingApproval
    }

    /// The repository folder's name, `repo` in the pairing info.
    public var repoName: String { (repositoryRoot as NSString).lastPathComponent }
    /// The HTTP URL clients use.
    public func httpURL(port: Int) -> String { "http://\(hostForURL):\(port)" }
    /// The WebSocket URL clients use.
    public func wsURL(port: Int) -> String { "ws://\(hostForURL):\(port)/ws" }
    private var hostForURL: String { host.contains(":") ? "[\(host)]" : host }
}
