import CdevAuth
import ConformanceKit
import WireCore

/// `cdev/tokens`: minting and validating cdev tokens byte-exact with the Go implementation
/// (cdev spec sections 1 and 2). Every validation case changes one thing of a valid token.
public struct CdevTokenSuite: VectorSuite {
    public init() {}
    public var id: String { "cdev/tokens" }
    typealias F = CdevFields

    static let spec = VectorFile.SpecReference(
        name: "cdev token payload v1", version: "brianly1003/cdev e761846 (Baseline B) and 8a8a4d1 (HEAD)",
        url: "https://github.com/brianly1003/cdev")
    static let secret = (0..<32).map(UInt8.init)
    static let serverId = "AbCdEfGhIjKlMnOp"
    static let issuedAt: Int64 = 1_735_516_800

    /// `CdevMintTest`: `cdev.mint {secret, type, serverId, issuedAt, expiresAt, nonce, deviceId?, userId?}` → `{token}`.
    public static let mint = GroupKind(
        "CdevMintTest", op: "cdev.mint",
        input: [F.secret, F.type, F.serverId, F.issuedAt, F.expiresAt, F.nonce, F.deviceId, F.userId], expected: [F.token])
    /// `CdevValidateTest`: `cdev.validate {token, secret, serverId, now, revokedNonces?}` → `{payload}`.
    public static let validate = GroupKind(
        "CdevValidateTest", op: "cdev.validate",
        input: [F.tokenToValidate, F.secret, F.validatingServerId, F.now, F.revokedNonces], expected: [F.payload])

    public var groupKinds: [GroupKind] { [Self.mint, Self.validate] }

    /// The flags of `cdev/tokens`, the keys of its notes.
    enum Flag: String, CaseFlag {
        case specExample = "SpecExample"
        case headShape = "HeadShape"
        case optionalField = "OptionalField"
        case prefix = "Prefix"
        case outerBase64 = "OuterBase64"
        case outerJSON = "OuterJSON"
        case innerBase64 = "InnerBase64"
        case modifiedPayload = "ModifiedPayload"
        case modifiedMAC = "ModifiedMAC"
        case wrongSecret = "WrongSecret"
        case payloadJSON = "PayloadJSON"
        case serverId = "ServerId"
        case typePrefix = "TypePrefix"
        case revoked = "Revoked"
        case expiry = "Expiry"
        case legacyPayload = "LegacyPayload"
        case goBase64LineBreak = "GoBase64LineBreak"
        case goBase64TrailingBits = "GoBase64TrailingBits"
        case goJSONCaseInsensitive = "GoJSONCaseInsensitive"
        case goJSONDuplicateKey = "GoJSONDuplicateKey"
        case goJSONUnknownKey = "GoJSONUnknownKey"
        case goMintDefault = "GoMintDefault"
        case goJSONInvalidUTF8 = "GoJSONInvalidUTF8"
        case goJSONLoneSurrogate = "GoJSONLoneSurrogate"
        case goJSONNumberRange = "GoJSONNumberRange"
        case goJSONDepth = "GoJSONDepth"
        case goJSONDuplicateKeyType = "GoJSONDuplicateKeyType"
        case goJSONHTMLEscape = "GoJSONHTMLEscape"
        case goJSONControlEscape = "GoJSONControlEscape"
        case payloadForm = "PayloadForm"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .specExample: .init(bugType: .interop, description: "A token of the cdev spec section 1.6, reproduced byte for byte."),
        .headShape: .init(
            bugType: .functionality, description: "device_id present, as cdev from c5ffdf4 (HEAD) mints access and refresh tokens."),
        .optionalField: .init(bugType: .defined, description: "omitempty: empty optional fields are left out of the payload."),
        .prefix: .init(
            bugType: .basic,
            description: "Step 1: cdev_p_, cdev_s_ or cdev_r_ (case-sensitive) followed by a body; cdev_c_ is reserved only."),
        .outerBase64: .init(bugType: .basic, description: "Step 2: the body is base64url without padding."),
        .outerJSON: .init(bugType: .basic, description: "Step 3: the body is the JSON object {p, s}; a missing key is an empty string."),
        .innerBase64: .init(bugType: .basic, description: "Step 4: p and s are base64url without padding."),
        .modifiedPayload: .init(bugType: .authBypass, description: "Step 5: one bit of the payload flipped; the HMAC no longer matches."),
        .modifiedMAC: .init(bugType: .authBypass, description: "Step 5: one bit of s flipped, or s truncated."),
        .wrongSecret: .init(bugType: .authBypass, description: "Step 5: validated with a secret one bit away."),
        .payloadJSON: .init(
            bugType: .basic, description: "Step 6: a validly signed payload that is not a JSON object of the right types."),
        .serverId: .init(bugType: .authBypass, description: "Step 7: a token of another server."),
        .typePrefix: .init(
            bugType: .authBypass, description: "Step 8: the payload type does not match the prefix (cdev_s_ takes session or access)."),
        .revoked: .init(bugType: .replay, description: "Step 9: the nonce is revoked."),
        .expiry: .init(bugType: .expiry, description: "Step 10: valid while now <= expires_at, expired after; no skew, no not-before."),
        .legacyPayload: .init(
            bugType: .legacy,
            description: "A pre-v1 payload (type, server_id, issued_at, expires_at, nonce only): there is no version check."),
        .goBase64LineBreak: .init(bugType: .interop, description: "Go's base64 decoder skips CR and LF; a stricter decoder may reject."),
        .goBase64TrailingBits: .init(
            bugType: .malleability,
            description: "Go's decoder accepts non-zero unused bits in the last character; a stricter decoder may reject."),
        .goJSONCaseInsensitive: .init(
            bugType: .interop,
            description: "Go's encoding/json matches keys case-insensitively (Server_ID is server_id); a stricter decoder may reject."),
        .goJSONDuplicateKey: .init(
            bugType: .interop, description: "Go's encoding/json lets the last duplicate key win; a stricter decoder may reject."),
        .goJSONUnknownKey: .init(bugType: .interop, description: "Go's encoding/json ignores unknown keys."),
        .goMintDefault: .init(
            bugType: .defined,
            description:
                "cdev's Go mints any type: pairing under cdev_p_, refresh under cdev_r_, every other type under cdev_s_ (its "
                + "switch's default). Such a token fails validation at step 8; an implementation that refuses to mint it conforms."),
        .goJSONInvalidUTF8: .init(
            bugType: .interop,
            description: "Go's encoding/json makes each byte of invalid UTF-8 in a string one U+FFFD and goes on (a truncated "
                + "three-byte sequence is two); a stricter decoder may reject."),
        .goJSONLoneSurrogate: .init(
            bugType: .interop,
            description: "Go's encoding/json reads a \\u escape of a surrogate without its other half as U+FFFD; a stricter "
                + "decoder may reject."),
        .goJSONNumberRange: .init(
            bugType: .interop,
            description: "A number beyond float64 (1e999) under a key Go ignores is skipped, never converted; under a field Go reads "
                + "it is Go's type error."),
        .goJSONDepth: .init(
            bugType: .interop,
            description: "Go's encoding/json allows nesting to 10,000 levels (the token's own object counts as one) and refuses "
                + "deeper; a decoder with a lower limit may reject the deep case."),
        .goJSONDuplicateKeyType: .init(
            bugType: .authBypass,
            description: "A repeated key whose earlier copy has the wrong JSON type: Go keeps the first type error and refuses "
                + "the token although the last copy is right. A decoder that looks only at the last copy accepts a token cdev "
                + "refuses."),
        .payloadForm: .init(
            bugType: .interop,
            description: "The payload written otherwise than Go writes it, signed as written: whitespace, indentation, \\u "
                + "escapes, another key order. Any JSON reader takes these bytes, so the token is valid; a reader with a fast path "
                + "for Go's own form must fall back to one that reads them all."),
        .goJSONHTMLEscape: .init(
            bugType: .interop,
            description: "Go's encoding/json writes <, >, &, U+2028 and U+2029 inside a string as \\u003c, \\u003e, \\u0026, \\u2028 "
                + "and \\u2029: a writer that leaves them literal signs other payload bytes, so its token and MAC differ."),
        .goJSONControlEscape: .init(
            bugType: .interop,
            description: "Go's encoding/json writes U+0008, U+000C, tab, LF and CR as \\b \\f \\t \\n \\r (\\b and \\f since Go 1.22), "
                + "other control characters as \\u00XX in lower case, and U+007F and '/' as they are: any other spelling signs other "
                + "bytes."),
    ]

    static func payload(_ type: TokenType, nonce: String = "N0nce-_012345678", lifetime: Int64? = nil, deviceId: String = "")
        -> TokenPayload
    {
        TokenPayload(
            type: type.rawValue, serverId: serverId, issuedAt: issuedAt, expiresAt: issuedAt + (lifetime ?? type.defaultLifetime),
            nonce: nonce, deviceId: deviceId)
    }

    /// The first pairing token of the spec's shape (nonce `N0nce-twin-0`, `-1`, …) that `wanted` accepts.
    static func firstToken(where wanted: (String) -> Bool) -> String {
        for n in 0..<1000 {
            let token = CdevToken.mint(payload(.pairing, nonce: "N0nce-twin-\(n)"), secret: secret)
            if wanted(token) { return token }
        }
        preconditionFailure("no nonce makes such a token")
    }

    /// `text` with its first `-` or `_` written as `+` or `/`: the standard alphabet's character of the same value.
    static func standardAlphabetTwin(_ text: String) -> String {
        guard let index = text.firstIndex(where: { "-_".contains($0) }) else { preconditionFailure("no - or _ in \(text)") }
        return text.replacingCharacters(in: index...index, with: text[index] == "-" ? "+" : "/")
    }

    /// The outer object of a minted token as its `p` and `s` texts.
    static func outerParts(of token: String) -> (p: String, s: String) {
        let outer = try! Base64.decode(String(token.dropFirst(7)), variant: .goRawURL)
        let object = try! JSONParser.parse(outer).objectValue!
        return (object["p"]!.stringValue!, object["s"]!.stringValue!)
    }

    /// The `s` text of a minted token.
    static func mac(of token: String) -> String { outerParts(of: token).s }

    /// A minted token with its outer object rewritten by `outer` from its `p` and `s`.
    static func withOuter(of token: String, _ outer: (String, String) -> String) -> String {
        let (p, s) = outerParts(of: token)
        return String(token.prefix(7)) + Base64.encode(Array(outer(p, s).utf8), variant: .goRawURL)
    }

    /// A token around arbitrary payload bytes, signed with `secret`.
    static func token(prefix: String, payloadBytes: [UInt8], secret: [UInt8] = secret, outer: ((String, String) -> String)? = nil) -> String
    {
        let p = Base64.encode(payloadBytes, variant: .goRawURL)
        let s = Base64.encode(CdevSigning.mac(payloadBytes, secret: secret), variant: .goRawURL)
        let outerJSON = outer?(p, s) ?? #"{"p":"\#(p)","s":"\#(s)"}"#
        return prefix + Base64.encode(Array(outerJSON.utf8), variant: .goRawURL)
    }

    /// `cdev.mint`'s arguments for `p`: an empty device or user id is left out, as the payload leaves it out.
    static func mintInput(_ p: TokenPayload) -> JSONObject {
        var input = JSONObject(
            F.secret(secret), F.type(p.type), F.serverId(p.serverId), F.issuedAt(p.issuedAt), F.expiresAt(p.expiresAt), F.nonce(p.nonce))
        if !p.deviceId.isEmpty { input.set(F.deviceId, p.deviceId) }
        if !p.userId.isEmpty { input.set(F.userId, p.userId) }
        return input
    }

    public func generate() -> VectorFile {
        var mint: [TestCase] = []
        func addMint(_ slug: String, _ comment: String, _ flags: [Flag], _ p: TokenPayload) {
            mint.append(
                TestCase(
                    id: "\(id)/mint-\(slug)", comment: comment, flags: flags, spec: ["cdev 1.1", "cdev 1.3"], input: Self.mintInput(p),
                    expected: JSONObject(F.token(CdevToken.mint(p, secret: Self.secret))), result: .valid))
        }
        let v1 = TokenPayload(
            type: "pairing", serverId: Self.serverId, issuedAt: Self.issuedAt, expiresAt: 1_735_520_400, nonce: "N0nce-_012345678")
        let v2 = TokenPayload(
            type: "access", serverId: Self.serverId, issuedAt: Self.issuedAt, expiresAt: 1_735_517_700, nonce: "AcCeSsNoNcE_0123",
            deviceId: "DeViCeId-0123456")
        let v3 = TokenPayload(
            type: "refresh", serverId: Self.serverId, issuedAt: Self.issuedAt, expiresAt: 1_736_121_600, nonce: "ReFrEsHnOnCe-012",
            deviceId: "DeViCeId-0123456")
        addMint("spec-v1-pairing", "spec 1.6 V1: pairing, 3600 s", [.specExample], v1)
        addMint("spec-v2-access", "spec 1.6 V2: access with device_id", [.specExample, .headShape], v2)
        addMint("spec-v3-refresh", "spec 1.6 V3: refresh with device_id", [.specExample, .headShape], v3)
        addMint(
            "access-baseline", "access, 900 s, no device_id (Baseline B)", [.optionalField],
            Self.payload(.access, nonce: "BaSeLiNeAcCeSs01"))
        addMint("refresh-baseline", "refresh, 7 days, no device_id", [.optionalField], Self.payload(.refresh, nonce: "BaSeLiNeReFrEsH1"))
        addMint("session", "session type, 300 s, prefix cdev_s_", [], Self.payload(.session, nonce: "SeSsIoNnOnCe_012"))
        var unknownTypeMint = Self.payload(.access, nonce: "AdMiNnOnCe-01234")
        unknownTypeMint.type = "admin"
        mint.append(
            TestCase(
                id: "\(id)/mint-unknown-type", comment: "type admin: Go's default branch mints it under cdev_s_",
                flags: [Flag.goMintDefault], spec: ["cdev 1.1", "cdev 1.2"],
                input: Self.mintInput(unknownTypeMint),
                expected: JSONObject(F.token(CdevToken.mint(unknownTypeMint, secret: Self.secret))), result: .acceptable))
        var withUser = Self.payload(.access, nonce: "UsErNoNcE-012345")
        withUser.userId = "user-42"
        addMint("user-id", "user_id set (reserved for cloud)", [.optionalField], withUser)
        addMint(
            "html-escaped-device-id", "device_id with <, >, &, U+2028 and U+2029: Go writes each as a \\u escape in the payload",
            [.goJSONHTMLEscape], Self.payload(.access, nonce: "HtMlEsCaPe-01234", deviceId: "<dev>&\u{2028}\u{2029}"))
        addMint(
            "control-escaped-device-id",
            "device_id with U+0008, U+000C, tab, LF, CR, U+0001, U+001F, U+007F and '/': Go writes \\b \\f \\t \\n \\r, lower-case "
                + "\\u0001 \\u001f, and the last two as they are", [.goJSONControlEscape],
            Self.payload(.access, nonce: "CoNtRoLeScApE-01", deviceId: "d\u{8}\u{C}\t\n\r\u{1}\u{1F}\u{7F}/e"))
        addMint(
            "empty-nonce", "an empty nonce is still written (\"nonce\":\"\"): Go's struct has no omitempty there", [],
            Self.payload(.access, nonce: ""))

        var validate: [TestCase] = []
        func addValidate(
            _ slug: String, _ comment: String, _ flags: [Flag], _ spec: [String], token: String, now: Int64 = Self.issuedAt,
            serverId: String = Self.serverId, secret: [UInt8] = Self.secret, revoked: [String] = [],
            _ result: ExpectedResult, _ error: CdevTokenError.Code? = nil
        ) {
            var input = JSONObject(F.tokenToValidate(token), F.secret(secret), F.validatingServerId(serverId), F.now(now))
            if !revoked.isEmpty { input.set(F.revokedNonces, revoked.map { .string($0) }) }
            var expected = JSONObject()
            if result != .invalid,
                let payload = try? CdevToken.validate(token, secret: secret, serverId: serverId, now: now, revokedNonces: revoked)
            {
                expected.set(F.payload, payload.json)
            }
            validate.append(
                TestCase(
                    id: "\(id)/validate-\(slug)", comment: comment, flags: flags, spec: spec, input: input,
                    expected: expected, result: result, error: error?.rawValue))
        }
        let t1 = CdevToken.mint(v1, secret: Self.secret)
        let body = String(t1.dropFirst(7))
        addValidate("spec-v1", "spec 1.6 V1 at issued_at", [.specExample], ["cdev 2"], token: t1, .valid)
        let specV1 = validate[validate.count - 1]
        // Cases that differ from spec-v1 in one input field only.
        func addVariant<Value>(
            _ slug: String, _ comment: String, _ flags: [Flag], changing field: Field<Value>, to value: Value,
            _ error: CdevTokenError.Code
        ) {
            validate.append(
                specV1.invalidVariant(
                    id: "\(id)/validate-\(slug)", comment: comment, flags: flags, changing: field, to: value,
                    error: error))
        }
        addValidate(
            "spec-v2", "spec 1.6 V2 at issued_at", [.specExample, .headShape], ["cdev 2"], token: CdevToken.mint(v2, secret: Self.secret),
            .valid)
        addValidate(
            "spec-v3", "spec 1.6 V3 at issued_at", [.specExample, .headShape], ["cdev 2"], token: CdevToken.mint(v3, secret: Self.secret),
            .valid)
        addValidate(
            "session-type", "type session under cdev_s_", [.typePrefix], ["cdev 2"],
            token: CdevToken.mint(Self.payload(.session), secret: Self.secret), .valid)
        // Step 1
        addValidate("prefix-unknown", "prefix cdev_x_", [.prefix], ["cdev 2"], token: "cdev_x_" + body, .invalid, .invalidFormat)
        addValidate(
            "prefix-reserved-cloud", "prefix cdev_c_ (reserved)", [.prefix], ["cdev 2"], token: "cdev_c_" + body, .invalid, .invalidFormat)
        addValidate("prefix-upper-case", "prefix CDEV_P_", [.prefix], ["cdev 2"], token: "CDEV_P_" + body, .invalid, .invalidFormat)
        addValidate("prefix-only", "cdev_p_ with no body", [.prefix], ["cdev 2"], token: "cdev_p_", .invalid, .invalidFormat)
        // Step 2
        addValidate(
            "outer-padding", "body with '=' padding appended", [.outerBase64], ["cdev 2"], token: t1 + "=", .invalid, .invalidFormat)
        addValidate(
            "outer-std-alphabet", "body with a '+' character", [.outerBase64], ["cdev 2"], token: "cdev_p_+" + body.dropFirst(), .invalid,
            .invalidFormat)
        // A reader that also takes the standard alphabet, or drops a dangling character, decodes these to the very bytes
        // of a valid token: only the Base64 rule refuses them. (The body of a token has no '-' or '_' to respell: the
        // outer object's bytes are ASCII without '>', '?' or '~', whose 6-bit groups never reach 62 or 63.)
        addValidate(
            "outer-length", "body one character longer (length mod 4 = 1)", [.outerBase64], ["cdev 2"],
            token: body.count % 4 == 0 ? t1 + "A" : String(t1.dropLast(body.count % 4 - 1)), .invalid, .invalidFormat)
        addValidate(
            "outer-length-dangling", "a valid body of 4k characters and one more 'A' (length mod 4 = 1)", [.outerBase64], ["cdev 2"],
            token: Self.firstToken { $0.dropFirst(7).count % 4 == 0 } + "A", .invalid, .invalidFormat)
        // Step 3
        addValidate(
            "outer-not-json", "body is base64url of 'not json'", [.outerJSON], ["cdev 2"],
            token: "cdev_p_" + Base64.encode(Array("not json".utf8), variant: .goRawURL), .invalid, .invalidFormat)
        addValidate(
            "outer-array", "body is a JSON array", [.outerJSON], ["cdev 2"],
            token: "cdev_p_" + Base64.encode(Array("[1]".utf8), variant: .goRawURL), .invalid, .invalidFormat)
        addValidate(
            "outer-missing-p", "outer JSON without p: an empty payload, so the MAC fails", [.outerJSON], ["cdev 2"],
            token: Self.token(prefix: "cdev_p_", payloadBytes: v1.bytes) { _, s in #"{"s":"\#(s)"}"# }, .invalid, .invalidToken)
        addValidate(
            "outer-trailing-value", "the outer object followed by 'x'", [.outerJSON], ["cdev 2"],
            token: Self.token(prefix: "cdev_p_", payloadBytes: v1.bytes) { p, s in #"{"p":"\#(p)","s":"\#(s)"}x"# }, .invalid,
            .invalidFormat)
        // Step 4
        addValidate(
            "p-not-base64", "p contains '!'", [.innerBase64], ["cdev 2"],
            token: Self.token(prefix: "cdev_p_", payloadBytes: v1.bytes) { p, s in #"{"p":"!\#(p.dropFirst())","s":"\#(s)"}"# }, .invalid,
            .invalidFormat)
        let twinS = Self.firstToken { token in Self.mac(of: token).contains { "-_".contains($0) } }
        // Three '?' in the nonce: one of them is the last byte of a 3-byte group, which Base64 writes as '_'.
        let twinP = CdevToken.mint(Self.payload(.pairing, nonce: "N0nce???twin"), secret: Self.secret)
        addValidate(
            "p-std-alphabet-twin", "p with its first '-' or '_' written as '+' or '/' (the same 6 bits)", [.innerBase64], ["cdev 2"],
            token: Self.withOuter(of: twinP) { p, s in #"{"p":"\#(Self.standardAlphabetTwin(p))","s":"\#(s)"}"# }, .invalid,
            .invalidFormat)
        addValidate(
            "s-std-alphabet-twin", "s with its first '-' or '_' written as '+' or '/' (the same 6 bits)", [.innerBase64], ["cdev 2"],
            token: Self.withOuter(of: twinS) { p, s in #"{"p":"\#(p)","s":"\#(Self.standardAlphabetTwin(s))"}"# }, .invalid, .invalidFormat)
        addValidate(
            "s-padded", "s with '=' padding", [.innerBase64], ["cdev 2"],
            token: Self.token(prefix: "cdev_p_", payloadBytes: v1.bytes) { p, s in #"{"p":"\#(p)","s":"\#(s)="}"# }, .invalid,
            .invalidFormat)
        // Step 5
        var flipped = v1.bytes
        flipped[flipped.count - 3] ^= 0x01
        addValidate(
            "payload-bit-flip", "one bit of the payload flipped, MAC kept", [.modifiedPayload], ["cdev 2"],
            token: Self.token(prefix: "cdev_p_", payloadBytes: v1.bytes) { _, s in
                #"{"p":"\#(Base64.encode(flipped, variant: .goRawURL))","s":"\#(s)"}"#
            },
            .invalid, .invalidToken)
        var mac = CdevSigning.mac(v1.bytes, secret: Self.secret)
        mac[0] ^= 0x80
        addValidate(
            "mac-bit-flip", "one bit of s flipped", [.modifiedMAC], ["cdev 2"],
            token: Self.token(prefix: "cdev_p_", payloadBytes: v1.bytes) { p, _ in
                #"{"p":"\#(p)","s":"\#(Base64.encode(mac, variant: .goRawURL))"}"#
            }, .invalid, .invalidToken)
        addValidate(
            "mac-truncated", "s is 31 bytes", [.modifiedMAC], ["cdev 2"],
            token: Self.token(prefix: "cdev_p_", payloadBytes: v1.bytes) { p, _ in
                #"{"p":"\#(p)","s":"\#(Base64.encode(CdevSigning.mac(v1.bytes, secret: Self.secret).dropLast(), variant: .goRawURL))"}"#
            },
            .invalid, .invalidToken)
        var otherSecret = Self.secret
        otherSecret[31] ^= 0x01
        addVariant(
            "wrong-secret", "validated with a secret one bit away", [.wrongSecret], changing: F.secret, to: otherSecret, .invalidToken)
        // Step 6
        addValidate(
            "payload-not-json", "a signed payload '{'", [.payloadJSON], ["cdev 2"],
            token: Self.token(prefix: "cdev_p_", payloadBytes: Array("{".utf8)), .invalid, .invalidFormat)
        addValidate(
            "payload-expires-string", "expires_at as a string", [.payloadJSON], ["cdev 2"],
            token: Self.token(
                prefix: "cdev_p_",
                payloadBytes: Array(#"{"type":"pairing","server_id":"AbCdEfGhIjKlMnOp","expires_at":"1735520400","nonce":"n"}"#.utf8)),
            .invalid, .invalidFormat)
        addValidate(
            "payload-expires-fraction", "expires_at 1735520400.5", [.payloadJSON], ["cdev 2"],
            token: Self.token(
                prefix: "cdev_p_",
                payloadBytes: Array(#"{"type":"pairing","server_id":"AbCdEfGhIjKlMnOp","expires_at":1735520400.5,"nonce":"n"}"#.utf8)),
            .invalid, .invalidFormat)
        addValidate(
            "payload-trailing-value", "a signed payload followed by ' {}': Go's Unmarshal refuses a second value", [.payloadJSON],
            ["cdev 2"], token: Self.token(prefix: "cdev_p_", payloadBytes: v1.bytes + Array(" {}".utf8)), .invalid, .invalidFormat)
        addValidate(
            "payload-trailing-space", "a signed payload followed by a space and a line feed: whitespace around the value is JSON",
            [.payloadJSON], ["cdev 2"], token: Self.token(prefix: "cdev_p_", payloadBytes: v1.bytes + Array(" \n".utf8)), .valid)
        // Step 7
        addVariant(
            "server-id", "validated by another server", [.serverId], changing: F.validatingServerId, to: "ZyXwVuTsRqPoNmLk", .invalidToken)
        addVariant(
            "server-id-kelvin-sign", "validated by AbCdEfGhIj\u{212A}lMnOp: U+212A KELVIN SIGN is canonically equivalent to K, not equal",
            [.serverId], changing: F.validatingServerId, to: "AbCdEfGhIj\u{212A}lMnOp", .invalidToken)
        // Step 8
        addValidate(
            "pairing-under-s", "a pairing payload under cdev_s_", [.typePrefix], ["cdev 2", "cdev 1.2"], token: "cdev_s_" + body, .invalid,
            .invalidFormat)
        let refreshBody = String(CdevToken.mint(v3, secret: Self.secret).dropFirst(7))
        addValidate(
            "refresh-under-p", "a refresh payload under cdev_p_", [.typePrefix], ["cdev 2", "cdev 1.2"], token: "cdev_p_" + refreshBody,
            .invalid, .invalidFormat)
        let accessBody = String(CdevToken.mint(v2, secret: Self.secret).dropFirst(7))
        addValidate(
            "access-under-r", "an access payload under cdev_r_", [.typePrefix], ["cdev 2", "cdev 1.2"], token: "cdev_r_" + accessBody,
            .invalid, .invalidFormat)
        addValidate(
            "refresh-under-s", "a refresh payload under cdev_s_ (cdev_s_ takes session and access only)", [.typePrefix],
            ["cdev 2", "cdev 1.2"], token: "cdev_s_" + refreshBody, .invalid, .invalidFormat)
        var unknownType = v2
        unknownType.type = "admin"
        addValidate(
            "unknown-type-under-s", "type admin under cdev_s_", [.typePrefix], ["cdev 2", "cdev 1.2"],
            token: "cdev_s_" + String(CdevToken.mint(unknownType, secret: Self.secret).dropFirst(7)), .invalid, .invalidFormat)
        // Step 9
        addValidate(
            "revoked", "the nonce is revoked", [.revoked], ["cdev 2", "cdev 3"], token: t1, revoked: ["N0nce-_012345678"], .invalid,
            .revoked)
        addValidate(
            "revoked-expired", "revoked and expired: revocation is checked first", [.revoked, .expiry], ["cdev 2"], token: t1,
            now: 1_735_520_401, revoked: ["N0nce-_012345678"], .invalid, .revoked)
        addValidate(
            "revoked-other-case", "the revoked nonce differs from the token's in case only: another nonce", [.revoked], ["cdev 2"],
            token: t1, revoked: ["n0NCE-_012345678"], .valid)
        addValidate(
            "revoked-composed",
            "the token's nonce has e + U+0301, the revoked one U+00E9: canonically equivalent, another nonce (and "
                + "the payload's nonce is answered as written, not normalized)",
            [.revoked], ["cdev 2"], token: CdevToken.mint(Self.payload(.pairing, nonce: "N0nce-cafe\u{301}-012"), secret: Self.secret),
            revoked: ["N0nce-caf\u{E9}-012"], .valid)
        // Step 10
        addValidate("at-expires-at", "now == expires_at is still valid", [.expiry], ["cdev 2"], token: t1, now: 1_735_520_400, .valid)
        addVariant("after-expires-at", "now == expires_at + 1", [.expiry], changing: F.now, to: 1_735_520_401, .expired)
        addValidate(
            "before-issued-at", "now before issued_at: there is no not-before check", [.expiry], ["cdev 2"], token: t1,
            now: Self.issuedAt - 86_400, .valid)
        // Shapes Go accepts
        addValidate(
            "legacy-payload", "a pre-v1 payload: type, server_id, issued_at, expires_at, nonce", [.legacyPayload], ["cdev 1.3"],
            token: Self.token(
                prefix: "cdev_p_",
                payloadBytes: Array(
                    (#"{"type":"pairing","server_id":"AbCdEfGhIjKlMnOp","issued_at":1735516800,"expires_at":1735520400,"nonce":"LeGaCyNoN"#
                        + #"cE01234"}"#)
                        .utf8)),
            .valid)
        addValidate(
            "go-line-break", "a line feed inside the body", [.goBase64LineBreak], ["cdev 2"],
            token: "cdev_p_" + body.prefix(40) + "\n" + body.dropFirst(40), .acceptable)
        addValidate(
            "go-trailing-bits", "the last character of the body has non-zero unused bits", [.goBase64TrailingBits], ["cdev 2"],
            token: Self.withTrailingBits(t1), .acceptable)
        addValidate(
            "go-key-case", "payload key Server_ID", [.goJSONCaseInsensitive], ["cdev 2"],
            token: Self.token(
                prefix: "cdev_p_",
                payloadBytes: Array(String(decoding: v1.bytes, as: UTF8.self).replacingOccurrences(of: "server_id", with: "Server_ID").utf8)
            ),
            .acceptable)
        addValidate(
            "go-duplicate-key", "nonce twice, the last one is used", [.goJSONDuplicateKey], ["cdev 2"],
            token: Self.token(
                prefix: "cdev_p_",
                payloadBytes: Array(
                    String(decoding: v1.bytes, as: UTF8.self).replacingOccurrences(
                        of: #""mode""#, with: #""nonce":"SeCoNdNoNcE01234","mode""#
                    ).utf8)),
            .acceptable)
        addValidate(
            "go-unknown-key", "an extra key \"scope\"", [.goJSONUnknownKey], ["cdev 2"],
            token: Self.token(
                prefix: "cdev_p_",
                payloadBytes: Array(
                    String(decoding: v1.bytes, as: UTF8.self).replacingOccurrences(of: #""mode""#, with: #""scope":"all","mode""#).utf8)),
            .acceptable)
        Self.addGoJSONReadings(v1) { addValidate($0, $1, $2, $3, token: $4, $5, $6) }
        for (slug, comment, payload) in Self.payloadForms(v1) {
            addValidate(
                "payload-form-\(slug)", "the V1 payload \(comment)", [.payloadForm], ["cdev 2"],
                token: Self.token(prefix: "cdev_p_", payloadBytes: Array(payload.utf8)), .valid)
        }
        return VectorFile(
            format: "cdev", suite: id, spec: Self.spec,
            header: [
                "cdev tokens: prefix || base64url-raw({\"p\": base64url-raw(payload), \"s\": base64url-raw(HMAC-SHA256(secret, "
                    + "payload))}), payload v1 keys in Go struct order with omitempty.",
                "Ops cdev.mint {secret, type, serverId, issuedAt, expiresAt, nonce, deviceId?, userId?} -> {token} (byte-exact) and "
                    + "cdev.validate {token, secret, serverId, now, revokedNonces?} -> {payload} or invalid-format / invalid-token / "
                    + "expired / revoked, checked in the order of section 2.",
            ],
            notes: Self.notes,
            testGroups: [TestGroup(type: Self.mint.type, tests: mint), TestGroup(type: Self.validate.type, tests: validate)])
    }

    /// `p`'s payload JSON in the other forms JSON allows, each read to the same payload.
    static func payloadForms(_ p: TokenPayload) -> [(String, String, String)] {
        let compact = String(decoding: p.bytes, as: UTF8.self)
        let spaced = compact.replacingOccurrences(of: "\",\"", with: "\", \"").replacingOccurrences(of: "\":", with: "\": ")
        let pretty = JSONWriter(options: .init(escapeHTML: true, indent: 2)).string(.object(p.json)) + "\n"
        let escaped = compact.replacingOccurrences(
            of: "\"nonce\":\"\(p.nonce.prefix(1))", with: "\"nonce\":\"\\u00\(Hex.encode(Array(p.nonce.utf8.prefix(1))))")
        let keyEscaped = compact.replacingOccurrences(of: "\"issued_at\"", with: "\"issued\\u005fat\"")
        let reversed = JSONWriter(options: .init(escapeHTML: true)).string(
            .object(JSONObject(p.json.members.reversed().map { ($0.key, $0.value) })))
        let padded = " \t\r\n" + compact + " \n"
        return [
            ("spaced", "with a space after each colon and comma", spaced), ("indented", "indented on several lines", pretty),
            ("escaped-string", "with the nonce's first character as a \\u escape", escaped),
            ("escaped-key", "with issued_at's underscore as a \\u escape", keyEscaped),
            ("reversed", "with its keys in reverse order", reversed), ("padded", "with whitespace around the object", padded),
        ]
    }

    /// Strings, numbers, nesting and repeated keys as Go's `encoding/json` reads them, in the
    /// signed payload and in the outer object: each case was run through cdev's Go decoder.
    static func addGoJSONReadings(
        _ v1: TokenPayload,
        _ addValidate: (String, String, [Flag], [String], String, ExpectedResult, CdevTokenError.Code?) -> Void
    ) {
        let json = String(decoding: v1.bytes, as: UTF8.self)
        /// The v1 payload with `insert` written before its "mode" member, signed.
        func payloadWith(_ insert: [UInt8]) -> String {
            let parts = json.components(separatedBy: #""mode""#)
            return token(prefix: "cdev_p_", payloadBytes: Array(parts[0].utf8) + insert + Array((#""mode""# + parts[1]).utf8))
        }
        /// The v1 payload with its nonce's text replaced by `bytes`.
        func nonce(_ bytes: [UInt8]) -> String {
            let parts = json.components(separatedBy: v1.nonce)
            return token(prefix: "cdev_p_", payloadBytes: Array(parts[0].utf8) + bytes + Array(parts[1].utf8))
        }
        let spec = ["cdev 2"]
        addValidate(
            "go-invalid-utf8-nonce", "the nonce holds the byte FF: Go reads U+FFFD", [.goJSONInvalidUTF8], spec,
            nonce(Array("N0nce".utf8) + [0xFF] + Array("012345678".utf8)), .acceptable, nil)
        addValidate(
            "go-truncated-utf8-nonce", "the nonce holds E2 82 (a truncated three-byte sequence): Go reads two U+FFFD",
            [.goJSONInvalidUTF8], spec, nonce(Array("N0nce".utf8) + [0xE2, 0x82] + Array("012345678".utf8)), .acceptable, nil)
        let p = Base64.encode(v1.bytes, variant: .goRawURL)
        let s = Base64.encode(CdevSigning.mac(v1.bytes, secret: secret), variant: .goRawURL)
        let outer = Array(#"{"p":"\#(p)","s":"\#(s)","x":""#.utf8) + [0xC0] + Array(#""}"#.utf8)
        addValidate(
            "go-invalid-utf8-outer", "the outer object has an extra key whose string holds the byte C0", [.goJSONInvalidUTF8], spec,
            "cdev_p_" + Base64.encode(outer, variant: .goRawURL), .acceptable, nil)
        addValidate(
            "go-lone-surrogate", "mode is \"\\ud800\\u0041\": Go reads U+FFFD then A", [.goJSONLoneSurrogate], spec,
            token(prefix: "cdev_p_", payloadBytes: Array(json.replacingOccurrences(of: #":"local""#, with: #":"\ud800\u0041""#).utf8)),
            .acceptable, nil)
        addValidate(
            "go-number-beyond-double-ignored", "an ignored key with the number 1e999", [.goJSONNumberRange], spec,
            payloadWith(Array(#""scale":1e999,"#.utf8)), .acceptable, nil)
        for (slug, text, comment) in [
            ("exponent", "1.8e9", "expires_at 1.8e9: an exponent is no int64 to Go (JavaScript reads 1800000000)"),
            ("point-zero", "1800000000.0", "expires_at 1800000000.0: a fraction part is no int64 to Go (JavaScript reads 1800000000)"),
            ("beyond-int64", "9223372036854775808", "expires_at 2^63: beyond int64, Go's range error"),
        ] {
            addValidate(
                "payload-expires-\(slug)", comment, [.payloadJSON], spec,
                token(prefix: "cdev_p_", payloadBytes: Array(json.replacingOccurrences(of: "\(v1.expiresAt)", with: text).utf8)), .invalid,
                .invalidFormat)
        }
        addValidate(
            "payload-expires-beyond-double", "expires_at 1e999: Go's type error", [.payloadJSON, .goJSONNumberRange], spec,
            token(prefix: "cdev_p_", payloadBytes: Array(json.replacingOccurrences(of: "\(v1.expiresAt)", with: "1e999").utf8)), .invalid,
            .invalidFormat)
        let levels = JSONParser.goMaximumDepth - 1
        let deepest = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
        addValidate(
            "go-nesting-10000", "an ignored key holding 9,999 nested arrays: 10,000 levels with the payload's object",
            [.goJSONDepth], spec, payloadWith(Array(#""deep":\#(deepest),"#.utf8)), .acceptable, nil)
        addValidate(
            "go-nesting-10001", "one level more than Go's limit", [.goJSONDepth], spec,
            payloadWith(Array(#""deep":[\#(deepest)],"#.utf8)), .invalid, .invalidFormat)
        addValidate(
            "go-duplicate-nonce-wrong-type-first", "\"nonce\":1 before the real nonce: Go's type error stands", [.goJSONDuplicateKeyType],
            spec, token(prefix: "cdev_p_", payloadBytes: Array(#"{"nonce":1,"#.utf8) + v1.bytes.dropFirst()), .invalid, .invalidFormat)
        addValidate(
            "go-duplicate-s-wrong-type-first", "the outer object {\"s\":0,\"p\":…,\"s\":…}", [.goJSONDuplicateKeyType], spec,
            token(prefix: "cdev_p_", payloadBytes: v1.bytes) { p, s in #"{"s":0,"p":"\#(p)","s":"\#(s)"}"# }, .invalid, .invalidFormat)
    }

    /// The same token with the unused low bits of its last body character set (Go accepts it).
    static func withTrailingBits(_ token: String) -> String {
        let body = Array(token.utf8.dropFirst(7))
        let unused = [0, 0, 4, 2][body.count % 4]
        precondition(unused > 0, "the body length must leave unused bits")
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        let value = alphabet.firstIndex(of: body.last!)!
        var changed = body
        changed[changed.count - 1] = alphabet[value | 1]
        return String(token.prefix(7)) + String(decoding: changed, as: UTF8.self)
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        let tokens = file.allTests.compactMap { $0.test.input[F.tokenToValidate] ?? $0.test.expected[F.token] }
        // FuzzCdevAuthBody: selector byte (endpoint | 0x10 for head), then a request body.
        var bodies: [CorpusSeed] = []
        for token in tokens where token.hasPrefix("cdev_p_") || token.hasPrefix("cdev_r_") {
            let field = token.hasPrefix("cdev_p_") ? "pairing_token" : "refresh_token"
            let body = Array(JSONWriter.compact([field: .string(token)]).utf8)
            let endpoint: UInt8 = token.hasPrefix("cdev_p_") ? 0 : 1
            bodies.append(CorpusSeed(target: "FuzzCdevAuthBody", bytes: [endpoint] + body))
            bodies.append(CorpusSeed(target: "FuzzCdevAuthBody", bytes: [endpoint | 0x10] + body))
        }
        bodies.append(CorpusSeed(target: "FuzzCdevAuthBody", bytes: [0x13] + Array(#"{"code":"123456"}"#.utf8)))
        bodies.append(CorpusSeed(target: "FuzzCdevAuthBody", bytes: [0x12] + Array(#"{"refresh_token":""}"#.utf8)))
        return tokens.map { CorpusSeed(target: "FuzzCdevToken", bytes: Array($0.utf8)) } + bodies
    }
}
