import HTTPExchange
import Synchronization

/// `serve cdev --faults`: failures injected by path for client developers' retry tests (`/api/auth/refresh:503x1`,
/// `/ws:503@2`), answered as cdev's Go server answers an error: `http.Error`'s plain text, with `Retry-After` on a 429.
/// Calls are counted per path from the server's start; only the paths the plan names are counted (a client inventing
/// paths does not grow the table).
final class InjectedFaults: Sendable {
    let plan: FaultPlan
    private let calls = Mutex<[String: Int]>([:])

    init(plan: FaultPlan) { self.plan = plan }

    /// The failure of this call of `path`, if the plan has one for it.
    func failure(for path: String) -> APIResponse? {
        guard plan.rules.contains(where: { $0.endpoint == path }) else { return nil }
        let call = calls.withLock { calls in
            calls[path, default: 0] += 1
            return calls[path]!
        }
        guard let rule = plan.rule(for: path, call: call) else { return nil }
        var response = APIResponse.text(rule.status, APIResponse.reasonPhrase(rule.status))
        if rule.status == 429 { response.headers.append(.init(name: "Retry-After", value: String(rule.retryAfter))) }
        return response
    }
}
