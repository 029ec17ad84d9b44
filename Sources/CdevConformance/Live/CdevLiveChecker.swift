import CdevAuth
import ConformanceKit
import Foundation
import WireCore

/// `wirecheck check cdev`: probes a running cdev server (the real one or the mock) over HTTP
/// and reports every check as a case (reports/README.md). Weaknesses the spec lists as real behaviour
/// are reported as findings with severity `warning`; they do not fail the run.
public final class CdevLiveChecker: LiveCheckSession {
    /// What to check and how far the checker may go.
    public struct Options: Sendable {
        /// The server, `http://HOST:PORT`.
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
        /// Seconds to wait for each answer.
        public var timeout: Double
        /// Whether the server requires auth, when known (the embedded mock): a pairing info that says otherwise fails
        /// `pair-info-shape` instead of the gate checks being skipped.
        public var authRequired: Bool?
        /// The server's heartbeat interval (cdev sends one every 30 s): `ws-heartbeat` waits this long
        /// plus `timeout` for one.
        public var heartbeatSeconds = 30.0
        /// The suite (and case-id prefix) of the results: `cdev/live`, or one per profile in `wirecheck run`.
        public var suite = "cdev/live"
        /// A wildcard entry `*.DOMAIN` of the server's `allowed_origins`, when known: checks that a
        /// subdomain is let in and a look-alike host ending in DOMAIN without the dot is not.
        public var wildcardOrigin: String?
        /// Moves the server's clock forward by the given seconds, when the checker runs the server
        /// (the embedded mock): lets the last check see a pairing code expire without waiting 10 minutes.
        public var advanceServerClock: (@Sendable (Double) -> Void)?

        /// Options; revoke-all stays off unless allowed.
        public init(
            baseURL: String, pairingToken: String? = nil, profile: CdevProfile? = nil, identity: SecretFile? = nil,
            allowRevokeAll: Bool = false, timeout: Double = 10
        ) {
            self.baseURL = baseURL
            self.pairingToken = pairingToken
            self.profile = profile
            self.identity = identity
            self.allowRevokeAll = allowRevokeAll
            self.timeout = timeout
        }
    }

    let options: Options
    /// The profile checked (given, or detected from the pairing info).
    public internal(set) var profile: CdevProfile = .baseline

    /// A checker; nothing is sent until `run()`.
    public init(options: Options, progress: @escaping (String) -> Void = { _ in }) throws(HTTPProbe.Failure) {
        self.options = options
        try super.init(
            baseURL: options.baseURL, timeout: options.timeout,
            naming: Naming(
                suite: options.suite, format: "cdev-live", specPrefix: "cdev ",
                rerunCommand: "wirecheck check cdev --url \(options.baseURL)"),
            progress: progress)
    }

    public override var implementation: String { "cdev server at \(http.baseURL) (profile \(profile.rawValue))" }

    /// `/ws`, cdev's only WebSocket endpoint.
    func upgrade(headers: [(String, String)] = []) throws(HTTPProbe.Failure) -> WebSocketProbe {
        try upgrade("/ws", headers: headers)
    }

    static func bearer(_ token: String) -> [(String, String)] { [("Authorization", "Bearer \(token)")] }

    /// Expects `reply` to be cdev's JSON error of that status and message.
    static func expectError(_ reply: HTTPProbe.Reply, _ status: Int, _ message: String) -> Outcome {
        let expected = JSONWriter.compact(["error": .string(message)]) + "\n"
        guard reply.status == status else {
            return .fail("status \(reply.status), expected \(status); body \(reply.text.debugDescription)")
        }
        guard reply.header("Content-Type") == "application/json" else {
            return .fail("Content-Type \(reply.header("Content-Type") ?? "none"), expected application/json")
        }
        guard reply.text == expected else { return .fail("body \(reply.text.debugDescription), expected \(expected.debugDescription)") }
        return .pass("\(status) \(expected.dropLast())")
    }

    /// Expects Go's `http.Error` plain text.
    static func expectText(_ reply: HTTPProbe.Reply, _ status: Int, _ message: String) -> Outcome {
        guard reply.status == status else {
            return .fail("status \(reply.status), expected \(status); body \(reply.text.debugDescription)")
        }
        guard reply.header("Content-Type") == "text/plain; charset=utf-8" else {
            return .fail("Content-Type \(reply.header("Content-Type") ?? "none"), expected text/plain; charset=utf-8")
        }
        guard reply.text == message + "\n" else {
            return .fail("body \(reply.text.debugDescription), expected \((message + "\n").debugDescription)")
        }
        return .pass("\(status) \(message.debugDescription) as plain text")
    }
}
