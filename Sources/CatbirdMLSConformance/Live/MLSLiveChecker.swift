import ATProtoLexicon
import CatbirdMLS
import ConformanceKit
import Foundation
import WireCore

/// `wirecheck check mls`: probes a running Catbird MLS server (v0 contract) over HTTP — every answer's
/// shape against the lexicons, limits, error names and statuses, pagination and auth refusal — and
/// reports each check as a case (reports/README.md). It creates key packages, a conversation and messages.
public final class MLSLiveChecker: LiveCheckSession {
    /// What to check with.
    public struct Options: Sendable {
        /// The server, `http://HOST:PORT`.
        public var baseURL: String
        /// A Bearer token of the calling user.
        public var token: String
        /// A second user's token, for the membership checks (skipped without it).
        public var otherToken: String?
        /// Seconds to wait for each answer.
        public var timeout: Double
        /// The suite (and case-id prefix) of the results.
        public var suite = "mls/live"
        /// The server's member limit, when known: with 2 and a second user, checks that a conversation
        /// can reach exactly the limit and not go past it.
        public var maximumMembers: Int?

        /// Options for a server at `baseURL`.
        public init(baseURL: String, token: String, otherToken: String? = nil, timeout: Double = 10) {
            self.baseURL = baseURL
            self.token = token
            self.otherToken = otherToken
            self.timeout = timeout
        }
    }

    let options: Options
    let validator = CatbirdLexicons.validator()

    /// A checker; nothing is sent until `run()`.
    public init(options: Options, progress: @escaping (String) -> Void = { _ in }) throws(HTTPProbe.Failure) {
        self.options = options
        try super.init(
            baseURL: options.baseURL, timeout: options.timeout,
            naming: Naming(
                suite: options.suite, format: "mls-live", specPrefix: "catbird-mls ",
                rerunCommand: "wirecheck check mls --url \(options.baseURL) --token TOKEN"),
            progress: progress)
    }

    public override var implementation: String { "Catbird MLS server at \(http.baseURL)" }

    /// A call of `endpoint` as the user of `token`: query text for a query, a JSON body for a procedure.
    func call(_ endpoint: MLSEndpoint, token: String?, query: String = "", body: JSONValue = [:]) throws(HTTPProbe.Failure)
        -> HTTPProbe.Reply
    {
        var headers: [(String, String)] = token.map { [("Authorization", "Bearer \($0)")] } ?? []
        if endpoint.isQuery { return try request("GET", endpoint.path + (query.isEmpty ? "" : "?" + query), headers: headers) }
        headers.append(("Content-Type", "application/json"))
        return try request("POST", endpoint.path, headers: headers, body: Array(JSONWriter.compact(body).utf8))
    }

    /// The body of a 200 answer that meets the endpoint's output lexicon, or why not.
    func output(_ reply: HTTPProbe.Reply, _ endpoint: MLSEndpoint) -> Result<JSONValue, LiveFailure> {
        guard reply.status == 200 else {
            return .failure(LiveFailure("status \(reply.status), expected 200; body \(reply.text.prefix(300).debugDescription)"))
        }
        guard let body = try? JSONParser.parse(reply.body) else { return .failure(LiveFailure("the body is not JSON")) }
        let errors = (try? validator.validate(body, against: "\(endpoint.nsid)#output").errors) ?? []
        guard errors.isEmpty else {
            return .failure(
                LiveFailure("the output breaks \(endpoint.nsid)#output: \(errors.prefix(3).map(\.description).joined(separator: "; "))"))
        }
        return .success(body)
    }

    /// Expects the XRPC refusal of a request without a usable token: 401 `AuthenticationRequired` with a
    /// `WWW-Authenticate` header (the contract's Decisions; its challenge is the server's to choose).
    static func expectAuthenticationRequired(_ reply: HTTPProbe.Reply) -> Outcome {
        let outcome = expectError(reply, 401, "AuthenticationRequired")
        guard case .pass = outcome else { return outcome }
        guard let challenge = reply.header("WWW-Authenticate"), !challenge.isEmpty else {
            return .fail("401 AuthenticationRequired without a WWW-Authenticate header")
        }
        return .pass("401 AuthenticationRequired, WWW-Authenticate: \(challenge)")
    }

    /// Expects an XRPC error answer: that status, `application/json`, `{"error": name, "message"?}`.
    static func expectError(_ reply: HTTPProbe.Reply, _ status: Int, _ name: String) -> Outcome {
        guard reply.status == status else {
            return .fail("status \(reply.status), expected \(status) \(name); body \(reply.text.prefix(200).debugDescription)")
        }
        guard reply.header("Content-Type")?.hasPrefix("application/json") == true else {
            return .fail("Content-Type \(reply.header("Content-Type") ?? "none"), expected application/json")
        }
        guard let body = try? JSONParser.parse(reply.body), let error = body["error"]?.stringValue else {
            return .fail("the body is not {\"error\", \"message\"}: \(reply.text.prefix(200).debugDescription)")
        }
        guard error == name else { return .fail("error \(error.debugDescription), expected \(name)") }
        if let message = body["message"], message.stringValue == nil, !message.isNull { return .fail("message is not a string") }
        return .pass("\(status) \(name)")
    }
}

/// Why an answer is not what a check expects.
struct LiveFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
