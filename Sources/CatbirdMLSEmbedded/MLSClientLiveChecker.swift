import CatbirdMLS
import CatbirdMLSClient
import CatbirdMLSService
import ConformanceKit
import Dispatch
import Synchronization
import WireCore

/// The `mls/live-client` checks of `wirecheck run`: WireCheck's own MLS client (`CatbirdMLSClient`) driven
/// against the mock server with injected faults, so that a bug in the client is caught by what users run and
/// not only by its unit tests (issue 36). The waits are recorded instead of slept, and the jitter is fixed at
/// 1, so each expected delay is exact: `retryDelay · 2^(n-1)` for the n-th retry, or the server's
/// `Retry-After` as sent (catbird-mls.md, Decisions).
package final class MLSClientLiveChecker: LiveCheckSession {
    /// The faults the mock injects, per endpoint, counted from its first call.
    package static let faults =
        "getConvos:503x2,getMessages:429x1,sendMessage:400x1,leaveConvo:501x1,publishKeyPackage:503x9,getKeyPackages:429x1/0"
    /// A base delay no `Retry-After` of the mock (1 s) equals, so honouring one is told apart from backing off.
    static let policy = RetryPolicy(maxRetries: 3, retryDelay: 3, maxDelay: 100)
    static let suite = "MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519"

    /// The waits the client asked for, in order.
    final class Waits: Sendable {
        let delays = Mutex<[Double]>([])
    }
    /// The client's own transport, with each request's target kept (the pages it asked for).
    struct RecordingTransport: XRPCTransport {
        final class Targets: Sendable { let all = Mutex<[String]>([]) }
        let targets = Targets()
        let inner = AsyncHTTPClientTransport()

        func send(_ request: XRPCRequest, baseURL: String) async throws -> XRPCResponse {
            targets.all.withLock { $0.append(request.target) }
            return try await inner.send(request, baseURL: baseURL)
        }
    }
    private let waits = Waits()
    private let transport = RecordingTransport()
    private let client: MLSClient
    /// A call that has not returned by then is a failed check (a client looping on a page, say), not a hung run.
    static let callTimeout = 60.0

    package init(baseURL: String, progress: @escaping (String) -> Void = { _ in }) throws(HTTPProbe.Failure) {
        let waits = waits
        client = MLSClient(
            baseURL: baseURL, token: "dev-alice", transport: transport, retry: Self.policy,
            sleep: { delay in waits.delays.withLock { $0.append(delay) } },
            jitter: { 1.0 })
        try super.init(
            baseURL: baseURL, timeout: 10,
            naming: Naming(suite: "mls/live-client", format: "mls-live", specPrefix: "catbird-mls ", rerunCommand: "wirecheck run"),
            progress: progress)
    }

    override package var implementation: String { "WireCheck's MLS client against the mock at \(http.baseURL)" }

    /// The waits recorded since `start`.
    private func waits(since start: Int) -> [Double] { waits.delays.withLock { Array($0.dropFirst(start)) } }

    /// Runs `body` on the concurrency pool and waits for it: the live checks are synchronous.
    private func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let result = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let outcome: Result<T, any Error>
            do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        guard done.wait(timeout: .now() + Self.callTimeout) == .success else {
            throw ClientTimeout(seconds: Self.callTimeout)
        }
        return try result.withLock { $0! }.get()
    }

    /// One call that the mock fails `faults` times with `status` first: the waits it made, and its result or error.
    private func call<T: Sendable>(_ body: @escaping @Sendable (MLSClient) async throws -> T) -> ([Double], Result<T, any Error>) {
        let start = waits.delays.withLock { $0.count }
        let client = client
        let outcome = Result { try blocking { try await body(client) } }
        return (waits(since: start), outcome)
    }

    package func run() -> [CaseResult] {
        check("retries-5xx-with-backoff", spec: ["Decisions"]) {
            let (waited, outcome) = call { try await $0.getConvos() }
            if case .failure(let error) = outcome { return .fail("getConvos after two 503s: \(error)") }
            return waited == [3, 6]
                ? .pass("two 503s, then 200: waited 3 s and 6 s") : .fail("two 503s: waited \(waited), expected [3.0, 6.0]")
        }
        let created = Result {
            try blocking { [client] in try await client.createConvo(CreateConvoInput(cipherSuite: Self.suite)).convo.id }
        }
        let convo = try? created.get()
        check("honours-retry-after", spec: ["5", "Decisions"]) {
            guard let convo else { return .fail("createConvo failed (\(created)), so getMessages cannot be called") }
            let (waited, outcome) = call { try await $0.getMessages(convoId: convo) }
            if case .failure(let error) = outcome { return .fail("getMessages after a 429: \(error)") }
            return waited == [1] ? .pass("429 with Retry-After: 1: waited exactly 1 s") : .fail("429 with Retry-After: 1: waited \(waited)")
        }
        check("honours-retry-after-0", spec: ["5", "Decisions"]) {
            let (waited, outcome) = call { try await $0.getKeyPackages(dids: ["did:plc:wirecheck"]) }
            if case .failure(let error) = outcome { return .fail("getKeyPackages after a 429: \(error)") }
            return waited == [0]
                ? .pass("429 with Retry-After: 0: retried at once") : .fail("429 with Retry-After: 0: waited \(waited), expected [0.0]")
        }
        check("does-not-retry-4xx", spec: ["Decisions"]) {
            guard let convo else { return .fail("createConvo failed (\(created)), so sendMessage cannot be called") }
            let (waited, outcome) = call { try await $0.sendMessage(SendMessageInput(convoId: convo, ciphertext: "AA==")) }
            guard case .failure(let error as MLSClientError) = outcome, error.errorName == "InvalidRequest" else {
                return .fail("a 400 InvalidRequest: \(outcome)")
            }
            return waited.isEmpty ? .pass("400: reported, not retried") : .fail("400 was retried after \(waited)")
        }
        check("does-not-retry-501", spec: ["Decisions"]) {
            guard let convo else { return .fail("createConvo failed (\(created)), so leaveConvo cannot be called") }
            let (waited, outcome) = call { try await $0.leaveConvo(LeaveConvoInput(convoId: convo)) }
            guard case .failure(let error as MLSClientError) = outcome, error.errorName == "MethodNotImplemented" else {
                return .fail("a 501 MethodNotImplemented: \(outcome)")
            }
            return waited.isEmpty ? .pass("501: reported, not retried") : .fail("501 was retried after \(waited)")
        }
        check("gives-up-after-max-retries", spec: ["Decisions"]) {
            let (waited, outcome) = call {
                try await $0.publishKeyPackage(PublishKeyPackageInput(keyPackage: "AAAA", cipherSuite: Self.suite))
            }
            guard case .failure(let error as MLSClientError) = outcome, case .xrpc(503, "NotEnoughResources", _) = error else {
                return .fail("nine 503s, three retries allowed: \(outcome), expected the last 503")
            }
            return waited == [3, 6, 12]
                ? .pass("four attempts, waits 3, 6, 12 s, then the 503") : .fail("waited \(waited), expected [3, 6, 12]")
        }
        check("follows-cursors", spec: ["2.4"]) {
            // A conversation of its own: only the seven messages sent here are in it.
            let sent = try blocking { [client] in
                let convo = try await client.createConvo(CreateConvoInput(cipherSuite: Self.suite)).convo.id
                var ids: [String] = []
                for i in 0..<7 {
                    let text = Base64.encode(Array("m\(i)".utf8), variant: .init(.std, .padded, .strict))
                    ids.append(try await client.sendMessage(SendMessageInput(convoId: convo, ciphertext: text)).message.id)
                }
                return (convo, ids)
            }
            let asked = transport.targets.all.withLock { $0.count }
            let read = try blocking { [client] in
                var ids: [String] = []
                for try await message in client.allMessages(convoId: sent.0, pageSize: 3) { ids.append(message.id) }
                return ids
            }
            guard read == sent.1 else {
                return .fail("sent \(sent.1.count) messages \(sent.1), read \(read.count) \(read) in pages of 3")
            }
            // The mock's default page is 50: only requests that carry limit=3 show that pages were asked for.
            let pages = transport.targets.all.withLock { Array($0.dropFirst(asked)) }.filter { $0.contains("getMessages") }
            guard pages.count >= 3, pages.allSatisfy({ $0.contains("limit=3") }), pages.dropFirst().allSatisfy({ $0.contains("cursor=") })
            else { return .fail("7 messages in pages of 3 were asked for as \(pages)") }
            return .pass("7 messages read in \(pages.count) pages of 3, each once, in order, each after the first with its cursor")
        }
        return results
    }
}

/// A client call that did not return within `MLSClientLiveChecker.callTimeout`.
struct ClientTimeout: Error, CustomStringConvertible {
    let seconds: Double
    var description: String { "no answer from the client after \(Int(seconds)) s" }
}
