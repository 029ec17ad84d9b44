import ATProtoLexicon
import CatbirdMLS
import HTTPExchange
import Synchronization
import WireCore

/// The Catbird MLS v0 API as request → response functions: the nine endpoints at `/xrpc/<nsid>`, every
/// input and parameter validated against the shipped lexicons, Bearer auth (dev tokens or HS256
/// JWTs), per-DID rate limiting and injected faults. State is in memory, and also in SQLite when the
/// service is opened with a database.
public final class MLSService: Sendable {
    /// The configuration it runs with.
    public let config: MLSServiceConfig
    let state: Mutex<MLSState>
    let database: MLSDatabase?
    let auth: MLSAuth
    let limiter: RateLimiter
    let validator = CatbirdLexicons.validator()

    /// A service with `config`, its state in memory only.
    public convenience init(config: MLSServiceConfig = MLSServiceConfig()) {
        self.init(config: config, state: MLSState(), database: nil)
    }

    /// A service with `config` whose state lives in the SQLite file at `databasePath` too: it starts
    /// with everything stored there (a new file starts empty) and stores every change.
    public convenience init(config: MLSServiceConfig = MLSServiceConfig(), databasePath: String) throws {
        let database = try MLSDatabase(path: databasePath)
        self.init(config: config, state: try database.load(), database: database)
    }

    private init(config: MLSServiceConfig, state: MLSState, database: MLSDatabase?) {
        self.config = config
        self.state = Mutex(state)
        self.database = database
        auth = MLSAuth(devTokens: config.devTokens, jwtSecret: config.jwtSecret)
        limiter = RateLimiter(limit: config.rateLimit, window: config.rateWindow)
    }

    var nowMilliseconds: Int64 { Int64((config.clock.now() * 1000).rounded(.down)) }

    /// An HS256 JWT for `did` valid for `seconds`, signed with the configured secret (nil without one).
    public func mintToken(for did: String, validFor seconds: Int64 = 3600) -> String? {
        config.jwtSecret.map { MLSAuth.mintHS256(iss: did, exp: Int64(config.clock.now()) + seconds, secret: $0) }
    }

    /// The answer to one HTTP request.
    public func handle(_ request: APIRequest) -> APIResponse {
        if request.path == "/health" { return json(["status": "ok"]) }
        guard request.path.hasPrefix("/xrpc/") else {
            return XRPCError(status: 404, name: "NotFound", message: "not an XRPC path: \(request.path)").response
        }
        let nsid = String(request.path.dropFirst("/xrpc/".count))
        guard let endpoint = MLSEndpoint.allCases.first(where: { $0.nsid == nsid }) else {
            return XRPCError.methodNotImplemented(nsid).response
        }
        do throws(XRPCError) {
            return json(try answer(request, endpoint))
        } catch {
            return error.response
        }
    }

    private func answer(_ request: APIRequest, _ endpoint: MLSEndpoint) throws(XRPCError) -> JSONValue {
        guard request.method == endpoint.method else {
            throw XRPCError(
                status: 405, name: "InvalidRequest",
                message: "\(endpoint.nsid) is a \(endpoint.isQuery ? "query (GET)" : "procedure (POST)")",
                headers: [("Allow", endpoint.method)])
        }
        try injectFault(endpoint)
        let caller = try auth.caller(authorization: request.header("Authorization"), method: endpoint.nsid, now: config.clock.now())
        if let wait = limiter.admit(caller, now: config.clock.now()) { throw .rateLimitExceeded(retryAfter: wait) }
        if endpoint == .uploadBlob { return try uploadBlob(caller, request) }
        if endpoint.isQuery {
            let items = URLQueryEncoding.decode(request.query)
            if endpoint == .getKeyPackages { try checkDIDs(items) }
            let params = try validated(
                LexiconDecoding.params(items, schema: CatbirdLexicons.catalog.parameters(of: endpoint.nsid), commaJoined: ["dids"]),
                "\(endpoint.nsid)#params")
            switch endpoint {
            case .getConvos: return try getConvos(caller, params)
            case .getMessages: return try getMessages(caller, params)
            default: return try getKeyPackages(caller, params)
            }
        }
        let input = try validated(try jsonBody(request), "\(endpoint.nsid)#input")
        switch endpoint {
        case .createConvo: return try createConvo(caller, input)
        case .addMembers: return try addMembers(caller, input)
        case .leaveConvo: return try leaveConvo(caller, input)
        case .sendMessage: return try sendMessage(caller, input)
        default: return try publishKeyPackage(caller, input)
        }
    }

    /// Counts the call and throws the injected failure, if this call has one.
    private func injectFault(_ endpoint: MLSEndpoint) throws(XRPCError) {
        let call = state.withLock { state in
            state.calls[endpoint.rawValue, default: 0] += 1
            return state.calls[endpoint.rawValue]!
        }
        guard let rule = config.faults.rule(for: endpoint.rawValue, call: call) else { return }
        let status = rule.status
        if status == 429 { throw .rateLimitExceeded(retryAfter: rule.retryAfter) }
        throw XRPCError(
            status: status, name: XRPCErrorResponse.serverErrorNames[status] ?? "InvalidRequest",
            message: "injected fault (call \(call) of \(endpoint.rawValue))")
    }

    /// getKeyPackages' own errors come before the lexicon's: more than 100 DIDs, or one that is not a DID.
    private func checkDIDs(_ items: [QueryItem]) throws(XRPCError) {
        let dids = items.filter { $0.name == "dids" }.flatMap { ($0.value ?? "").split(separator: ",", omittingEmptySubsequences: false) }
        if dids.count > 100 { throw XRPCError(status: 400, name: "TooManyDids", message: "\(dids.count) DIDs, at most 100") }
        if let bad = dids.first(where: { !StringFormat.did.isValid(String($0)) }) {
            throw XRPCError(status: 400, name: "InvalidDid", message: "\"\(bad)\" is not a DID")
        }
    }

    private func jsonBody(_ request: APIRequest) throws(XRPCError) -> JSONValue {
        let type = request.header("Content-Type")?.split(separator: ";").first.map { $0.lowercased() }
        guard type == "application/json" else { throw .invalidRequest("the body must be application/json") }
        do {
            return LexiconDecoding.bytesObjectsAsStrings(try JSONParser.parse(request.body))
        } catch {
            throw .invalidRequest("the body is not JSON: \(error)")
        }
    }

    /// The value with defaults filled in, or 400 `InvalidRequest` naming the first offending field.
    func validated(_ value: JSONValue, _ target: String) throws(XRPCError) -> JSONObject {
        guard let result = try? validator.validate(value, against: target) else { throw .invalidRequest("no lexicon \(target)") }
        if let first = result.errors.first {
            let more = result.errors.count > 1 ? " (and \(result.errors.count - 1) more)" : ""
            throw .invalidRequest("\(first.path.description.isEmpty ? "(body)" : first.path.description): \(first.message)\(more)")
        }
        return result.value.objectValue ?? [:]
    }

    /// Stores `changes` when there is a database; called under the state lock before memory changes,
    /// so a refused write changes nothing and the client gets 500.
    func persist(_ changes: [MLSDatabase.Change], _ state: MLSState) throws(XRPCError) {
        guard let database else { return }
        do {
            try database.write(changes, lastTID: state.lastTID)
        } catch {
            throw XRPCError(status: 500, name: "InternalServerError", message: "the database refused the write: \(error)")
        }
    }

    func json(_ value: JSONValue) -> APIResponse {
        APIResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(JSONWriter.compact(value).utf8))
    }
}
