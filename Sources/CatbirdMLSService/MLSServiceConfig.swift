import HTTPExchange
import WireCore

/// How a mock MLS server runs: where, who may call, how fast, and what to break.
public struct MLSServiceConfig: Sendable {
    /// The address to bind.
    public var host = "127.0.0.1"
    /// The port (0 picks a free one).
    public var port = 8767
    /// Opaque dev tokens and the DID each stands for.
    public var devTokens: [String: String] = MLSServiceConfig.defaultDevTokens
    /// The HS256 secret for JWTs (`iss` = caller DID); nil accepts dev tokens only.
    public var jwtSecret: [UInt8]?
    /// Requests per DID per `rateWindow` seconds.
    public var rateLimit = 1000
    /// The rate-limit window in seconds.
    public var rateWindow = 1.0
    /// Injected failures.
    public var faults = FaultPlan()
    /// The largest blob, in bytes (50 MB, catbird-mls.md section 2.9).
    public var maximumBlobSize = 52_428_800
    /// How long a key package lives without `expiresAt`, in seconds (30 days).
    public var defaultKeyPackageLifetime: Int64 = 30 * 86_400
    /// The longest `expiresAt` may reach, in seconds from now (90 days).
    public var maximumKeyPackageLifetime: Int64 = 90 * 86_400
    /// Unconsumed key packages one DID may hold.
    public var maximumKeyPackagesPerDID = 100
    /// Members a conversation may have.
    public var maximumMembers = 1000
    /// The time source.
    public var clock: any WireClock = SystemClock()

    /// The default configuration: dev tokens for alice, bob, carol and dave, no JWTs, no faults.
    public init() {}

    /// `dev-alice` → `did:plc:alice`, and so on for bob, carol and dave.
    public static let defaultDevTokens: [String: String] = [
        "dev-alice": "did:plc:alice", "dev-bob": "did:plc:bob", "dev-carol": "did:plc:carol", "dev-dave": "did:plc:dave",
    ]
}
