import CdevAuth
import ConformanceKit
import WireCore

/// `cdev/pairing`: the JSON a cdev client parses to pair (cdev spec section 4): the pairing info
/// of `/api/pair/info`, the QR text and `cdev pair --json`, and the TokenPairResponse of
/// exchange and refresh, with RFC 3339 timestamps in any offset.
public struct CdevPairingSuite: VectorSuite {
    public init() {}
    public var id: String { "cdev/pairing" }
    typealias F = CdevFields

    static let pairingToken = CdevToken.mint(
        TokenPayload(
            type: "pairing", serverId: CdevTokenSuite.serverId, issuedAt: CdevTokenSuite.issuedAt, expiresAt: 1_735_520_400,
            nonce: "N0nce-_012345678"),
        secret: CdevTokenSuite.secret)
    static let accessToken = CdevToken.mint(
        TokenPayload(
            type: "access", serverId: CdevTokenSuite.serverId, issuedAt: CdevTokenSuite.issuedAt, expiresAt: 1_735_517_700,
            nonce: "AcCeSsNoNcE_0123"),
        secret: CdevTokenSuite.secret)
    static let refreshToken = CdevToken.mint(
        TokenPayload(
            type: "refresh", serverId: CdevTokenSuite.serverId, issuedAt: CdevTokenSuite.issuedAt, expiresAt: 1_736_121_600,
            nonce: "ReFrEsHnOnCe-012"),
        secret: CdevTokenSuite.secret)
    static let info = PairingInfo(
        ws: "ws://127.0.0.1:8766/ws", http: "http://127.0.0.1:8766", session: "6f57d617-8d94-4810-b135-cddff5bc1007",
        repo: "cdev", token: pairingToken, tokenExpiresAt: 1_735_520_400)

    /// `CdevPairingInfoTest`: `cdev.parsePairingInfo {json}` → the pairing info's fields.
    public static let pairingInfo = GroupKind(
        "CdevPairingInfoTest", op: "cdev.parsePairingInfo", input: [F.json],
        expected: [F.ws, F.http, F.session, F.repo, F.pairingToken, F.tokenExpiresAt, F.authRequired])
    /// `CdevTokenPairTest`: `cdev.parseTokenPair {json}` → the token pair's fields, times in Unix seconds.
    public static let tokenPair = GroupKind(
        "CdevTokenPairTest", op: "cdev.parseTokenPair", input: [F.json],
        expected: [F.accessToken, F.accessTokenExpiresAt, F.refreshToken, F.refreshTokenExpiresAt, F.tokenType, F.expiresIn])

    public var groupKinds: [GroupKind] { [Self.pairingInfo, Self.tokenPair] }

    /// The flags of `cdev/pairing`, the keys of its notes.
    enum Flag: String, CaseFlag {
        case pairInfo = "PairInfo"
        case qrText = "QRText"
        case cliJSON = "CLIJSON"
        case terminalQR = "TerminalQR"
        case headShape = "HeadShape"
        case timeOffset = "TimeOffset"
        case fractionalSeconds = "FractionalSeconds"
        case malformed = "Malformed"
        case deepNesting = "DeepNesting"
        case nullOptional = "NullOptional"
        case unknownKey = "UnknownKey"
        case duplicateKey = "DuplicateKey"
        case integerAsFloat = "IntegerAsFloat"
        case calendar = "Calendar"
        case timeSyntax = "TimeSyntax"
        case strictJSON = "StrictJSON"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .pairInfo: .init(
            bugType: .basic,
            description: "GET /api/pair/info: ws, http, session, repo[, auth_required][, token, token_expires_at] in Go struct order."),
        .qrText: .init(bugType: .basic, description: "The QR text: a Go map, so keys come sorted (http, repo, session, token, ws)."),
        .cliJSON: .init(
            bugType: .basic,
            description: "cdev pair --json: json.MarshalIndent in struct order ws, http, session, token, repo, then a newline."),
        .terminalQR: .init(
            bugType: .basic,
            description:
                "The QR that cdev pair prints in the terminal: json.Marshal(PairingInfo), compact, in struct order ws, http, session, "
                + "token, repo (/api/pair/qr and the server's QR use sorted keys)."),
        .headShape: .init(bugType: .functionality, description: "cdev HEAD adds auth_required after repo."),
        .timeOffset: .init(
            bugType: .interop, description: "cdev writes RFC 3339 in the server's local offset; clients must accept any offset."),
        .fractionalSeconds: .init(
            bugType: .interop, description: "The cdev-ios client accepts fractional seconds; the value is truncated to whole seconds."),
        .malformed: .init(
            bugType: .basic,
            description:
                "Not a document a client can pair from: not JSON, not an object, a required field missing or of the wrong type, a bad "
                + "timestamp."
        ),
        .deepNesting: .init(
            bugType: .canOfWorms,
            description:
                "Go's encoding/json refuses nesting deeper than 10,000; a recursive parser without a depth limit overflows its stack "
                + "and crashes (a crashed shim scores FAIL)."),
        .nullOptional: .init(bugType: .functionality, description: "null for an optional field means absent."),
        .unknownKey: .init(bugType: .functionality, description: "Unknown keys are ignored (newer servers add fields)."),
        .duplicateKey: .init(
            bugType: .edgeCase,
            description:
                "A key twice: Go keeps the last, Swift 6 Foundation's JSONDecoder (the cdev-ios client) the first; a strict parser may "
                + "refuse."),
        .integerAsFloat: .init(
            bugType: .edgeCase, description: "expires_in written as 899.0: Foundation decodes it as 899; a strict parser may refuse."),
        .calendar: .init(
            bugType: .edgeCase,
            description:
                "Date-times at the calendar's edges: 29 February of years divisible by 4, 100 and 400, second 60 (the next minute), a "
                + "fraction before 1970 (truncated toward the past)."),
        .timeSyntax: .init(
            bugType: .edgeCase,
            description: "A date-time one character away from the grammar of contract 4.2 (offset forms, fraction marks, case, spaces)."),
        .strictJSON: .init(
            bugType: .edgeCase,
            description:
                "RFC 8259 as the reference reads it: one value, no byte-order mark, comment, trailing comma or leading zero, numbers "
                + "that fit a double, no lone surrogate escape, nesting to 256 levels."),
    ]

    static func text(_ object: JSONObject) -> String { JSONWriter(options: .init(escapeHTML: true)).string(.object(object)) }

    static func expected(_ info: PairingInfo) -> JSONObject {
        var object = JSONObject(F.ws(info.ws), F.http(info.http), F.session(info.session), F.repo(info.repo))
        if let token = info.token { object.set(F.pairingToken, token) }
        if let at = info.tokenExpiresAt { object.set(F.tokenExpiresAt, at) }
        if let flag = info.authRequired { object.set(F.authRequired, flag) }
        return object
    }

    static func expected(_ pair: TokenPairResponse) -> JSONObject {
        JSONObject(
            F.accessToken(pair.accessToken), F.accessTokenExpiresAt(pair.accessTokenExpiresAt), F.refreshToken(pair.refreshToken),
            F.refreshTokenExpiresAt(pair.refreshTokenExpiresAt), F.tokenType(pair.tokenType), F.expiresIn(pair.expiresIn))
    }

    public func generate() -> VectorFile {
        var infoCases: [TestCase] = []
        func addInfo(
            _ slug: String, _ comment: String, _ flags: [Flag], _ json: String, _ result: ExpectedResult, expected: PairingInfo? = nil
        ) {
            // An acceptable case holds the reference's reading, which `--strict` asks for when it is accepted.
            let expected = result == .acceptable ? try? PairingInfo.parse(Array(json.utf8)) : expected
            infoCases.append(
                TestCase(
                    id: "\(id)/info-\(slug)", comment: comment, flags: flags, spec: ["cdev 4.2"], input: JSONObject(F.json(json)),
                    expected: expected.map { Self.expected($0) } ?? [:], result: result,
                    error: result == .invalid ? PairingJSONError.Code.malformed.rawValue : nil))
        }
        var noToken = Self.info
        noToken.token = nil
        noToken.tokenExpiresAt = nil
        addInfo(
            "baseline-no-auth", "/api/pair/info with require_auth off: no token", [.pairInfo],
            Self.text(noToken.infoJSON(offsetSeconds: 0)) + "\n", .valid, expected: noToken)
        addInfo(
            "baseline-utc", "/api/pair/info with a token, server in UTC", [.pairInfo],
            Self.text(Self.info.infoJSON(offsetSeconds: 0)) + "\n", .valid, expected: Self.info)
        addInfo(
            "baseline-plus-7", "token_expires_at in +07:00 (server in Asia/Bangkok)", [.pairInfo, .timeOffset],
            Self.text(Self.info.infoJSON(offsetSeconds: 7 * 3600)) + "\n", .valid, expected: Self.info)
        addInfo(
            "baseline-minus-0530", "token_expires_at in -05:30", [.pairInfo, .timeOffset],
            Self.text(Self.info.infoJSON(offsetSeconds: -(5 * 3600 + 1800))) + "\n", .valid, expected: Self.info)
        var head = Self.info
        head.authRequired = true
        addInfo(
            "head-auth-required", "HEAD: auth_required after repo", [.pairInfo, .headShape],
            Self.text(head.infoJSON(offsetSeconds: 3600)) + "\n", .valid, expected: head)
        // HEAD writes auth_required always (no omitempty), and the token only with ?include_token=1.
        var headDefault = noToken
        headDefault.authRequired = true
        addInfo(
            "head-default-no-token", "HEAD's default /api/pair/info: auth_required true and no token", [.pairInfo, .headShape],
            Self.text(headDefault.infoJSON(offsetSeconds: 0)) + "\n", .valid, expected: headDefault)
        var headOpen = noToken
        headOpen.authRequired = false
        addInfo(
            "head-auth-not-required", "HEAD with auth off: auth_required false is written", [.pairInfo, .headShape],
            Self.text(headOpen.infoJSON(offsetSeconds: 0)) + "\n", .valid, expected: headOpen)
        var qrInfo = Self.info
        qrInfo.tokenExpiresAt = nil
        addInfo("qr-text", "the QR text: sorted keys, token, no token_expires_at", [.qrText], Self.info.qrText, .valid, expected: qrInfo)
        addInfo("qr-text-no-token", "the QR text with auth off", [.qrText], noToken.qrText, .valid, expected: noToken)
        addInfo(
            "cli-json", "cdev pair --json (indented, ws, http, session, token, repo)", [.cliJSON],
            JSONWriter(options: .init(escapeHTML: true, indent: 2)).string(.object(Self.info.cliJSON)) + "\n", .valid, expected: qrInfo)
        addInfo(
            "terminal-qr", "the QR cdev pair prints: compact, struct order ws, http, session, token, repo", [.terminalQR],
            JSONWriter(options: .init(escapeHTML: true)).string(.object(Self.info.cliJSON)), .valid, expected: qrInfo)
        addInfo(
            "fraction", "token_expires_at with fractional seconds", [.fractionalSeconds],
            Self.text(noToken.infoJSON(offsetSeconds: 0)).dropLast()
                + #","token":"\#(Self.pairingToken)","token_expires_at":"2024-12-30T01:00:00.750Z"}"#, .valid, expected: Self.info)
        addInfo(
            "null-token", "token null", [.nullOptional],
            #"{"ws":"ws://h:1/ws","http":"http://h:1","session":"s","repo":"r","token":null,"token_expires_at":null}"#,
            .valid, expected: PairingInfo(ws: "ws://h:1/ws", http: "http://h:1", session: "s", repo: "r"))
        addInfo(
            "unknown-key", "an extra key", [.unknownKey],
            #"{"ws":"ws://h:1/ws","http":"http://h:1","session":"s","repo":"r","mode":"local"}"#,
            .valid, expected: PairingInfo(ws: "ws://h:1/ws", http: "http://h:1", session: "s", repo: "r"))
        addInfo(
            "duplicate-key", "repo twice", [.duplicateKey],
            #"{"ws":"ws://h:1/ws","http":"http://h:1","session":"s","repo":"a","repo":"b"}"#, .acceptable)
        addInfo(
            "nesting-100000", "an extra key holding arrays nested 100,000 deep", [.deepNesting],
            #"{"ws":"ws://h:1/ws","http":"http://h:1","session":"s","repo":"r","x":"#
                + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}", .invalid)
        addInfo("not-json", "not JSON", [.malformed], "ws://127.0.0.1:8766/ws", .invalid)
        addInfo("array", "a JSON array", [.malformed], #"["ws://h:1/ws"]"#, .invalid)
        addInfo("missing-ws", "ws missing", [.malformed], #"{"http":"http://h:1","session":"s","repo":"r"}"#, .invalid)
        addInfo("missing-repo", "repo missing", [.malformed], #"{"ws":"ws://h:1/ws","http":"http://h:1","session":"s"}"#, .invalid)
        addInfo("ws-number", "ws is a number", [.malformed], #"{"ws":8766,"http":"http://h:1","session":"s","repo":"r"}"#, .invalid)
        addInfo(
            "session-null", "session null", [.malformed], #"{"ws":"ws://h:1/ws","http":"http://h:1","session":null,"repo":"r"}"#, .invalid)
        addInfo(
            "token-number", "token is a number", [.malformed],
            #"{"ws":"ws://h:1/ws","http":"http://h:1","session":"s","repo":"r","token":1}"#, .invalid)
        for (slug, stamp) in [
            ("time-no-offset", "2024-12-30T01:00:00"), ("time-space", "2024-12-30 01:00:00Z"), ("time-feb-30", "2024-02-30T01:00:00Z"),
            ("time-unix", "1735520400"), ("time-hour-24", "2024-12-30T24:00:00Z"),
        ] {
            addInfo(
                slug, "token_expires_at \(stamp.debugDescription)", [.malformed],
                #"{"ws":"ws://h:1/ws","http":"http://h:1","session":"s","repo":"r","token":"t","token_expires_at":"\#(stamp)"}"#, .invalid)
        }
        func document(expiresAt stamp: String) -> String {
            #"{"ws":"ws://h:1/ws","http":"http://h:1","session":"s","repo":"r","token":"t","token_expires_at":"\#(stamp)"}"#
        }
        for (slug, stamp, comment) in [
            ("time-2100-02-29", "2100-02-29T00:00:00Z", "2100 is divisible by 100, not 400: no 29 February"),
            ("time-1900-02-29", "1900-02-29T12:00:00+01:00", "1900 is no leap year"),
            ("time-2023-02-29", "2023-02-29T00:00:00Z", "2023 is no leap year"),
            ("time-minute-60", "2024-12-30T01:60:00Z", "minute 60"),
            ("time-second-61", "2024-12-31T23:59:61Z", "second 61"),
        ] {
            addInfo(slug, "token_expires_at \(stamp.debugDescription): \(comment)", [.calendar], document(expiresAt: stamp), .invalid)
        }
        for (slug, stamp) in [
            ("time-offset-no-colon", "2024-12-30T01:00:00+0100"), ("time-offset-hour-24", "2024-12-30T01:00:00+24:00"),
            ("time-offset-minute-60", "2024-12-30T01:00:00+01:60"), ("time-comma-fraction", "2024-12-30T01:00:00,5Z"),
            ("time-point-no-digits", "2024-12-30T01:00:00.Z"), ("time-year-5-digits", "12024-12-30T01:00:00Z"),
            ("time-leading-space", " 2024-12-30T01:00:00Z"), ("time-trailing-space", "2024-12-30T01:00:00Z "),
            ("time-offset-letter", "2024-12-30T01:00:00UTC"), ("time-one-digit-day", "2024-12-3T01:00:00Z"),
        ] {
            addInfo(slug, "token_expires_at \(stamp.debugDescription)", [.timeSyntax], document(expiresAt: stamp), .invalid)
        }
        for (slug, stamp, comment, flag) in [
            ("time-2000-02-29", "2000-02-29T00:00:00Z", "2000 is divisible by 400: a leap year", Flag.calendar),
            ("time-2024-02-29", "2024-02-29T23:59:59-05:30", "a leap day in -05:30", .calendar),
            ("time-second-60", "2024-12-31T23:59:60Z", "second 60 is the next minute: 1735689600", .calendar),
            ("time-fraction-before-1970", "1969-12-31T23:59:59.5Z", "a fraction is truncated toward the past: -1", .calendar),
            ("time-lower-case", "2024-12-30t01:00:00z", "lower-case t and z", .timeSyntax),
            ("time-minus-00-00", "2024-12-30T01:00:00-00:00", "-00:00 is UTC", .timeSyntax),
        ] {
            let json = document(expiresAt: stamp)
            addInfo(
                slug, "token_expires_at \(stamp.debugDescription): \(comment)", [flag], json, .valid,
                expected: try? PairingInfo.parse(Array(json.utf8)))
        }
        let fields = #"{"ws":"ws://h:1/ws","http":"http://h:1","session":"s","repo":"r""#
        for (slug, json, comment) in [
            ("json-bom", "\u{FEFF}" + fields + "}", "a byte-order mark before the object"),
            ("json-number-beyond-double", fields + #","x":1e999}"#, "1e999 under an unknown key"),
            ("json-leading-zero", fields + #","x":01}"#, "the number 01 under an unknown key"),
            ("json-lone-surrogate", fields + #","x":"\ud800"}"#, "a lone surrogate escape under an unknown key"),
            ("json-trailing-comma", fields + ",}", "a trailing comma"),
            ("json-comment", fields + "/* c */}", "a comment"),
            ("json-second-value", fields + "} {}", "a second value after the object"),
            ("json-raw-control", fields + #","x":"a\#u{1}b"}"#, "a raw U+0001 inside a string"),
            (
                "json-nesting-257", fields + #","x":"# + String(repeating: "[", count: 256) + String(repeating: "]", count: 256) + "}",
                "an unknown key holding 256 nested arrays: 257 levels"
            ),
            (
                "json-upper-case-key", #"{"WS":"ws://h:1/ws","http":"http://h:1","session":"s","repo":"r"}"#,
                "WS for ws: keys are case-sensitive"
            ),
        ] {
            addInfo(slug, comment, [.strictJSON], json, .invalid)
        }
        for (slug, json, comment) in [
            (
                "json-nesting-256", fields + #","x":"# + String(repeating: "[", count: 255) + String(repeating: "]", count: 255) + "}",
                "an unknown key holding 255 nested arrays: 256 levels"
            ),
            ("json-empty-strings", #"{"ws":"","http":"","session":"","repo":""}"#, "every required string empty"),
            ("json-escaped-keys", #"{"\u0077s":"ws://h:1/ws","http":"http:\/\/h:1","session":"s","repo":"r"}"#, "an escaped key and a \\/"),
        ] {
            addInfo(slug, comment, [.strictJSON], json, .valid, expected: try? PairingInfo.parse(Array(json.utf8)))
        }
        // Every proper prefix of a full date-time: a reader that looks past the end of a short one traps.
        let full = "2024-12-30T01:00:00.5+05:30"
        for length in 1..<full.count {
            let stamp = String(full.prefix(length))
            addInfo(
                "time-cut-\(length)", "token_expires_at cut to \(stamp.debugDescription)", [.malformed],
                #"{"ws":"ws://h:1/ws","http":"http://h:1","session":"s","repo":"r","token":"t","token_expires_at":"\#(stamp)"}"#, .invalid)
        }

        var pairCases: [TestCase] = []
        func addPair(
            _ slug: String, _ comment: String, _ flags: [Flag], _ json: String, _ result: ExpectedResult,
            expected: TokenPairResponse? = nil
        ) {
            let expected = result == .acceptable ? try? TokenPairResponse.parse(Array(json.utf8)) : expected
            pairCases.append(
                TestCase(
                    id: "\(id)/token-pair-\(slug)", comment: comment, flags: flags, spec: ["cdev 4.1"], input: JSONObject(F.json(json)),
                    expected: expected.map { Self.expected($0) } ?? [:], result: result,
                    error: result == .invalid ? PairingJSONError.Code.malformed.rawValue : nil))
        }
        let pair = TokenPairResponse(
            accessToken: Self.accessToken, accessTokenExpiresAt: 1_735_517_700, refreshToken: Self.refreshToken,
            refreshTokenExpiresAt: 1_736_121_600, expiresIn: 899)
        addPair("utc", "exchange response, server in UTC", [], Self.text(pair.json(offsetSeconds: 0)) + "\n", .valid, expected: pair)
        addPair("plus-7", "server in +07:00", [.timeOffset], Self.text(pair.json(offsetSeconds: 7 * 3600)) + "\n", .valid, expected: pair)
        addPair(
            "minus-8", "server in -08:00", [.timeOffset], Self.text(pair.json(offsetSeconds: -8 * 3600)) + "\n", .valid, expected: pair)
        addPair(
            "fraction", "timestamps with fractional seconds", [.fractionalSeconds],
            Self.text(pair.json(offsetSeconds: 0)).replacingOccurrences(of: ":00Z", with: ":00.999999Z"), .valid, expected: pair)
        addPair(
            "integer-as-float", "expires_in 899.0", [.integerAsFloat],
            Self.text(pair.json(offsetSeconds: 0)).replacingOccurrences(of: ":899}", with: ":899.0}"), .acceptable)
        addPair(
            "missing-refresh", "refresh_token missing", [.malformed],
            Self.text(JSONObject(pair.json(offsetSeconds: 0).filter { $0.key != "refresh_token" })), .invalid)
        addPair(
            "expires-in-string", "expires_in \"899\"", [.malformed],
            Self.text(pair.json(offsetSeconds: 0)).replacingOccurrences(of: ":899}", with: #":"899"}"#), .invalid)
        addPair(
            "time-garbage", "access_token_expires_at not a date", [.malformed],
            Self.text(pair.json(offsetSeconds: 0)).replacingOccurrences(of: "2024-12-30T00:15:00Z", with: "in 15 minutes"), .invalid)
        addPair(
            "error-body", "the 401 body of a refused exchange", [.malformed], #"{"error":"Invalid or expired pairing token"}"# + "\n",
            .invalid)
        return VectorFile(
            format: "cdev", suite: id, spec: CdevTokenSuite.spec,
            header: [
                "What a cdev client parses to pair: pairing info (API, QR text, CLI), and the token pair of /api/auth/exchange and "
                    + "/api/auth/refresh.",
                "Ops cdev.parsePairingInfo {json} -> {ws, http, session, repo, token?, tokenExpiresAt? (Unix seconds), authRequired?} "
                    + "and cdev.parseTokenPair {json} -> {accessToken, accessTokenExpiresAt, refreshToken, refreshTokenExpiresAt, "
                    + "tokenType, expiresIn}, or malformed.",
            ],
            notes: Self.notes,
            testGroups: [TestGroup(type: Self.pairingInfo.type, tests: infoCases), TestGroup(type: Self.tokenPair.type, tests: pairCases)])
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        // The target reads at most 4,096 bytes (Fuzz/Options), so the 200 KB nesting case is not a seed.
        file.allTests.compactMap { $0.test.input[F.json] }.filter { $0.utf8.count <= 4096 }.map {
            CorpusSeed(target: "FuzzCdevPairingJSON", bytes: Array($0.utf8))
        }
    }
}
