import CdevAuth
import HTTPExchange
import Synchronization
import WireCore

/// Head's pairing approval (cdev spec section 4.3): the first exchange of a pairing token parks
/// it as a request (202); a local operator approves or rejects it; the client's next exchange of
/// the same token then gets the pair (200) or 403. Noncopyable and kept inline by the service, as
/// `PairingCodeBox` is.
struct PairingApprovals: ~Copyable, Sendable {
    enum Decision: Sendable { case pending, approved, rejected }

    struct Request: Sendable {
        var id: String
        var nonce: String
        var expiresAt: Int64
        var decision: Decision
    }

    static let lifetime: Int64 = 300

    // Not private: a private type in a noncopyable struct's Mutex crashes swiftc 6.3.1 outside
    // whole-module builds (FINDINGS.md, D9).
    struct State {
        var byNonce: [String: Request] = [:]
        var random: any RandomSource
    }

    private let state: Mutex<State>

    init(random: any RandomSource) { state = Mutex(State(random: random)) }

    /// The request for this pairing nonce, created pending if new or expired.
    func request(forNonce nonce: String, now: Int64) -> Request {
        state.withLock { state in
            if let existing = state.byNonce[nonce], existing.expiresAt >= now { return existing }
            let id = "pairreq_" + Hex.encode(state.random.bytes(12))
            let request = Request(id: id, nonce: nonce, expiresAt: now + Self.lifetime, decision: .pending)
            state.byNonce[nonce] = request
            return request
        }
    }

    /// Sets the decision of a pending request; false when there is none with that id.
    func decide(id: String, _ decision: Decision, now: Int64) -> Bool {
        state.withLock { state in
            guard
                let nonce = state.byNonce.first(where: { $0.value.id == id && $0.value.expiresAt >= now && $0.value.decision == .pending })?
                    .key
            else { return false }
            state.byNonce[nonce]?.decision = decision
            return true
        }
    }

    func pending(now: Int64) -> [Request] {
        state.withLock { state in state.byNonce.values.filter { $0.decision == .pending && $0.expiresAt >= now }.sorted { $0.id < $1.id } }
    }

    func forget(nonce: String) {
        _ = state.withLock { $0.byNonce.removeValue(forKey: nonce) }
    }
}

extension CdevService {
    /// The 202/403 answer while a valid pairing token awaits or was refused approval; nil lets
    /// the exchange go on (approved, or a token the exchange itself will refuse with 401).
    func approvalGate(pairingToken: String) -> APIResponse? {
        guard let payload = try? tokens.validate(pairingToken), payload.type == TokenType.pairing.rawValue else { return nil }
        let request = approvals.request(forNonce: payload.nonce, now: clock.unixSeconds())
        switch request.decision {
        case .approved:
            approvals.forget(nonce: payload.nonce)
            return nil
        case .rejected:
            return .error(403, "Pairing request rejected")
        case .pending:
            log(.info, "pairing request \(request.id) awaits approval")
            return .json(
                202,
                [
                    "status": "pending_approval", "request_id": .string(request.id),
                    "expires_at": .string(RFC3339.format(unixSeconds: request.expiresAt, offsetSeconds: 0)),
                ])
        }
    }

    /// `/api/auth/pairing/{pending,approve,reject}`: loopback only, 404 when approval is off.
    func approvalEndpoint(_ request: APIRequest) -> APIResponse {
        guard request.fromLoopback else { return .error(403, "Forbidden") }
        guard config.pairingApproval else { return .error(404, "Pairing approval not enabled") }
        let now = clock.unixSeconds()
        switch request.path {
        case "/api/auth/pairing/pending":
            guard request.method == "GET" else { return .methodNotAllowed }
            let list = approvals.pending(now: now).map { item -> JSONValue in
                ["request_id": .string(item.id), "expires_at": .string(RFC3339.format(unixSeconds: item.expiresAt, offsetSeconds: 0))]
            }
            return .json(200, ["requests": .array(list)])
        case "/api/auth/pairing/approve", "/api/auth/pairing/reject":
            guard request.method == "POST" else { return .methodNotAllowed }
            guard case .value(let id) = Self.bodyField(request.body, "request_id") else { return .error(400, "Invalid request body") }
            guard !id.isEmpty else { return .error(400, "request_id is required") }
            let approve = request.path.hasSuffix("/approve")
            guard approvals.decide(id: id, approve ? .approved : .rejected, now: now) else {
                return .error(404, "Pairing request not found")
            }
            return .json(200, ["request_id": .string(id), "status": .string(approve ? "approved" : "rejected")])
        default:
            return .notFound
        }
    }
}
