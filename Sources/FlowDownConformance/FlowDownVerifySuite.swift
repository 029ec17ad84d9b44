import ConformanceKit
import ModelExchange
import WireCore

/// `flowdown/verify`: FlowDown's checks of a received exchange URL, in its order: parse, window,
/// sig present, canonical rebuilt from the received items, Ed25519 over SHA-256 (FlowDown spec
/// sections 6 and 8). Each invalid case changes one thing of a valid one.
public struct FlowDownVerifySuite: VectorSuite {
    public init() {}
    public var id: String { "flowdown/verify" }
    typealias F = FlowDownFields

    /// `FlowDownVerifyExchangeTest`: `flowdown.verifyExchange {url, pk, now}` → the verified request.
    public static let verifyExchange = GroupKind(
        "FlowDownVerifyExchangeTest", op: "flowdown.verifyExchange", input: [F.exchangeURL, F.handshakePK, F.now],
        expected: [F.session, F.appName, F.reason, F.capabilities, F.multipleSelection, F.verifiedTimestamp])

    public var groupKinds: [GroupKind] { [Self.verifyExchange] }

    /// The flags of `flowdown/verify`, each explained in `notes`.
    enum Flag: String, CaseFlag {
        case window = "Window"
        case modifiedSignature = "ModifiedSignature"
        case wrongKey = "WrongKey"
        case itemOrder = "ItemOrder"
        case foreignEncoding = "ForeignEncoding"
        case transitEncoding = "TransitEncoding"
        case missingSignature = "MissingSignature"
        case invalidSignatureEncoding = "InvalidSignatureEncoding"
        case wrongPrimitive = "WrongPrimitive"
        case unknownCapability = "UnknownCapability"
        case emptyCapabilityPiece = "EmptyCapabilityPiece"
        case missingItem = "MissingItem"
        case notExchange = "NotExchange"
        case pathCase = "PathCase"
        case badPublicKey = "BadPublicKey"
        case duplicateParameter = "DuplicateParameter"
        case literalQuery = "LiteralQuery"
        case byteOrderMark = "ByteOrderMark"
        case doubleTimestamp = "DoubleTimestamp"
        case specExample = "SpecExample"
        case urlSpelling = "URLSpelling"
        case extraItems = "ExtraItems"
        case swiftDoubleTimestamp = "SwiftDoubleTimestamp"
        case multipleSelection = "MultipleSelection"
        case capabilityList = "CapabilityList"
        case checkOrder = "CheckOrder"
        case foundationBase64 = "FoundationBase64"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .window: .init(
            bugType: .expiry,
            description: "abs(timestamp - now) < 300 is accepted, 300 or more is expired, in the past and in the "
                + "future."),
        .modifiedSignature: .init(bugType: .authBypass, description: "One bit of the signature flipped."),
        .wrongKey: .init(bugType: .authBypass, description: "Signed with another key than the handshake's pk."),
        .itemOrder: .init(
            bugType: .canonicalization,
            description: "The canonical string is rebuilt from the received items in their order; reordering breaks the signature."),
        .foreignEncoding: .init(
            bugType: .interop,
            description:
                "The sender signed its own percent-encoding (e.g. %2B for '+'); FlowDown re-encodes per URLComponents, so the signature "
                + "cannot verify."
        ),
        .transitEncoding: .init(
            bugType: .canonicalization,
            description:
                "The URL is escaped differently in transit than it was signed; FlowDown decodes and re-encodes, so it still verifies."),
        .missingSignature: .init(bugType: .missingStep, description: "No sig item."),
        .invalidSignatureEncoding: .init(bugType: .edgeCase, description: "sig is not strict Base64."),
        .wrongPrimitive: .init(
            bugType: .wrongPrimitive, description: "Ed25519 over the canonical string itself instead of its SHA-256 digest."),
        .unknownCapability: .init(
            bugType: .basic, description: "A capability outside audio, visual, tool, developerRole rejects the whole URL."),
        .emptyCapabilityPiece: .init(bugType: .edgeCase, description: "Empty pieces between commas are dropped (audio,,tool)."),
        .missingItem: .init(
            bugType: .missingStep, description: "A required item is absent: FlowDown does not take the URL as an exchange."),
        .notExchange: .init(bugType: .basic, description: "Wrong host or path, or a handshake URL."),
        .pathCase: .init(
            bugType: .canonicalization,
            description:
                "FlowDown matches host and path case-insensitively, but the canonical string uses the path as received, so /EXCHANGE "
                + "cannot verify a signature made over /exchange."
        ),
        .badPublicKey: .init(bugType: .basic, description: "The handshake pk is not strict Base64 of 64 bytes."),
        .duplicateParameter: FlowDownFixtures.duplicateParameterNote,
        .literalQuery: FlowDownFixtures.literalQueryNote,
        .byteOrderMark: FlowDownFixtures.byteOrderMarkNote,
        .doubleTimestamp: .init(
            bugType: .edgeCase,
            description:
                "FlowDown parses the timestamp as a Double, so 1.7e9 is accepted; a receiver that requires an integer may reject it."),
        .specExample: .init(bugType: .interop, description: "The signed URL of the FlowDown spec section 13."),
        .urlSpelling: .init(
            bugType: .canonicalization,
            description:
                "A spelling Foundation reads like the plain URL: userinfo and port, a trailing / (or several), a percent-encoded "
                + "path, a fragment, sig in any case or position, another scheme (resolve ignores it; the app routes only "
                + "flowdown). FlowDown verifies them (ModelExchangeCoordinator.canonicalPathWithoutSignature, be50ddf)."),
        .extraItems: .init(
            bugType: .canonicalization,
            description:
                "Items other than the six (a name without '=', an empty item between &&) stay in the canonical string: signed, "
                + "they verify; added after signing, they break the signature."),
        .swiftDoubleTimestamp: .init(
            bugType: .interop,
            description:
                "FlowDown reads the timestamp with Swift's TimeInterval(String) (strtod: hexadecimal, nan, inf, exponents). "
                + "The reference does the same; a receiver that takes only decimal numbers may reject these."),
        .multipleSelection: .init(
            bugType: .edgeCase, description: "multiple_selection is true iff its value is 'true' in any case; anything else is false."),
        .capabilityList: .init(
            bugType: .edgeCase,
            description: "Pieces are split on ',' only: a leading space makes an unknown capability, a repeated one is kept twice."),
        .checkOrder: .init(
            bugType: .defined,
            description: "The URL is parsed before the key is used (FlowDown parsed the key at the handshake): malformed wins."),
        .foundationBase64: .init(
            bugType: .interop,
            description:
                "FlowDown decodes sig and pk with Foundation's Data(base64Encoded:), which also takes non-zero unused bits and "
                + "extra '=' after the padding (Swift 6.3.1, Linux). They decode to the same bytes, so the reference's strict "
                + "std-padded-strict refusal is hardening: accepting (as FlowDown) or rejecting (as the reference) are conformant."),
    ]

    struct Builder {
        let pair = FlowDownFixtures.keyPair(FlowDownFixtures.seed(1))
        var pk: String { pair.publicKey.encoded }

        func items(appName: String = "Verifier Test", capabilities: String = "visual,tool", timestamp: String = "1700000000") -> [QueryItem]
        {
            [
                QueryItem("session", FlowDownFixtures.session), QueryItem("app_name", appName), QueryItem("reason", "Summarise my notes"),
                QueryItem("capabilities", capabilities), QueryItem("multiple_selection", "true"), QueryItem("timestamp", timestamp),
            ]
        }

        /// Signs `signedQuery` (default: the encoding of `items`) and sends `items` as the URL.
        func url(
            _ items: [QueryItem], signedCanonical: String? = nil, sentQuery: String? = nil, path: String = "/exchange",
            host: String = "models", signer: ModelExchangeKeyPair? = nil
        ) -> String {
            let query = URLQueryEncoding.encode(items)
            let canonical = signedCanonical ?? "/exchange?" + query
            let sig = try! ExchangeRequest.signature(over: canonical, keyPair: signer ?? pair)
            return "flowdown://\(host)\(path)?\(sentQuery ?? query)&sig=\(URLQueryEncoding.encodeComponent(sig))"
        }

        /// `template` with `{sig}` replaced by a signature over the canonical string FlowDown rebuilds from
        /// it (Foundation's reading, which `ModelExchangeURL` follows and FoundationURLDifferentialTests
        /// checks), written by `spell` (percent-encoded by default; raw where the query is read literally).
        func signed(_ template: String, spell: (String) -> String = URLQueryEncoding.encodeComponent) -> String {
            let received = try! ExchangeVerifier.exchange(in: template.replacingOccurrences(of: "{sig}", with: "x"))
            return template.replacingOccurrences(
                of: "{sig}", with: spell(try! ExchangeRequest.signature(over: received.canonical, keyPair: pair)))
        }
    }

    func expected(
        appName: String = "Verifier Test", reason: String = "Summarise my notes", capabilities: [String] = ["visual", "tool"],
        multipleSelection: Bool = true, timestamp: Double = 1_700_000_000
    ) -> JSONObject {
        JSONObject(
            F.session(FlowDownFixtures.session), F.appName(appName), F.reason(reason), F.capabilities(capabilities.map { .string($0) }),
            F.multipleSelection(multipleSelection), F.verifiedTimestamp(timestamp))
    }

    public func generate() -> VectorFile {
        let b = Builder()
        let now = FlowDownFixtures.now
        var tests: [TestCase] = []
        func add(
            _ slug: String, _ comment: String, _ flags: [Flag], _ spec: [String], url: String, pk: String? = nil,
            now: Int64 = now, _ result: ExpectedResult, _ error: String? = nil, expected: JSONObject = JSONObject()
        ) {
            tests.append(
                TestCase(
                    id: "\(id)/\(slug)", comment: comment, flags: flags, spec: spec,
                    input: JSONObject(F.exchangeURL(url), F.handshakePK(pk ?? b.pk), F.now(now)),
                    expected: result == .invalid ? JSONObject() : expected, result: result, error: error))
        }
        let valid = b.url(b.items())
        let specPair = FlowDownFixtures.keyPair(FlowDownFixtures.specSeed)
        let specURL = try! ExchangeRequest(
            session: "session-1", appName: "Tester", reason: "Need a model", capabilities: [.audio, .developerRole],
            multipleSelection: false, timestamp: 1_700_000_000
        ).signedURL(keyPair: specPair).url
        add(
            "spec-example", "the signed URL of spec section 13", [.specExample], ["FlowDown 6", "FlowDown 13"], url: specURL,
            pk: specPair.publicKey.encoded, .valid,
            expected: JSONObject(
                F.session("session-1"), F.appName("Tester"), F.reason("Need a model"), F.capabilities(["audio", "developerRole"]),
                F.multipleSelection(false), F.verifiedTimestamp(1_700_000_000)))
        add("valid", "a valid exchange URL", [], ["FlowDown 6"], url: valid, .valid, expected: expected())
        for (delta, result) in [(-299, ExpectedResult.valid), (299, .valid), (-300, .invalid), (300, .invalid)] {
            let ts = now + Int64(delta)
            add(
                "timestamp-\(delta < 0 ? "minus" : "plus")-\(abs(delta))", "timestamp now\(delta < 0 ? "" : "+")\(delta) s", [.window],
                ["FlowDown 6"],
                url: b.url(b.items(timestamp: String(ts))), result, result == .invalid ? "expired" : nil,
                expected: expected(timestamp: Double(ts)))
        }
        // One bit of the signature flipped.
        var sigBytes = try! Base64.decode(
            URLQueryEncoding.decode(String(valid.split(separator: "?")[1])).last!.value!, variant: .foundation)
        sigBytes[10] ^= 0x04
        let flipped =
            "flowdown://models/exchange?\(URLQueryEncoding.encode(b.items()))&sig="
            + "\(URLQueryEncoding.encodeComponent(Base64.encode(sigBytes, variant: .foundation)))"
        add(
            "signature-bit-flip", "bit 2 of signature byte 10 flipped", [.modifiedSignature], ["FlowDown 6"], url: flipped, .invalid,
            "bad-signature")
        add(
            "wrong-key", "signed by another key than pk", [.wrongKey], ["FlowDown 6"],
            url: b.url(b.items(), signer: FlowDownFixtures.keyPair(FlowDownFixtures.seed(2))), .invalid, "bad-signature")
        var reordered = b.items()
        reordered.swapAt(1, 2)
        add(
            "reordered-items", "app_name and reason swapped after signing", [.itemOrder], ["FlowDown 6"],
            url: b.url(b.items(), sentQuery: URLQueryEncoding.encode(reordered)), .invalid, "bad-signature")
        for (name, char, escape) in [("plus", "+", "%2B"), ("comma", ",", "%2C"), ("slash", "/", "%2F")] {
            let items = b.items(appName: "A\(char)B")
            let foreign = URLQueryEncoding.encode(items).replacingOccurrences(of: "A\(char)B", with: "A\(escape)B")
            add(
                "sender-encodes-\(name)", "the sender signed and sent \(escape) for '\(char)' in app_name", [.foreignEncoding],
                ["FlowDown 6", "FlowDown 3"],
                url: b.url(items, signedCanonical: "/exchange?" + foreign, sentQuery: foreign), .invalid, "bad-signature")
            add(
                "transit-encodes-\(name)", "signed over '\(char)', sent as \(escape) in app_name", [.transitEncoding],
                ["FlowDown 6", "FlowDown 3"],
                url: b.url(items, sentQuery: foreign), .valid, expected: expected(appName: "A\(char)B"))
        }
        add(
            "missing-signature", "no sig item", [.missingSignature], ["FlowDown 6"],
            url: "flowdown://models/exchange?" + URLQueryEncoding.encode(b.items()), .invalid, "missing-signature")
        add(
            "signature-not-base64", "sig=!!!", [.invalidSignatureEncoding], ["FlowDown 6"],
            url: "flowdown://models/exchange?" + URLQueryEncoding.encode(b.items()) + "&sig=!!!", .invalid, "bad-signature")
        let canonical = "/exchange?" + URLQueryEncoding.encode(b.items())
        let rawSig = Base64.encode(Array(try! b.pair.signing.signature(for: Array(canonical.utf8))), variant: .foundation)
        add(
            "signature-over-string-not-digest", "Ed25519 over the canonical bytes instead of SHA-256 of them", [.wrongPrimitive],
            ["FlowDown 6"],
            url: "flowdown://models/exchange?" + URLQueryEncoding.encode(b.items()) + "&sig=" + URLQueryEncoding.encodeComponent(rawSig),
            .invalid, "bad-signature")
        add(
            "unknown-capability", "capabilities=visual,sound (validly signed)", [.unknownCapability], ["FlowDown 7", "FlowDown 8"],
            url: b.url(b.items(capabilities: "visual,sound")), .invalid, "unknown-capability")
        add(
            "capability-case", "capabilities=Visual: raw values are case-sensitive", [.unknownCapability], ["FlowDown 7"],
            url: b.url(b.items(capabilities: "Visual")), .invalid, "unknown-capability")
        add(
            "empty-capability-pieces", "capabilities=visual,,tool,", [.emptyCapabilityPiece], ["FlowDown 7"],
            url: b.url(b.items(capabilities: "visual,,tool,")), .valid, expected: expected())
        add(
            "missing-app-name", "no app_name item (validly signed)", [.missingItem], ["FlowDown 8"],
            url: b.url(b.items().filter { $0.name != "app_name" }), .invalid, "malformed")
        add(
            "missing-multiple-selection", "no multiple_selection item: the key must exist", [.missingItem], ["FlowDown 8"],
            url: b.url(b.items().filter { $0.name != "multiple_selection" }), .invalid, "malformed")
        add(
            "wrong-host", "host model instead of models", [.notExchange], ["FlowDown 8"], url: b.url(b.items(), host: "model"), .invalid,
            "malformed")
        add(
            "handshake-url", "a handshake URL is not an exchange", [.notExchange], ["FlowDown 8"],
            url: HandshakeRequest.url(publicKey: b.pair.publicKey, callbackScheme: "cb"), .invalid, "malformed")
        add(
            "path-upper-case", "path /EXCHANGE: resolves, but the canonical string uses the received path", [.pathCase],
            ["FlowDown 8", "FlowDown 6"],
            url: b.url(b.items(), path: "/EXCHANGE"), .invalid, "bad-signature")
        add(
            "bad-public-key", "pk is 87 characters", [.badPublicKey], ["FlowDown 2"], url: valid, pk: String(b.pk.dropLast()), .invalid,
            "bad-public-key")
        var duplicated = b.items()
        duplicated.insert(QueryItem("reason", "second reason"), at: 3)
        add(
            "duplicate-reason", "reason appears twice (signed over both)", [.duplicateParameter], ["FlowDown 8"],
            url: b.url(duplicated), .acceptable, expected: expected())
        add(
            "double-timestamp", "timestamp=1.7e9, signed as such", [.doubleTimestamp], ["FlowDown 8"],
            url: b.url(b.items(timestamp: "1.7e9")), .acceptable, expected: expected())
        addFoundationReadings(b) { slug, comment, flags, spec, url, pk, result, error, expected in
            add(slug, comment, flags, spec, url: url, pk: pk, result, error, expected: expected)
        }
        return VectorFile(
            format: "flowdown", suite: id, spec: FlowDownFixtures.spec,
            header: [
                "FlowDown's verification of a received exchange URL against the pk of the handshake, at time now (unknown-session is out "
                    + "of scope).",
                "Op flowdown.verifyExchange {url, pk, now} -> {session, appName, reason, capabilities, multipleSelection, timestamp}. "
                    + "Order of checks: parse (malformed, unknown-capability), pk (bad-public-key), window (expired), sig present "
                    + "(missing-signature), canonical rebuilt by decoding and re-encoding the received items without sig, Ed25519 over "
                    + "SHA-256 (bad-signature).",
            ],
            notes: Self.notes, testGroups: [TestGroup(type: Self.verifyExchange.type, tests: tests)])
    }

    typealias Add = (
        _ slug: String, _ comment: String, _ flags: [Flag], _ spec: [String], _ url: String, _ pk: String?, _ result: ExpectedResult,
        _ error: String?, _ expected: JSONObject
    ) -> Void

    /// The cases of issue 12: URLs FlowDown reads through Foundation (spellings, literal queries,
    /// timestamps, flags, Base64), each decided against FlowDown be50ddf with Swift 6.3.1 Foundation.
    func addFoundationReadings(_ b: Builder, _ add: Add) {
        let query = URLQueryEncoding.encode(b.items())
        let plain = "flowdown://models/exchange?\(query)&sig={sig}"
        let spec = ["FlowDown 8", "FlowDown 6"]
        let spellings: [(String, String, String)] = [
            ("userinfo-and-port", "u@models:8080: userinfo and port are not read", "flowdown://u@models:8080/exchange?\(query)&sig={sig}"),
            ("path-trailing-slash", "path /exchange/", "flowdown://models/exchange/?\(query)&sig={sig}"),
            (
                "path-trailing-slashes", "path /exchange//: URL.path drops every trailing slash",
                "flowdown://models/exchange//?\(query)&sig={sig}"
            ),
            ("path-percent-encoded", "path /%65xchange: the path is decoded", "flowdown://models/%65xchange?\(query)&sig={sig}"),
            ("fragment", "#fragment after sig is not part of the query", plain + "#fragment"),
            ("sig-upper-case-name", "SIG=: every item named sig in any case is left out", "flowdown://models/exchange?\(query)&SIG={sig}"),
            ("sig-first", "sig is the first item", "flowdown://models/exchange?sig={sig}&\(query)"),
            (
                "other-scheme", "scheme example instead of flowdown: resolve ignores the scheme",
                "example://models/exchange?\(query)&sig={sig}"
            ),
        ]
        for (slug, comment, template) in spellings {
            add(slug, comment, [.urlSpelling], spec, b.signed(template), nil, .valid, nil, expected())
        }
        let extra = "flowdown://models/exchange?\(query)&flag&&sig={sig}"
        add(
            "extra-items-signed", "&flag (no value) and an empty item, signed", [.extraItems], spec, b.signed(extra), nil, .valid, nil,
            expected())
        add(
            "extra-items-unsigned", "&flag appended after signing", [.extraItems], spec, b.signed(plain) + "&flag", nil, .invalid,
            "bad-signature", [:])

        // A leading U+FEFF: signed with the mark (as FlowDown's own makeExchangeURL signs, FINDINGS.md F5), then
        // read and rebuilt without it, so FlowDown refuses the URL; signed as FlowDown reads it, it verifies.
        add(
            "bom-app-name-signed-with-mark", "app_name=%EF%BB%BFApp signed over the mark: FlowDown rebuilds app_name=App",
            [.byteOrderMark], spec, b.url(b.items(appName: "\u{FEFF}App")), nil, .invalid, "bad-signature", [:])
        add(
            "bom-app-name-signed-as-read", "app_name=%EF%BB%BFApp signed over FlowDown's reading (App)", [.byteOrderMark], spec,
            b.signed("flowdown://models/exchange?\(URLQueryEncoding.encode(b.items(appName: "\u{FEFF}App")))&sig={sig}"), nil, .valid,
            nil, expected(appName: "App"))

        // Literal queries: the signature is written raw, as '%3D' would itself be read literally.
        let raw = { (sig: String) in sig }
        let session = FlowDownFixtures.session
        let literal =
            "session=\(session)&app_name=My%20App&reason=why not&capabilities=visual,tool&multiple_selection=true&timestamp=1700000000"
        let decodedCanonical =
            "/exchange?"
            + URLQueryEncoding.encode(b.items(appName: "My App").map { $0.name == "reason" ? QueryItem("reason", "why not") : $0 })
        let decodedSig = try! ExchangeRequest.signature(over: decodedCanonical, keyPair: b.pair)
        add(
            "literal-query-signed-decoded",
            "app_name=My%20App and a raw space in reason, signed over \"My App\" and \"why not\": "
                + "FlowDown reads app_name as \"My%20App\" and rebuilds My%2520App", [.literalQuery], spec,
            "flowdown://models/exchange?\(literal)&sig=\(decodedSig)", nil, .invalid, "bad-signature", [:])
        add(
            "literal-query-signed-literally", "the same URL signed over FlowDown's literal reading", [.literalQuery], spec,
            b.signed("flowdown://models/exchange?\(literal)&sig={sig}", spell: raw), nil, .valid, nil,
            expected(appName: "My%20App", reason: "why not"))
        add(
            "literal-query-encoded-name", "app_%6Eame=… with a raw space in reason: the name stays app_%6Eame, so there is no app_name",
            [.literalQuery, .missingItem], spec,
            "flowdown://models/exchange?\(literal.replacingOccurrences(of: "app_name=My%20App", with: "app_%6Eame=App"))&sig=\(decodedSig)",
            nil,
            .invalid, "malformed", [:])
        let percent = query.replacingOccurrences(of: "reason=Summarise%20my%20notes", with: "reason=100%")
        add(
            "literal-query-stray-percent",
            "reason=100%: a stray % makes the query literal: reason is \"100%\", app_name \"Verifier%20Test\"",
            [.literalQuery], spec, b.signed("flowdown://models/exchange?\(percent)&sig={sig}", spell: raw), nil, .valid, nil,
            expected(appName: "Verifier%20Test", reason: "100%"))
        add(
            "literal-query-sig-stray-percent", "sig=%zz…: the query is literal and sig is not Base64", [.literalQuery], spec,
            "flowdown://models/exchange?\(query)&sig=%zz\(decodedSig.dropFirst(3))", nil, .invalid, "bad-signature", [:])

        // Timestamps as Swift's Double.
        let now = Double(FlowDownFixtures.now)
        let window: [Flag] = [.window, .swiftDoubleTimestamp]
        let timestamps: [(String, String, String, [Flag], ExpectedResult, String?, Double)] = [
            ("timestamp-hex", "timestamp=0x6553F100 (1700000000)", "0x6553F100", [.swiftDoubleTimestamp], .acceptable, nil, 1_700_000_000),
            ("timestamp-fraction-inside", "timestamp = now - 299.5", "1699999700.5", window, .valid, nil, now - 299.5),
            ("timestamp-fraction-outside", "timestamp = now - 300.5", "1699999699.5", window, .invalid, "expired", 0),
            ("timestamp-nan", "timestamp=nan: no comparison with NaN holds, so it is expired", "nan", window, .invalid, "expired", 0),
            ("timestamp-infinity", "timestamp=inf", "inf", window, .invalid, "expired", 0),
        ]
        for (slug, comment, text, flags, result, error, value) in timestamps {
            let url = b.signed("flowdown://models/exchange?\(URLQueryEncoding.encode(b.items(timestamp: text)))&sig={sig}")
            add(
                slug, comment + ", signed as such", flags, spec, url, nil, result, error,
                result == .invalid ? JSONObject() : expected(timestamp: value))
        }

        // multiple_selection and capabilities.
        for (slug, value, selected) in [("multiple-selection-upper-case", "TRUE", true), ("multiple-selection-yes", "yes", false)] {
            let items = b.items().map { $0.name == "multiple_selection" ? QueryItem($0.name, value) : $0 }
            add(
                slug, "multiple_selection=\(value)", [.multipleSelection], spec,
                b.signed("flowdown://models/exchange?\(URLQueryEncoding.encode(items))&sig={sig}"), nil, .valid, nil,
                expected(multipleSelection: selected))
        }
        add(
            "capability-leading-space", "capabilities=visual, tool", [.capabilityList, .unknownCapability], ["FlowDown 7"],
            b.url(b.items(capabilities: "visual, tool")), nil, .invalid, "unknown-capability", [:])
        add(
            "capability-repeated", "capabilities=tool,tool", [.capabilityList], ["FlowDown 7"], b.url(b.items(capabilities: "tool,tool")),
            nil, .valid, nil, expected(capabilities: ["tool", "tool"]))

        // Order of checks, and Foundation's Base64.
        add(
            "malformed-url-and-bad-public-key", "no app_name and a pk of 87 characters: parse comes first", [.checkOrder, .missingItem],
            ["FlowDown 8"], b.url(b.items().filter { $0.name != "app_name" }), String(b.pk.dropLast()), .invalid, "malformed", [:])
        add(
            "sig-extra-padding", "sig ends in ===", [.foundationBase64], ["FlowDown 6"], b.signed(plain) + "%3D", nil, .acceptable, nil,
            expected())
        add(
            "sig-non-zero-trailing-bits", "the last data character of sig has a non-zero unused bit", [.foundationBase64], ["FlowDown 6"],
            b.signed(plain) { URLQueryEncoding.encodeComponent(FlowDownFixtures.withTrailingBits($0)) }, nil, .acceptable, nil, expected())
        add(
            "pk-non-zero-trailing-bits", "the last data character of pk has a non-zero unused bit", [.foundationBase64], ["FlowDown 2"],
            b.signed(plain), FlowDownFixtures.withTrailingBits(b.pk), .acceptable, nil, expected())
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        file.allTests.compactMap { $0.test.input[F.exchangeURL] }.map { CorpusSeed(target: "FuzzFlowDownURL", bytes: Array($0.utf8)) }
    }
}
