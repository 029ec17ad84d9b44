import CatbirdMLS
import ConformanceKit
import WireCore

/// `mls/xrpc-error`: how a client reads an XRPC answer that is not 200 (catbird-mls.md section 5 and
/// Decisions): every error name each endpoint's lexicon declares and the generic ones, with the
/// status the contract gives them; then what real servers send besides: the legacy sentences and
/// empty bodies of the first mls-ds servers, `message: null`, non-JSON bodies, other content types,
/// and `Retry-After` in its valid and invalid forms.
public struct MLSXRPCErrorSuite: VectorSuite {
    public init() {}
    public var id: String { "mls/xrpc-error" }
    typealias F = MLSFields

    /// `MLSXRPCErrorTest`: `mls.xrpc-error {endpoint, status, contentType?, retryAfter?, body}` →
    /// `{error, message, declared, retry, retryAfter}`.
    public static let read = GroupKind(
        "MLSXRPCErrorTest", op: "mls.xrpc-error", params: [F.endpoint], input: [F.status, F.contentType, F.retryAfterHeader, F.body],
        expected: [F.error, F.message, F.declared, F.retry, F.retryAfterSeconds])

    public var groupKinds: [GroupKind] { [Self.read] }

    /// The suite's flags, as the vectors spell them (explained in `notes`).
    enum Flag: String, CaseFlag {
        case declared = "Declared"
        case generic = "Generic"
        case undeclared = "Undeclared"
        case legacy = "Legacy"
        case notXRPC = "NotXRPC"
        case contentType = "ContentType"
        case message = "Message"
        case retryAfter = "RetryAfter"
        case retry = "Retry"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .declared: .init(bugType: .basic, description: "An error name the endpoint's lexicon declares, with the contract's status."),
        .generic: .init(bugType: .basic, description: "A generic XRPC error any endpoint may answer (InvalidRequest, 429, 5xx, 501)."),
        .undeclared: .init(
            bugType: .interop,
            description: "A well-formed name the endpoint does not declare: kept as it came, not mapped to a typed error."),
        .legacy: .init(
            bugType: .interop,
            description: "What the first mls-ds servers sent: a sentence as error (not a name) or an empty body; the status decides."),
        .notXRPC: .init(
            bugType: .edgeCase, description: "A body that is not an XRPC error (HTML, text, another JSON shape): no name, no crash."),
        .contentType: .init(
            bugType: .edgeCase,
            description: "The body is read as JSON only when the media type is application/json (any case, any parameters)."),
        .message: .init(bugType: .edgeCase, description: "message absent, null or not a string: no message."),
        .retryAfter: .init(
            bugType: .edgeCase,
            description: "Retry-After as delay-seconds only (digits, optional whitespace); a date or a fraction is ignored."),
        .retry: .init(bugType: .functionality, description: "Whether to retry: 429 and 5xx except 501; never another 4xx."),
    ]

    /// One answer and what a client must read from it.
    struct Case {
        var endpoint: MLSEndpoint
        var status: Int
        var contentType: String? = "application/json"
        var retryAfter: String?
        var body: String
        var flag: Flag
        var comment: String
        var error: String?
        var message: String?
        var declared: Bool
        var expectedRetryAfter: Int?
    }

    /// Every number form a JSON reader may be lenient about, in an extra member of a declared error: RFC 8259's
    /// grammar decides whether the body is JSON at all, and so whether the name is read.
    static func numberForms(_ endpoint: MLSEndpoint) -> [Case] {
        let forms: [(String, Bool, String)] = [
            ("0", true, "zero"), ("-0", true, "minus zero"), ("1E+2", true, "an exponent with a sign"), ("1.5e-3", true, "a fraction"),
            ("007", false, "leading zeros"), ("-01", false, "a leading zero after the minus"), ("+1", false, "a plus sign"),
            ("1.", false, "a point without digits"), (".5", false, "no digit before the point"),
            ("1e", false, "an exponent without digits"),
            ("0x10", false, "hexadecimal"), ("NaN", false, "NaN"), ("Infinity", false, "Infinity"),
            ("- 1", false, "a space after the minus"),
        ]
        return forms.map { number, isJSON, comment in
            Case(
                endpoint: endpoint, status: 400, contentType: "application/json", retryAfter: nil,
                body: "{\"error\":\"InvalidRequest\",\"count\":\(number)}", flag: isJSON ? .message : .notXRPC,
                comment: "an extra member \(number) (\(comment)): " + (isJSON ? "JSON, the name is read" : "not JSON, no name"),
                error: isJSON ? "InvalidRequest" : nil, message: nil, declared: isJSON, expectedRetryAfter: nil)
        }
    }

    /// The status the mock (and the contract, section 9 item 4) gives each lexicon error name.
    static func status(of name: String) -> Int {
        ["NotMember": 403, "ConvoNotFound": 404, "AlreadyMember": 409, "KeyPackageNotFound": 409, "BlobTooLarge": 413][name] ?? 400
    }

    static func body(_ error: String, _ message: String? = nil) -> String {
        // The XRPC error body as a server writes it (members as pairs: the wire document, not the case's fields).
        let members: [(String, JSONValue)] = [("error", .string(error))] + (message.map { [("message", .string($0))] } ?? [])
        return JSONWriter.compact(.object(JSONObject(members)))
    }

    func declaredCases() -> [Case] {
        MLSEndpoint.allCases.flatMap { endpoint -> [Case] in
            let own = CatbirdLexicons.catalog.errorNames(of: endpoint.nsid).map { name in
                Case(
                    endpoint: endpoint, status: Self.status(of: name), body: Self.body(name, "\(name) on \(endpoint.rawValue)"),
                    flag: .declared, comment: "\(name), declared by \(endpoint.rawValue)", error: name,
                    message: "\(name) on \(endpoint.rawValue)", declared: true)
            }
            let generic = [
                Case(
                    endpoint: endpoint, status: 400, body: Self.body("InvalidRequest", "/limit: must be at most 100"), flag: .generic,
                    comment: "400 InvalidRequest naming the field", error: "InvalidRequest", message: "/limit: must be at most 100",
                    declared: true),
                Case(
                    endpoint: endpoint, status: 401, body: Self.body("AuthenticationRequired"), flag: .generic,
                    comment: "401 without a message", error: "AuthenticationRequired", declared: true),
                Case(
                    endpoint: endpoint, status: 429, retryAfter: "2", body: Self.body("RateLimitExceeded", "slow down"), flag: .retry,
                    comment: "429 with Retry-After: 2", error: "RateLimitExceeded", message: "slow down", declared: true,
                    expectedRetryAfter: 2),
                Case(
                    endpoint: endpoint, status: 501, body: Self.body("MethodNotImplemented"), flag: .retry,
                    comment: "501 is the one 5xx not retried", error: "MethodNotImplemented", declared: true),
                Case(
                    endpoint: endpoint, status: 503, body: Self.body("NotEnoughResources", "try later"), flag: .retry,
                    comment: "503 is retried", error: "NotEnoughResources", message: "try later", declared: true),
            ]
            return own + generic
        }
    }

    /// What servers send besides well-formed errors, on one endpoint each (the reading does not depend on it).
    func toleranceCases() -> [Case] {
        let convos = MLSEndpoint.getConvos
        let send = MLSEndpoint.sendMessage
        func make(
            _ endpoint: MLSEndpoint, _ status: Int, _ body: String, _ flag: Flag, _ comment: String,
            contentType: String? = "application/json",
            retryAfter: String? = nil, error: String? = nil, message: String? = nil, declared: Bool = false, expectedRetryAfter: Int? = nil
        ) -> Case {
            Case(
                endpoint: endpoint, status: status, contentType: contentType, retryAfter: retryAfter, body: body, flag: flag,
                comment: comment,
                error: error, message: message, declared: declared, expectedRetryAfter: expectedRetryAfter)
        }
        return [
            make(
                convos, 404, Self.body("ConvoNotFound", "no such conversation"), .undeclared,
                "a lexicon name of another endpoint", error: "ConvoNotFound", message: "no such conversation"),
            make(
                send, 400, Self.body("InvalidAsset", "bad embed"), .undeclared,
                "a later lexicon's name (c065b67 renamed InvalidCiphertext)",
                error: "InvalidAsset", message: "bad embed"),
            make(convos, 400, Self.body("SomethingNew"), .undeclared, "a name no lexicon has", error: "SomethingNew"),
            make(convos, 429, "{\"error\":\"Rate limit exceeded\"}", .legacy, "c52bfec's 429: a sentence, no Retry-After"),
            make(convos, 401, "{\"error\":\"Missing authorization header\"}", .legacy, "c52bfec's 401: a sentence, no message"),
            make(send, 400, "", .legacy, "c52bfec to c065b67 handler errors: a bare status, empty body", contentType: nil),
            make(send, 500, "", .legacy, "an empty 500 is still retried", contentType: nil),
            make(send, 413, "", .legacy, "an empty 413 is not retried", contentType: nil),
            make(
                convos, 400, "{\"error\":\"InvalidRequest\",\"message\":null}", .message, "later servers' message: null",
                error: "InvalidRequest", declared: true),
            make(
                convos, 400, "{\"error\":\"InvalidRequest\",\"message\":42}", .message, "a message that is not a string",
                error: "InvalidRequest", declared: true),
            make(
                convos, 400, "{\"message\":\"no name\",\"error\":\"InvalidRequest\",\"extra\":[1,{}]}", .message,
                "keys in another order and an extra field", error: "InvalidRequest", message: "no name", declared: true),
            make(convos, 502, "<html><body>Bad Gateway</body></html>", .notXRPC, "a proxy's HTML page", contentType: "text/html"),
            make(convos, 502, "<html><body>Bad Gateway</body></html>", .notXRPC, "HTML labelled as JSON"),
            make(convos, 400, "[\"InvalidRequest\"]", .notXRPC, "JSON, but an array"),
            make(convos, 400, "{\"error\":5}", .notXRPC, "error is not a string"),
            make(convos, 400, "{\"error\":\"\"}", .notXRPC, "error is empty"),
            make(convos, 400, "{\"error\":\"Invalid\\tRequest\"}", .notXRPC, "error with a tab"),
            make(convos, 400, "{\"error\":\"Ung\u{fc}ltig\"}", .notXRPC, "error outside ASCII"),
            make(convos, 400, "{\"error\":\"InvalidRequest\"", .notXRPC, "JSON cut short"),
            make(
                convos, 400, Self.body("InvalidRequest", "x"), .contentType, "the right JSON sent as text/plain", contentType: "text/plain"
            ),
            make(convos, 400, Self.body("InvalidRequest", "x"), .contentType, "no Content-Type", contentType: nil),
            make(
                convos, 400, Self.body("InvalidRequest", "x"), .contentType, "media type in upper case, with a charset",
                contentType: "Application/JSON; charset=utf-8", error: "InvalidRequest", message: "x", declared: true),
            make(
                convos, 400, Self.body("InvalidRequest", "x"), .contentType, "application/json-seq is another media type",
                contentType: "application/json-seq"),
            make(
                convos, 429, Self.body("RateLimitExceeded"), .retryAfter, "Retry-After with spaces around",
                retryAfter: " 7 ", error: "RateLimitExceeded", declared: true, expectedRetryAfter: 7),
            make(
                convos, 429, Self.body("RateLimitExceeded"), .retryAfter, "Retry-After: 0", retryAfter: "0",
                error: "RateLimitExceeded", declared: true, expectedRetryAfter: 0),
            make(
                convos, 429, Self.body("RateLimitExceeded"), .retryAfter, "an HTTP date is not delay-seconds",
                retryAfter: "Wed, 21 Oct 2026 07:28:00 GMT", error: "RateLimitExceeded", declared: true),
            make(
                convos, 429, Self.body("RateLimitExceeded"), .retryAfter, "a fraction", retryAfter: "1.5",
                error: "RateLimitExceeded", declared: true),
            make(
                convos, 429, Self.body("RateLimitExceeded"), .retryAfter, "a negative number", retryAfter: "-1",
                error: "RateLimitExceeded", declared: true),
            make(
                convos, 429, Self.body("RateLimitExceeded"), .retryAfter, "empty", retryAfter: "", error: "RateLimitExceeded",
                declared: true),
            make(
                convos, 429, Self.body("RateLimitExceeded"), .retryAfter, "no Retry-After: retried with backoff",
                error: "RateLimitExceeded", declared: true),
            make(
                convos, 503, Self.body("NotEnoughResources"), .retryAfter, "Retry-After on a 503", retryAfter: "5",
                error: "NotEnoughResources", declared: true, expectedRetryAfter: 5),
            make(
                convos, 400, Self.body("InvalidRequest"), .retry, "a Retry-After on a 400 is read, but a 400 is not retried",
                retryAfter: "3", error: "InvalidRequest", declared: true, expectedRetryAfter: 3),
            make(convos, 504, Self.body("UpstreamTimeout"), .retry, "504 is retried", error: "UpstreamTimeout", declared: true),
            make(convos, 409, Self.body("KeyPackageNotFound"), .retry, "409 is not retried", error: "KeyPackageNotFound"),
            // Added after the cases above, so that their numbers (the ids) stay as they were.
            make(convos, 400, "{\"error\":\" InvalidRequest \"}", .notXRPC, "error with spaces around: nothing is trimmed"),
            make(convos, 400, "{\"error\":\"InvalidRequest\\n\"}", .notXRPC, "error ending in an escaped newline"),
        ] + Self.numberForms(convos) + Self.strictReading(convos)
    }

    /// The rest of section 4.2's reader, each against a declared name that a lenient reader would read: a byte-order
    /// mark, a second value, a repeated `error`, a raw control character, a lone surrogate, `1e999`, and nesting at
    /// 256 levels (read) and 257 (not JSON: no name).
    static func strictReading(_ endpoint: MLSEndpoint) -> [Case] {
        let name = #""error":"InvalidRequest""#
        func nested(_ levels: Int) -> String {
            // The top object is level 1, so `levels - 1` arrays.
            "{\(name),\"x\":" + String(repeating: "[", count: levels - 1) + String(repeating: "]", count: levels - 1) + "}"
        }
        let bodies: [(String, Bool, String)] = [
            ("\u{FEFF}{\(name)}", false, "a byte-order mark before the object"),
            ("{\(name)} {}", false, "a second value after the object"),
            (#"{"error":"ConvoNotFound","error":"InvalidRequest"}"#, false, "error twice"),
            ("{\(name),\"m\":\"a\u{1}b\"}", false, "a raw U+0001 in a string"),
            ("{\(name),\"m\":\"\\ud800\"}", false, "a lone surrogate escape"),
            ("{\(name),\"count\":1e999}", false, "1e999, beyond a double"),
            (nested(256), true, "an extra member nested to 256 levels"),
            (nested(257), false, "an extra member nested to 257 levels"),
            ("{\(name)}\r\n\t ", true, "whitespace after the object"),
        ]
        return bodies.map { body, isJSON, comment in
            Case(
                endpoint: endpoint, status: 400, contentType: "application/json", retryAfter: nil, body: body,
                flag: isJSON ? .message : .notXRPC, comment: comment + (isJSON ? ": JSON, the name is read" : ": not JSON, no name"),
                error: isJSON ? "InvalidRequest" : nil, message: nil, declared: isJSON, expectedRetryAfter: nil)
        }
    }

    public func generate() -> VectorFile {
        let all = declaredCases() + toleranceCases()
        let groups = MLSEndpoint.allCases.compactMap { endpoint -> TestGroup? in
            let tests = all.filter { $0.endpoint == endpoint }.enumerated().map { n, c in
                var input = JSONObject(F.status(c.status), F.body(c.body))
                if let contentType = c.contentType { input.set(F.contentType, contentType) }
                if let retryAfter = c.retryAfter { input.set(F.retryAfterHeader, retryAfter) }
                let expected = JSONObject(
                    F.error(c.error), F.message(c.message), F.declared(c.declared),
                    F.retry(c.status == 429 || (c.status >= 500 && c.status != 501)),
                    F.retryAfterSeconds(c.expectedRetryAfter.map(Int64.init)))
                return TestCase(
                    id: "\(id)/\(endpoint.rawValue)/\(n + 1)", comment: c.comment, flags: [c.flag],
                    spec: ["catbird-mls 5", "atproto XRPC"],
                    input: input, expected: expected, result: .valid)
            }
            return tests.isEmpty ? nil : TestGroup(type: Self.read.type, params: JSONObject(F.endpoint(endpoint)), tests: tests)
        }
        return VectorFile(
            format: "mls", suite: id,
            spec: .init(
                name: "XRPC error responses of the Catbird MLS v0 endpoints", version: "v0 (mls-ds c52bfec), atproto XRPC",
                url: "https://atproto.com/specs/xrpc"),
            header: [
                "How a client reads an answer that is not 200. Op mls.xrpc-error {endpoint, status, contentType?, retryAfter?, body} -> "
                    + "{error, message, declared, retry, retryAfter}.",
                "error: the body's error when the Content-Type's media type is application/json and error is a string of printable "
                    + "ASCII without spaces, else null; message: the body's message when error is set and message is a string, else null.",
                "declared: error is one of the endpoint lexicon's errors or a generic XRPC error (InvalidRequest, AuthenticationRequired, "
                    + "RateLimitExceeded, MethodNotImplemented, PayloadTooLarge, InternalServerError, UpstreamFailure, NotEnoughResources, "
                    + "UpstreamTimeout).",
                "retry: status 429 or 5xx other than 501. retryAfter: the Retry-After header as delay-seconds (digits only, "
                    + "surrounding spaces ignored), else null. body is the raw text of the answer.",
            ],
            notes: Self.notes, testGroups: groups)
    }

    /// The bodies, for FuzzMLSModels (which reads every input as an error body too; first byte: the endpoint).
    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        file.allTests.compactMap { group, test in
            guard let endpoint = group.params[F.endpoint], let index = MLSEndpoint.allCases.firstIndex(of: endpoint),
                let body = test.input[F.body], !body.isEmpty
            else { return nil }
            return CorpusSeed(target: "FuzzMLSModels", bytes: [UInt8(index)] + Array(body.utf8))
        }
    }
}
