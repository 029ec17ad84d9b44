import CdevAuth
import HTTPExchange
import Synchronization
import WireCore

/// The cdev HTTP API (cdev spec section 4) as plain functions from request to response. The mock
/// server, the tests and the fuzzers all go through `handle(_:)`; only the WebSocket upgrade
/// itself lives in the server.
public final class CdevService: Sendable {
    /// The server's configuration.
    public let config: CdevServiceConfig
    /// The server's tokens.
    public let tokens: TokenManager
    let clock: any WireClock
    let startedAt: Double
    /// Where log lines go, if anywhere. Lines never carry a token, secret or MAC (see `CdevServiceTests`).
    let logSink: (@Sendable (LogLevel, String) -> Void)?
    let pairingCode: PairingCodeBox
    let approvals: PairingApprovals
    let faults: InjectedFaults
    let rateLimit: ClientRateLimit?
    /// Head: messages per client IP per minute on `/ws` (600, or `--rate-limit`'s N), past which cdev closes with 1008.
    let webSocketMessageLimit: ClientRateLimit?
    /// Open WebSocket connections, for `/api/status`.
    public let connectedClients = Atomic<Int>(0)
    /// The port actually bound (differs from `config.port` when that is 0).
    private let boundPort: Atomic<Int>

    /// How important a log line is.
    public enum LogLevel: Sendable { case debug, info, warning }

    /// A service; nothing listens until a server runs it.
    public init(
        config: CdevServiceConfig, tokens: TokenManager, clock: any WireClock = SystemClock(), random: any RandomSource = SystemRandom(),
        log: (@Sendable (LogLevel, String) -> Void)? = nil
    ) {
        self.config = config
        self.tokens = tokens
        self.clock = clock
        self.logSink = log
        boundPort = Atomic(config.port)
        startedAt = clock.now()
        pairingCode = PairingCodeBox(random: random)
        approvals = PairingApprovals(random: random)
        faults = InjectedFaults(plan: config.faults)
        rateLimit = config.rateLimitPerMinute.map(ClientRateLimit.init(perMinute:))
        webSocketMessageLimit = config.profile == .head ? ClientRateLimit(perMinute: config.rateLimitPerMinute ?? 600) : nil
    }

    /// The pairing info of this server; with a fresh pairing token when `withToken`.
    public func pairingInfo(withToken: Bool) -> PairingInfo {
        let port = self.port
        var info = PairingInfo(
            ws: config.wsURL(port: port), http: config.httpURL(port: port), session: config.sessionId, repo: config.repoName)
        if withToken {
            let minted = tokens.mint(.pairing)
            info.token = minted.token
            info.tokenExpiresAt = minted.payload.expiresAt
        }
        return info
    }

    /// Routes one request. CORS headers go on every response, as cdev's middleware wraps all.
    public func handle(_ request: APIRequest) -> APIResponse {
        let (refusal, limitHeaders) = rateLimit?.admit(request.clientAddress, now: clock.now()) ?? (nil, [])
        var response = refusal ?? withCORS(faults.failure(for: request.path) ?? route(request))
        response.headers += limitHeaders.map { .init(name: $0.name, value: $0.value) }
        log(.info, Self.logLine(request, response))
        return response
    }

    /// The log line of one request. The query is never logged (it may hold ?token=), nor a path that
    /// carries a token. The path is searched with memchr and memcmp: Foundation's `contains` (through
    /// NSString) and then the standard library's generic one were each a tenth of a request or more in
    /// FuzzCdevAuthBody.
    static func logLine(_ request: APIRequest, _ response: APIResponse) -> String {
        let path = ByteSearch.contains("cdev_", in: request.path) ? "(path with a token, not logged)" : request.path
        return "\(request.method) \(path) \(response.status)"
    }

    /// Sends a line to the log. The line is built only when there is a log: a service made without
    /// one (the fuzz targets, most tests) built and dropped a line for every request.
    func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        logSink?(level, message())
    }

    /// cdev's CORS middleware wraps every handler, refusals included.
    public func withCORS(_ response: APIResponse) -> APIResponse {
        var response = response
        // Room for the three made once, and no array of them to append: two allocations per response less.
        response.headers.reserveCapacity(response.headers.count + 3)
        response.headers.append(.init(name: "Access-Control-Allow-Origin", value: "*"))
        response.headers.append(.init(name: "Access-Control-Allow-Methods", value: "GET, POST, OPTIONS"))
        response.headers.append(
            .init(name: "Access-Control-Allow-Headers", value: config.profile == .head ? "Content-Type, Authorization" : "Content-Type"))
        return response
    }

    private func route(_ request: APIRequest) -> APIResponse {
        if request.method == "OPTIONS" { return APIResponse(status: 200) }
        if let refusal = bearerCheck(request) ?? secureTransportCheck(request) { return refusal }
        let path = request.path
        switch path {
        case "/api/auth/exchange": return post(request, exchange)
        case "/api/auth/refresh": return post(request, refresh)
        case "/api/auth/revoke" where config.profile == .head: return post(request, revoke)
        case "/api/pair/info": return get(request, pairInfo)
        case "/api/pair/qr": return get(request, pairQR)
        case "/api/pair/refresh": return post(request, pairRefresh)
        case "/api/pair/code" where config.profile == .head: return post(request, pairCode)
        case "/pair": return get(request, pairPage)
        case "/api/status": return get(request, status)
        case "/api/file": return get(request, file)
        case "/ws": return webSocketGate(request) ?? .text(400, "Bad Request")
        default: break
        }
        if config.profile == .head, path.hasPrefix("/api/auth/pairing/") { return approvalEndpoint(request) }
        if path.hasPrefix("/api/claude/") { return claude(request) }
        if path.hasPrefix("/api/git/") { return git(request) }
        return .notFound
    }

    private func post(_ request: APIRequest, _ handler: (APIRequest) -> APIResponse) -> APIResponse {
        request.method == "POST" ? handler(request) : .methodNotAllowed
    }

    private func get(_ request: APIRequest, _ handler: (APIRequest) -> APIResponse) -> APIResponse {
        request.method == "GET" ? handler(request) : .methodNotAllowed
    }

    /// Head's Bearer middleware (section 4.3): every path but the exempt ones needs an access or
    /// session token in `Authorization: Bearer `; failure is 401 text, before any handler runs.
    func bearerCheck(_ request: APIRequest) -> APIResponse? {
        guard config.profile == .head, config.requireAuth else { return nil }
        let exempt = [
            "/health", "/pair", "/api/pair/", "/api/auth/exchange", "/api/auth/refresh", "/api/auth/revoke", "/api/auth/pairing/",
            "/api/tasks/webhook",
        ]
        if exempt.contains(where: { request.path.hasPrefix($0) }) { return nil }
        if request.path.hasPrefix("/api/hooks/"), request.fromLoopback { return nil }
        return sessionTokenPayload(request, queryAllowed: false) == nil ? .unauthorized : nil
    }

    /// cdev's secure-transport middleware, after the Bearer check (so a protected path without a token is 401 first):
    /// a plain-text request from another machine, when the configuration asks for TLS, is 426.
    func secureTransportCheck(_ request: APIRequest) -> APIResponse? {
        guard config.profile == .head, config.requireSecureTransport, !config.bindLocalhostOnly, !request.fromLoopback else {
            return nil
        }
        return .text(426, "Upgrade to HTTPS/WSS is required")
    }

    /// The payload of the request's token when it passes: `Authorization: Bearer ` first, then (if
    /// allowed) `?token=`; head accepts only access and session tokens.
    func sessionTokenPayload(_ request: APIRequest, queryAllowed: Bool) -> TokenPayload? {
        var token: String?
        if let header = request.header("Authorization"), header.hasPrefix("Bearer ") { token = String(header.dropFirst(7)) }
        if token == nil, queryAllowed { token = request.queryValue("token") }
        guard let token, !token.isEmpty, let payload = try? tokens.validate(token) else { return nil }
        if config.profile == .head, payload.type != TokenType.access.rawValue, payload.type != TokenType.session.rawValue { return nil }
        return payload
    }

    func now() -> Double { clock.now() }

    /// The server tells the service its port once it listens.
    public func didBind(port: Int) { boundPort.store(port, ordering: .relaxed) }
    /// The bound port (the configured one until the server binds).
    public var port: Int { boundPort.load(ordering: .relaxed) }
    /// `http://host:port` of the bound server.
    public var httpURL: String { config.httpURL(port: port) }
}

extension CdevService {
    /// The service clock, for the WebSocket side of the server.
    public func clockNow() -> Double { clock.now() }

    /// Seconds since the service started, for heartbeats and `/api/status`.
    public func uptimeSeconds() -> Int64 { Int64(clock.now() - startedAt) }
}
