import CdevAuth
import Foundation
import WireCore

/// `wirecheck check cdev`: probes a running cdev server (the real one or the mock) over HTTP
/// and reports every check as a case (reports.md). Weaknesses the spec lists as real behaviour
/// are reported as findings with severity `warning`; they do not fail the run.
public final class CdevLiveChecker {
    public struct Options: Sendable {
        public var baseURL: String
        /// A pairing token to start from (otherwise the one of `/api/pair/info`).
        public var pairingToken: String?
        /// nil: detect (head's pair info carries `auth_required`).
        public var profile: CdevProfile?
        /// The server's secret file, when known: lets the checker mint expired and other
        /// tokens a client could not make.
        public var identity: SecretFile?
        /// `POST /api/pair/refresh` ends every session of the server; only with consent.
        public var allowRevokeAll: Bool
        public var timeout: Double
        /// The suite (and case-id prefix) of the results: `cdev/live`, or one per profile in `wirecheck run`.
        public var suite = "cdev/live"

        public init(baseURL: String, pairingToken: String? = nil, profile: CdevProfile? = nil, identity: SecretFile? = nil,
                    allowRevokeAll: Bool = false, timeout: Double = 10) {
            self.baseURL = baseURL
            self.pairingToken = pairingToken
            self.profile = profile
            self.identity = identity
            self.allowRevokeAll = allowRevokeAll
            self.timeout = timeout
        }
    }

    enum Outcome {
        case pass(String)
        case fail(String)
        case skip(String)
        /// The server behaves as the spec says cdev does, and that behaviour is a weakness.
        case finding(String)
    }

    let options: Options
    public let http: HTTPProbe
    public internal(set) var results: [CaseResult] = []
    public internal(set) var profile: CdevProfile = .baseline
    var lastReproducer = ""
    let progress: (String) -> Void

    public init(options: Options, progress: @escaping (String) -> Void = { _ in }) throws(HTTPProbe.Failure) {
        self.options = options
        http = try HTTPProbe(baseURL: options.baseURL, timeout: options.timeout)
        self.progress = progress
    }

    public var implementation: String { "cdev server at \(http.baseURL) (profile \(profile.rawValue))" }

    // MARK: Requests, each remembered as the reproducer of the check that makes it

    func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws(HTTPProbe.Failure) -> HTTPProbe.Reply {
        lastReproducer = CurlLine.make(baseURL: http.baseURL, method: method, target: target, headers: headers, body: body)
        return try http.send(method, target, headers: headers, body: body)
    }

    func postJSON(_ target: String, _ object: JSONValue) throws(HTTPProbe.Failure) -> HTTPProbe.Reply {
        try request("POST", target, headers: [("Content-Type", "application/json")], body: Array(JSONWriter.compact(object).utf8))
    }

    func upgrade(_ target: String = "/ws", headers: [(String, String)] = []) throws(HTTPProbe.Failure) -> WebSocketProbe {
        let all = [("Connection", "Upgrade"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13"), ("Sec-WebSocket-Key", WebSocketProbe.key)] + headers
        lastReproducer = CurlLine.make(baseURL: http.baseURL, method: "GET", target: target, headers: all, body: nil)
        return try WebSocketProbe(http, target: target, headers: headers)
    }

    static func bearer(_ token: String) -> [(String, String)] { [("Authorization", "Bearer \(token)")] }

    // MARK: Running checks

    func check(_ name: String, spec: [String], _ body: () throws -> Outcome) {
        progress(name)
        lastReproducer = ""
        let started = Date()
        let outcome: Outcome
        do { outcome = try body() } catch { outcome = .fail("\(error)") }
        let (status, reason, severity): (CaseStatus, String, String?) =
            switch outcome {
            case .pass(let why): (.pass, why, nil)
            case .fail(let why): (.fail, why, nil)
            case .skip(let why): (.skip, why, nil)
            case .finding(let why): (.pass, why, "warning")
            }
        results.append(CaseResult(
            suite: options.suite, format: "cdev-live", id: "\(options.suite)/\(name)", tcId: results.count + 1, flags: severity == nil ? [] : ["Finding"],
            spec: spec.map { "cdev \($0)" }, expectedResult: "valid", expectedError: nil, actualResult: status == .skip ? nil : (status == .fail ? "invalid" : "valid"),
            actualError: nil, actualOutput: reason, status: status, reason: reason, durationMs: Date().timeIntervalSince(started) * 1000,
            implementation: implementation, vectorsVersion: Harness.vectorsVersion,
            reproducer: lastReproducer.isEmpty ? "wirecheck check cdev --url \(http.baseURL) --only \(name)" : lastReproducer, stderr: "",
            severity: severity))
    }

    /// Expects `reply` to be cdev's JSON error of that status and message.
    static func expectError(_ reply: HTTPProbe.Reply, _ status: Int, _ message: String) -> Outcome {
        let expected = JSONWriter.compact(["error": .string(message)]) + "\n"
        guard reply.status == status else { return .fail("status \(reply.status), expected \(status); body \(reply.text.debugDescription)") }
        guard reply.header("Content-Type") == "application/json" else { return .fail("Content-Type \(reply.header("Content-Type") ?? "none"), expected application/json") }
        guard reply.text == expected else { return .fail("body \(reply.text.debugDescription), expected \(expected.debugDescription)") }
        return .pass("\(status) \(expected.dropLast())")
    }

    /// Expects Go's `http.Error` plain text.
    static func expectText(_ reply: HTTPProbe.Reply, _ status: Int, _ message: String) -> Outcome {
        guard reply.status == status else { return .fail("status \(reply.status), expected \(status); body \(reply.text.debugDescription)") }
        guard reply.header("Content-Type") == "text/plain; charset=utf-8" else {
            return .fail("Content-Type \(reply.header("Content-Type") ?? "none"), expected text/plain; charset=utf-8")
        }
        guard reply.text == message + "\n" else { return .fail("body \(reply.text.debugDescription), expected \((message + "\n").debugDescription)") }
        return .pass("\(status) \(message.debugDescription) as plain text")
    }
}
