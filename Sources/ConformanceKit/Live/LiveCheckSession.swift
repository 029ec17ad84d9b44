import Foundation
import WireCore

/// Probes a running server and turns each check into a report case (reports/README.md): the generic part
/// of a family's live checker. A family subclasses it, adds its checks, and calls `check` for each.
open class LiveCheckSession {
    /// What a check concluded.
    public enum Outcome {
        /// The server behaves as specified.
        case pass(String)
        /// It does not.
        case fail(String)
        /// The check could not be made (and why).
        case skip(String)
        /// The server behaves as the real system does, and that behaviour is a weakness: reported
        /// with severity `warning`, it does not fail the run.
        case finding(String)
    }

    /// Where the results go and how they are named.
    public struct Naming: Sendable {
        /// The suite of the results; also the prefix of every case id.
        public var suite: String
        /// The `format` column of the results, e.g. `cdev-live`.
        public var format: String
        /// Prepended to every spec section, e.g. `cdev `.
        public var specPrefix: String
        /// The command that reruns one check, without its `--only NAME`.
        public var rerunCommand: String

        /// Names for the results of one session.
        public init(suite: String, format: String, specPrefix: String, rerunCommand: String) {
            self.suite = suite
            self.format = format
            self.specPrefix = specPrefix
            self.rerunCommand = rerunCommand
        }
    }

    /// The HTTP client every probe goes through.
    public let http: HTTPProbe
    /// The names of this session's results.
    public let naming: Naming
    /// The results so far, one per check, in order.
    public private(set) var results: [CaseResult] = []
    /// The curl line of the last request, the reproducer of the check that made it.
    public var lastReproducer = ""
    private let progress: (String) -> Void

    /// A session against `baseURL`; `progress` hears the name of each check as it starts.
    public init(baseURL: String, timeout: Double, naming: Naming, progress: @escaping (String) -> Void) throws(HTTPProbe.Failure) {
        http = try HTTPProbe(baseURL: baseURL, timeout: timeout)
        self.naming = naming
        self.progress = progress
    }

    /// How the results name the implementation (a subclass may add what it detected).
    open var implementation: String { "server at \(http.baseURL)" }

    /// Sends a request and remembers it as the reproducer of the current check.
    public func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil
    ) throws(HTTPProbe.Failure) -> HTTPProbe.Reply {
        lastReproducer = CurlLine.make(baseURL: http.baseURL, method: method, target: target, headers: headers, body: body)
        return try http.send(method, target, headers: headers, body: body)
    }

    /// POSTs a compact JSON body.
    public func postJSON(_ target: String, _ object: JSONValue) throws(HTTPProbe.Failure) -> HTTPProbe.Reply {
        try request("POST", target, headers: [("Content-Type", "application/json")], body: Array(JSONWriter.compact(object).utf8))
    }

    /// Opens a WebSocket upgrade and remembers it as the reproducer.
    public func upgrade(_ target: String, headers: [(String, String)] = []) throws(HTTPProbe.Failure) -> WebSocketProbe {
        lastReproducer = CurlLine.make(
            baseURL: http.baseURL, method: "GET", target: target, headers: WebSocketProbe.requestHeaders(headers), body: nil)
        return try WebSocketProbe(http, target: target, headers: headers)
    }

    /// Runs one check and records its case; an error thrown by `body` fails the check.
    public func check(_ name: String, spec: [String], _ body: () throws -> Outcome) {
        progress(name)
        lastReproducer = ""
        let started = Date()
        let outcome: Outcome
        do { outcome = try body() } catch { outcome = .fail("\(error)") }
        let (status, reason, severity): (CaseStatus, String, CaseResult.Severity?) =
            switch outcome {
            case .pass(let why): (.pass, why, nil)
            case .fail(let why): (.fail, why, nil)
            case .skip(let why): (.skip, why, nil)
            case .finding(let why): (.pass, why, .warning)
            }
        results.append(
            CaseResult(
                kind: .live, suite: naming.suite, format: naming.format, id: "\(naming.suite)/\(name)", tcId: results.count + 1,
                flags: severity == nil ? [] : ["Finding"], spec: spec.map { naming.specPrefix + $0 }, expectedResult: .valid,
                expectedError: nil, actualResult: status == .skip ? nil : (status == .fail ? .invalid : .valid), actualError: nil,
                actualOutput: reason, status: status, reason: reason, durationMs: Date().timeIntervalSince(started) * 1000,
                implementation: implementation, vectorsVersion: Harness.vectorsVersion,
                reproducer: lastReproducer.isEmpty ? "\(naming.rerunCommand) --only \(name)" : lastReproducer, stderr: "",
                severity: severity))
    }
}
