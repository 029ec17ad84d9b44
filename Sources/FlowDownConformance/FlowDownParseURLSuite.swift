import ConformanceKit
import ModelExchange
import WireCore

/// `flowdown/parse-url`: how FlowDown resolves the URLs it is opened with (section 8) and how a
/// requester reads callbacks (section 5). `fields` are the items keyed by lower-cased name, items
/// without a value skipped, first value kept.
public struct FlowDownParseURLSuite: VectorSuite {
    public init() {}
    public var id: String { "flowdown/parse-url" }
    typealias F = FlowDownFields

    /// `FlowDownParseURLTest`: `flowdown.parseURL {url}` → `{kind, fields}`.
    public static let parseURL = GroupKind(
        "FlowDownParseURLTest", op: "flowdown.parseURL", input: [F.parsedURL], expected: [F.kind, F.fields])

    public var groupKinds: [GroupKind] { [Self.parseURL] }

    /// The flags of `flowdown/parse-url`, each explained in `notes`.
    enum Flag: String, CaseFlag {
        case priority = "Priority"
        case caseInsensitive = "CaseInsensitive"
        case nilValue = "NilValue"
        case duplicateParameter = "DuplicateParameter"
        case literalQuery = "LiteralQuery"
        case byteOrderMark = "ByteOrderMark"
        case requesterLeniency = "RequesterLeniency"
        case idnaHost = "IDNAHost"
        case missingItem = "MissingItem"
        case unknownCapability = "UnknownCapability"
        case doubleTimestamp = "DoubleTimestamp"
        case callback = "Callback"
        case notExchange = "NotExchange"
        case urlSpelling = "URLSpelling"
        case schemeCase = "SchemeCase"
        case swiftDoubleTimestamp = "SwiftDoubleTimestamp"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .priority: .init(bugType: .defined, description: "stage=cancelled first, then pk+callback (handshake), then the exchange items."),
        .caseInsensitive: .init(
            bugType: .edgeCase, description: "Host, path, item names and the stage value are compared case-insensitively."),
        .nilValue: .init(bugType: .edgeCase, description: "An item without '=' has no value and is skipped."),
        .duplicateParameter: FlowDownFixtures.duplicateParameterNote,
        .literalQuery: FlowDownFixtures.literalQueryNote,
        .byteOrderMark: FlowDownFixtures.byteOrderMarkNote,
        .requesterLeniency: .init(
            bugType: .interop,
            description:
                "FlowDown's documented requester (Examples/ModelExchange, be50ddf) reads a callback whatever its host and path, "
                + "and ignores a verification whose pk= is empty (its pk-equals-own-key check fails). The reference is "
                + "deliberately stricter on the first (section 5: host models, path /exchange) and reads the second as a callback "
                + "with an empty pk, leaving the key check to the session. Either reading conforms."),
        .idnaHost: .init(
            bugType: .interop,
            description:
                "A host with non-ASCII characters. Foundation's URL maps it as IDNA (UTS #46: width and compatibility forms, lower "
                + "case, ignored characters such as U+00AD, U+200B and U+FEFF, Punycode) before FlowDown compares it with models, "
                + "and has no URL for a joiner (U+200D). URL libraries without IDNA reject these hosts."),
        .missingItem: .init(
            bugType: .missingStep,
            description: "An exchange without one of session, app_name, reason, multiple_selection, timestamp is not taken."),
        .unknownCapability: .init(bugType: .basic, description: "An unknown capability rejects the whole URL."),
        .doubleTimestamp: .init(bugType: .edgeCase, description: "The timestamp is parsed as a Double; a non-number rejects the URL."),
        .callback: .init(
            bugType: .defined,
            description: "A FlowDown -> requester callback (scheme other than flowdown): stage verification, completed or cancelled."),
        .notExchange: .init(bugType: .basic, description: "Not host models and path /exchange, or not a URL."),
        .urlSpelling: .init(
            bugType: .canonicalization,
            description: "Userinfo, port, trailing slashes and a percent-encoded path are read as Foundation's URL reads them."),
        .schemeCase: .init(
            bugType: .defined,
            description:
                "FlowDown's SceneDelegate routes only url.scheme == \"flowdown\" (exact) to the exchange; other spellings are not "
                + "FlowDown URLs (here: read as callbacks)."),
        .swiftDoubleTimestamp: .init(
            bugType: .interop,
            description:
                "FlowDown reads the timestamp with Swift's TimeInterval(String) (hexadecimal, nan, inf, exponents); a receiver "
                + "that takes only decimal numbers may reject these."),
    ]

    public func generate() -> VectorFile {
        var tests: [TestCase] = []
        let session = FlowDownFixtures.session
        let exchange = "session=\(session)&app_name=App&reason=Why&capabilities=audio,tool&multiple_selection=false&timestamp=1700000000"
        func add(_ slug: String, _ comment: String, _ flags: [Flag], _ url: String, _ result: ExpectedResult, error: String? = nil) {
            var expected = JSONObject()
            if result != .invalid, let parsed = try? ModelExchangeURL(string: url) {
                let kind =
                    url.hasPrefix("flowdown:")
                    ? {
                        switch try? InboundRequest.resolve(parsed) {
                        case .cancelled?: "cancel"
                        case .handshake?: "handshake"
                        default: "exchange"
                        }
                    }() : "callback"
                expected = FlowDownJSON.json(kind: kind, fields: parsed.parameters)
            }
            tests.append(
                TestCase(
                    id: "\(id)/\(slug)", comment: comment, flags: flags, spec: ["FlowDown 8", "FlowDown 5"],
                    input: JSONObject(F.parsedURL(url)), expected: expected, result: result, error: error))
        }
        let pk = FlowDownFixtures.keyPair(FlowDownFixtures.specSeed).publicKey.encoded
        add(
            "handshake", "the handshake of spec section 4", [],
            HandshakeRequest.url(publicKey: try! ModelExchangePublicKey(encoded: pk), callbackScheme: "example-callback"), .valid)
        add("exchange", "an exchange URL without sig (sig is optional at parse time)", [], "flowdown://models/exchange?\(exchange)", .valid)
        add("cancel", "requester -> FlowDown cancel", [], "flowdown://models/exchange?stage=cancelled&session=\(session)", .valid)
        add("cancel-without-session", "stage=cancelled alone", [], "flowdown://models/exchange?stage=cancelled", .valid)
        add(
            "cancel-before-handshake", "stage=cancelled wins over pk and callback", [.priority],
            "flowdown://models/exchange?pk=abc&callback=cb&stage=CANCELLED", .valid)
        add(
            "handshake-before-exchange", "pk and callback win over the exchange items", [.priority],
            "flowdown://models/exchange?\(exchange)&pk=abc&callback=cb", .valid)
        add(
            "empty-pk-is-not-handshake", "pk= (empty) with callback: an exchange parse follows and succeeds", [.priority],
            "flowdown://models/exchange?\(exchange)&pk=&callback=cb", .valid)
        add(
            "upper-case-host-path-names", "FLOWDOWN host/path/name case", [.caseInsensitive],
            "flowdown://MODELS/Exchange?SESSION=s&App_Name=a&REASON=r&multiple_selection=TRUE&Timestamp=1", .valid)
        add("nil-value-skipped", "an item without '=' is skipped", [.nilValue], "flowdown://models/exchange?\(exchange)&flag", .valid)
        add(
            "nil-value-before-same-name", "stage without '=' and then stage=cancelled: the one with a value is read, a cancel",
            [.nilValue], "flowdown://models/exchange?stage&stage=cancelled&\(exchange)", .valid)
        add(
            "nil-value-session-before-same-name", "session without '=' before session=…: the second is the session", [.nilValue],
            "flowdown://models/exchange?session&\(exchange)", .valid)
        add(
            "duplicate-session", "session twice", [.duplicateParameter], "flowdown://models/exchange?\(exchange)&session=other",
            .acceptable)
        add(
            "duplicate-by-case", "pk and PK", [.duplicateParameter, .caseInsensitive], "flowdown://models/exchange?pk=a&PK=b&callback=cb",
            .acceptable)
        add(
            "timestamp-exponent", "timestamp=1.7e9", [.doubleTimestamp],
            "flowdown://models/exchange?\(exchange.replacingOccurrences(of: "1700000000", with: "1.7e9"))", .valid)
        add(
            "timestamp-not-number", "timestamp=soon", [.doubleTimestamp],
            "flowdown://models/exchange?\(exchange.replacingOccurrences(of: "1700000000", with: "soon"))", .invalid, error: "malformed")
        add(
            "missing-reason", "no reason", [.missingItem],
            "flowdown://models/exchange?\(exchange.replacingOccurrences(of: "&reason=Why", with: ""))", .invalid, error: "malformed")
        add(
            "missing-timestamp", "no timestamp", [.missingItem],
            "flowdown://models/exchange?\(exchange.replacingOccurrences(of: "&timestamp=1700000000", with: ""))", .invalid,
            error: "malformed")
        add(
            "unknown-capability", "capabilities=audio,smell", [.unknownCapability],
            "flowdown://models/exchange?\(exchange.replacingOccurrences(of: "audio,tool", with: "audio,smell"))", .invalid,
            error: "unknown-capability")
        add("wrong-path", "path /exchanges", [.notExchange], "flowdown://models/exchanges?\(exchange)", .invalid, error: "malformed")
        add("not-a-url", "no scheme separator", [.notExchange], "models/exchange?\(exchange)", .invalid, error: "malformed")
        add(
            "userinfo-and-port", "u@models:8080: Foundation's host is models", [.urlSpelling],
            "flowdown://u@models:8080/exchange?\(exchange)", .valid)
        add(
            "path-trailing-slashes", "path /exchange//: URL.path drops every trailing slash", [.urlSpelling],
            "flowdown://models/exchange//?\(exchange)", .valid)
        add(
            "path-percent-encoded", "path /%65xchange is decoded", [.urlSpelling], "flowdown://models/%65xchange?\(exchange)", .valid)
        add(
            "bad-port", "port 80x: Foundation has no URL", [.notExchange], "flowdown://models:80x/exchange?\(exchange)", .invalid,
            error: "malformed")
        add(
            "scheme-case", "FLOWDOWN:// is not routed to FlowDown (the app compares the scheme exactly); as a callback it has no stage",
            [.schemeCase], "FLOWDOWN://models/exchange?pk=abc&callback=cb", .invalid, error: "malformed")
        add(
            "literal-query-stray-percent", "reason=100%: the query is read literally", [.literalQuery],
            "flowdown://models/exchange?\(exchange.replacingOccurrences(of: "reason=Why", with: "reason=100%"))&note=A%42", .valid)
        add(
            "literal-query-raw-space", "app_%6Eame=App with a raw space in reason: the name stays app_%6Eame",
            [.literalQuery, .missingItem],
            "flowdown://models/exchange?"
                + exchange.replacingOccurrences(of: "app_name=App&reason=Why", with: "app_%6Eame=App&reason=why not"),
            .invalid, error: "malformed")
        add(
            "literal-query-non-ascii", "app_name=Caf\u{e9} %26 Co: raw non-ASCII, so %26 stays literal", [.literalQuery],
            "flowdown://models/exchange?\(exchange.replacingOccurrences(of: "app_name=App", with: "app_name=Caf\u{e9}%20%26%20Co"))", .valid
        )
        add(
            "literal-query-mark-after-equals", "app_name=\u{301}: a combining mark after '=' does not hide the separator",
            [.literalQuery], "flowdown://models/exchange?\(exchange.replacingOccurrences(of: "app_name=App", with: "app_name=\u{301}"))",
            .valid)
        add(
            "literal-query-joiner-after-ampersand", "&\u{200D}note=n: a ZWJ after '&' starts the next item's name", [.literalQuery],
            "flowdown://models/exchange?\(exchange)&\u{200D}note=n\u{FE0F}", .valid)
        add(
            "bom-escaped-stage", "stage=%EF%BB%BFcancelled: Foundation drops the mark, so this is a cancel", [.byteOrderMark],
            "flowdown://models/exchange?stage=%EF%BB%BFcancelled&session=\(session)", .valid)
        add(
            "bom-raw-name", "a raw U+FEFF before session (the query is read literally, the mark still dropped)",
            [.byteOrderMark, .literalQuery],
            "flowdown://models/exchange?\(exchange.replacingOccurrences(of: "session=", with: "\u{FEFF}session="))", .valid)
        add(
            "bom-escaped-only-one", "app_name=%EF%BB%BF%EF%BB%BFApp: one mark is dropped, the second stays", [.byteOrderMark],
            "flowdown://models/exchange?\(exchange.replacingOccurrences(of: "app_name=App", with: "app_name=%EF%BB%BF%EF%BB%BFApp"))",
            .valid)
        add(
            "idna-host-fullwidth", "host ｍｏｄｅｌｓ (full-width letters): IDNA maps it to models", [.idnaHost],
            "flowdown://ｍｏｄｅｌｓ/exchange?stage=cancelled", .acceptable)
        add(
            "idna-host-soft-hyphen", "host mod\u{AD}els: IDNA ignores the soft hyphen", [.idnaHost],
            "flowdown://mod\u{AD}els/exchange?stage=cancelled", .acceptable)
        add(
            "idna-host-byte-order-mark", "host \u{FEFF}MODELS: the mark is ignored and the name lower-cased", [.idnaHost],
            "flowdown://\u{FEFF}MODELS/exchange?stage=cancelled", .acceptable)
        add(
            "idna-host-joiner", "host mo\u{200D}dels: Foundation has no URL", [.idnaHost, .notExchange],
            "flowdown://mo\u{200D}dels/exchange?stage=cancelled", .invalid, error: "malformed")
        add(
            "idna-host-other-name", "host mödels is xn--mdels-jua, not models", [.idnaHost, .notExchange],
            "flowdown://mödels/exchange?stage=cancelled", .invalid, error: "malformed")
        add(
            "capability-leading-space", "capabilities=audio,%20tool", [.unknownCapability],
            "flowdown://models/exchange?\(exchange.replacingOccurrences(of: "audio,tool", with: "audio,%20tool"))", .invalid,
            error: "unknown-capability")
        add(
            "timestamp-hex", "timestamp=0x6553F100: Swift's Double(String) reads hexadecimal", [.swiftDoubleTimestamp],
            "flowdown://models/exchange?\(exchange.replacingOccurrences(of: "1700000000", with: "0x6553F100"))", .acceptable)
        add(
            "callback-verification", "FlowDown -> requester verification", [.callback],
            try! (Callback.verification(session: session, pk: pk).url(scheme: "example-callback")), .valid)
        add(
            "callback-completed", "FlowDown -> requester completed", [.callback],
            try! (Callback.completed(session: session, format: "plist", payload: "eyJ9").url(scheme: "example-callback")), .valid)
        add(
            "callback-cancelled", "FlowDown -> requester cancelled", [.callback],
            try! (Callback.cancelled(session: session).url(scheme: "example-callback")), .valid)
        add(
            "callback-duplicate-stage", "stage twice in a callback: FlowDown's documented requester traps (FINDINGS.md F2)",
            [.callback, .duplicateParameter], "example-callback://models/exchange?stage=cancelled&session=s&STAGE=completed", .acceptable)
        add(
            "callback-no-host-no-path", "x-1://?stage=cancelled: the sample requester takes it, the reference wants models/exchange",
            [.callback, .requesterLeniency], "x-1://?stage=cancelled", .acceptable)
        add(
            "callback-other-host-and-path", "another host and path: the sample requester takes it, the reference refuses it",
            [.callback, .requesterLeniency], "example-callback://evil/other?stage=cancelled&session=s", .acceptable)
        add(
            "callback-verification-empty-pk", "a verification with pk= empty: the sample requester ignores it, the reference reads it",
            [.callback, .requesterLeniency], "example-callback://models/exchange?stage=verification&session=s&pk=", .acceptable)
        add(
            "callback-unknown-stage", "stage=error does not exist", [.callback],
            "example-callback://models/exchange?stage=error&session=s", .invalid, error: "malformed")
        add(
            "callback-verification-without-pk", "verification without pk", [.callback, .missingItem],
            "example-callback://models/exchange?stage=verification&session=s", .invalid, error: "malformed")
        return VectorFile(
            format: "flowdown", suite: id, spec: FlowDownFixtures.spec,
            header: [
                "Parsing of every URL of the protocol. flowdown:// URLs are resolved as FlowDown does (kind handshake, exchange or "
                    + "cancel); other schemes are callbacks as the requester reads them (kind callback).",
                "Op flowdown.parseURL {url} -> {kind, fields}; fields maps lower-cased names to the first decoded value.",
            ],
            notes: Self.notes, testGroups: [TestGroup(type: Self.parseURL.type, tests: tests)])
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        file.allTests.compactMap { $0.test.input[F.parsedURL] }.map { CorpusSeed(target: "FuzzFlowDownURL", bytes: Array($0.utf8)) }
    }
}
