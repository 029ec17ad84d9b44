import HTTPExchange
import NanoTDF
import Synchronization

/// What `wirecheck serve kas` is given.
public struct KASServiceConfig: Sendable {
    /// The address to bind.
    public var host = "127.0.0.1"
    /// The port (0 picks a free one).
    public var port = 8080
    /// The rewrap crypto of the Arkavo WebSocket.
    public var era = ArkavoKASEra.c
    /// Misbehaviours for a client's failure tests (`--fault`).
    public var faults: Set<KASFault> = []
    /// How late `--fault slow` sends each answer.
    public var slowDelay = Duration.seconds(2)
    /// The policy rule (`--deny-policy`): a policy holding this text is refused `policy_denied`.
    public var deniedPolicyText: String?

    /// The defaults: 127.0.0.1:8080, era C (arkavo-rs HEAD).
    public init() {}
}

/// The mock KAS: the Arkavo WebSocket at `/ws` (binary frames of NanoTDF spec section 13, one `ArkavoKASSession` per
/// connection), the OpenTDF KAS over Connect and REST with its discovery and token endpoints (`OpenTDFKAS`), and
/// `GET /healthz`. arkavo-rs takes a token in `X-Auth-Token`; the mock upgrades without one, as a
/// client's CI has no identity provider. A message is at most 16 MiB, arkavo-rs's limit.
public final class KASService: MockService {
    /// The configuration.
    public let config: KASServiceConfig
    /// The KAS's static key pair.
    public let kasKey: PrivateKey
    private let boundPort = Atomic<Int>(0)
    let openTDF: OpenTDFKAS

    /// A service with `kasKey` (from `KASKeyFile` or made for a test).
    public init(config: KASServiceConfig, kasKey: PrivateKey) {
        precondition(kasKey.curve == .secp256r1, "the KAS key is P-256")
        self.config = config
        self.kasKey = kasKey
        self.openTDF = OpenTDFKAS(kasKey: kasKey, faults: config.faults, deniedPolicyText: config.deniedPolicyText)
    }

    /// The address to bind.
    public var host: String { config.host }
    /// The port to bind.
    public var requestedPort: Int { config.port }
    /// The port bound (0 before).
    public var port: Int { boundPort.load(ordering: .relaxed) }

    /// Notes the port bound.
    public func didBind(port: Int) { boundPort.store(port, ordering: .relaxed) }

    /// `GET /healthz` → 200 `ok`; the OpenTDF endpoints (`OpenTDFKAS`); any other path 404.
    public func handle(_ request: APIRequest) -> APIResponse {
        if let answer = openTDF.handle(request, authority: "\(config.host):\(port)") { return answer }
        guard request.path == "/healthz" else { return Self.text(404, "404 page not found") }
        guard request.method == "GET" || request.method == "HEAD" else { return Self.text(405, "Method Not Allowed") }
        return Self.text(200, "ok")
    }

    /// `--fault slow` delays the OpenTDF answers too (not `/healthz`, which a supervisor polls).
    public func delay(for request: APIRequest) -> Duration? {
        config.faults.contains(.slow) && request.path != "/healthz" ? config.slowDelay : nil
    }

    static func text(_ status: Int, _ body: String) -> APIResponse {
        APIResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((body + "\n").utf8))
    }

    /// `/ws`: every upgrade is accepted; each connection gets its own session.
    public var webSocket: WebSocketEndpoint? {
        WebSocketEndpoint(
            path: "/ws", maximumMessageSize: 16 << 20, gate: { _ in nil },
            session: { [kasKey, config] connection in
                var session = ArkavoKASSession(
                    kasKey: kasKey, era: config.era, faults: config.faults, deniedPolicyText: config.deniedPolicyText)
                for try await message in connection.messages {
                    // arkavo-rs reads a JWT from a text message; the mock needs none and leaves text unanswered.
                    guard case .binary(let frame) = message, let answer = session.answer(to: frame) else { continue }
                    if config.faults.contains(.slow) { try await Task.sleep(for: config.slowDelay) }
                    try await connection.send(.binary(answer))
                    if config.faults.contains(.dropAfterKeyExchange), answer.first == 0x01 {
                        try await connection.close(1001, "going away")
                        return
                    }
                }
            })
    }
}
