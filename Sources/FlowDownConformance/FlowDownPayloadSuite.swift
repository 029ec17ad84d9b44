import ConformanceKit
import ModelExchange
import WireCore

/// `flowdown/payload`: the encrypted payload wrapper (FlowDown spec section 9), sealing with given
/// ephemeral key and nonce, and opening with every way it can fail.
public struct FlowDownPayloadSuite: VectorSuite {
    public init() {}
    public var id: String { "flowdown/payload" }
    typealias F = FlowDownFields

    /// `FlowDownSealTest`: `flowdown.sealPayload {pk, session, plaintext, ephemeralPrivateKey, nonce}` → `{payload}`.
    public static let seal = GroupKind(
        "FlowDownSealTest", op: "flowdown.sealPayload",
        input: [F.recipientPK, F.payloadSession, F.plaintext, F.ephemeralPrivateKey, F.nonce],
        expected: [F.payload, F.sealed, F.ephemeralPublicKey])
    /// `FlowDownOpenTest`: `flowdown.openPayload {seed, payload, expectedSession?}` → `{session, plaintext}`.
    public static let open = GroupKind(
        "FlowDownOpenTest", op: "flowdown.openPayload", input: [F.seed, F.payload, F.expectedSession],
        expected: [F.payloadSession, F.plaintext])

    public var groupKinds: [GroupKind] { [Self.seal, Self.open] }

    /// The flags of `flowdown/payload`, each explained in `notes`.
    enum Flag: String, CaseFlag {
        case specExample = "SpecExample"
        case keyOrder = "KeyOrder"
        case modifiedTag = "ModifiedTag"
        case modifiedCiphertext = "ModifiedCiphertext"
        case modifiedNonce = "ModifiedNonce"
        case wrongRecipient = "WrongRecipient"
        case sessionInSalt = "SessionInSalt"
        case sessionMismatch = "SessionMismatch"
        case shortBox = "ShortBox"
        case emptyPlaintext = "EmptyPlaintext"
        case ephemeralKeyLength = "EphemeralKeyLength"
        case lowOrderPoint = "LowOrderPoint"
        case foundationJSON = "FoundationJSON"
        case foundationBase64 = "FoundationBase64"
        case notBase64 = "NotBase64"
        case notJSON = "NotJSON"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .specExample: .init(bugType: .interop, description: "The derived example of FlowDown spec section 13; must reproduce exactly."),
        .keyOrder: .init(
            bugType: .interop,
            description:
                "The wrapper JSON with keys in another order and without \\/ escapes: receivers accept any order (FlowDown's own order "
                + "is not stable)."
        ),
        .modifiedTag: .init(bugType: .authBypass, description: "The Poly1305 tag was altered."),
        .modifiedCiphertext: .init(bugType: .authBypass, description: "A ciphertext byte was altered."),
        .modifiedNonce: .init(bugType: .authBypass, description: "The nonce was altered."),
        .wrongRecipient: .init(bugType: .confidentiality, description: "Sealed to another key pair."),
        .sessionInSalt: .init(
            bugType: .modifiedParameter,
            description: "The JSON session was changed after sealing; it is the HKDF salt, so authentication fails."),
        .sessionMismatch: .init(bugType: .replay, description: "A payload sealed for another session than the requester expects."),
        .shortBox: .init(bugType: .edgeCase, description: "sealed shorter than 28 bytes (nonce 12 + tag 16)."),
        .emptyPlaintext: .init(bugType: .edgeCase, description: "sealed is exactly 28 bytes: an empty plaintext."),
        .ephemeralKeyLength: .init(bugType: .edgeCase, description: "ephemeralPublicKey of 31 or 33 bytes."),
        .lowOrderPoint: .init(
            bugType: .weakParams,
            description:
                "An all-zero ephemeral X25519 key gives an all-zero shared secret and a key anyone can compute; the box here "
                + "authenticates under that key. swift-crypto skips BoringSSL's all-zero check for parity with CryptoKit "
                + "(X25519Keys_boring.swift) and FlowDown adds none, so real FlowDown opens it; the payload is unauthenticated "
                + "anyway (anyone holding pk can seal). The reference refuses it (RFC 7748 section 6.1, hardening): accepting "
                + "with this plaintext or rejecting are conformant (FINDINGS.md D1)."
        ),
        .foundationJSON: .init(
            bugType: .interop,
            description:
                "FlowDown reads the wrapper with Swift 6 Foundation's JSONDecoder, which takes a trailing comma, a leading zero and "
                + "1e400 in an extra key, skips a leading byte order mark, and keeps the FIRST of repeated keys. The reference "
                + "keeps the first and skips the mark too but stays strict RFC 8259 otherwise; accepting (with this output) or "
                + "rejecting are conformant."
        ),
        .foundationBase64: .init(
            bugType: .interop,
            description:
                "FlowDown decodes with Foundation's Data(base64Encoded:), which also takes non-zero unused bits and extra '=' after "
                + "the padding. The reference is strict std-padded-strict; accepting (as FlowDown) or rejecting are conformant."
        ),
        .notBase64: .init(bugType: .basic, description: "The payload, sealed or ephemeralPublicKey is not strict standard Base64."),
        .notJSON: .init(bugType: .basic, description: "The decoded payload is not the JSON wrapper."),
    ]

    static let recipientSeed = FlowDownFixtures.seed(3)
    static var recipient: ModelExchangePublicKey { FlowDownFixtures.keyPair(recipientSeed).publicKey }

    static func seal(_ plaintext: [UInt8], session: String, ephemeral: [UInt8], nonce: [UInt8], to: ModelExchangePublicKey = recipient)
        -> PayloadWrapper
    {
        try! PayloadCipher.seal(plaintext, to: to, session: session, ephemeralPrivateKey: ephemeral, nonce: nonce)
    }

    /// A wrapper as JSON text, with the given field values, in Foundation's escaping.
    static func encode(_ members: [(String, String)]) -> String {
        let json = JSONValue.object(JSONObject(members.map { ($0.0, JSONValue.string($0.1)) }))
        return Base64.encode(JSONWriter(options: .init(escapeSlash: true)).bytes(json), variant: .foundation)
    }

    public func generate() -> VectorFile {
        let specSeed = FlowDownFixtures.specSeed
        let specEphemeral = [UInt8](repeating: 0x42, count: 32)
        let specNonce = (0..<12).map(UInt8.init)
        let specPlain = Array("super-secret-model".utf8)
        var seal: [TestCase] = []
        func addSeal(
            _ slug: String, _ comment: String, _ flags: [Flag], plaintext: [UInt8], session: String, ephemeral: [UInt8],
            nonce: [UInt8], to: ModelExchangePublicKey
        ) {
            let wrapper = Self.seal(plaintext, session: session, ephemeral: ephemeral, nonce: nonce, to: to)
            seal.append(
                TestCase(
                    id: "\(id)/seal-\(slug)", comment: comment, flags: flags, spec: ["FlowDown 9"],
                    input: JSONObject(
                        F.recipientPK(to.encoded), F.payloadSession(session), F.plaintext(plaintext), F.ephemeralPrivateKey(ephemeral),
                        F.nonce(nonce)),
                    expected: JSONObject(
                        F.payload(wrapper.encoded), F.sealed(wrapper.sealed), F.ephemeralPublicKey(wrapper.ephemeralPublicKey)),
                    result: .valid))
        }
        addSeal(
            "spec-example", "spec section 13: session-abc, super-secret-model, ephemeral 42.., nonce 00..0b", [.specExample],
            plaintext: specPlain, session: "session-abc", ephemeral: specEphemeral, nonce: specNonce,
            to: FlowDownFixtures.keyPair(specSeed).publicKey)
        let plist = ModelsPlist.encodeXML([FlowDownFixtures.model(1)])
        addSeal(
            "models-plist", "a one-model plist to a derived key", [], plaintext: plist, session: FlowDownFixtures.session,
            ephemeral: FlowDownFixtures.seed(10), nonce: Array(FlowDownFixtures.seed(11).prefix(12)), to: Self.recipient)
        addSeal(
            "empty-plaintext", "an empty plaintext: sealed is nonce and tag only", [.emptyPlaintext], plaintext: [],
            session: "s", ephemeral: FlowDownFixtures.seed(12), nonce: Array(FlowDownFixtures.seed(13).prefix(12)), to: Self.recipient)

        var open: [TestCase] = []
        func addOpen(
            _ slug: String, _ comment: String, _ flags: [Flag], seed: [UInt8] = Self.recipientSeed, payload: String,
            expectedSession: String? = nil, _ result: ExpectedResult, _ error: String? = nil, session: String = "", plaintext: [UInt8] = []
        ) {
            var input = JSONObject(F.seed(seed), F.payload(payload))
            if let expectedSession { input.set(F.expectedSession, expectedSession) }
            open.append(
                TestCase(
                    id: "\(id)/open-\(slug)", comment: comment, flags: flags, spec: ["FlowDown 9"], input: input,
                    expected: result != .invalid ? JSONObject(F.payloadSession(session), F.plaintext(plaintext)) : JSONObject(),
                    result: result, error: error))
        }
        let specPayload = Self.seal(
            specPlain, session: "session-abc", ephemeral: specEphemeral, nonce: specNonce,
            to: FlowDownFixtures.keyPair(specSeed).publicKey)
        addOpen(
            "spec-example", "spec section 13 payload", [.specExample], seed: specSeed, payload: specPayload.encoded,
            expectedSession: "session-abc", .valid, session: "session-abc", plaintext: specPlain)
        let plain = Array("model list".utf8)
        let base = Self.seal(
            plain, session: FlowDownFixtures.session, ephemeral: FlowDownFixtures.seed(20),
            nonce: Array(FlowDownFixtures.seed(21).prefix(12)))
        let session = FlowDownFixtures.session
        addOpen("valid", "a valid payload", [], payload: base.encoded, .valid, session: session, plaintext: plain)
        addOpen(
            "key-order", "keys ephemeralPublicKey, sealed, session; no \\/ escapes", [.keyOrder],
            payload: Base64.encode(
                JSONWriter().bytes(
                    .object(
                        JSONObject([
                            ("ephemeralPublicKey", .string(base.ephemeralPublicKey)), ("sealed", .string(base.sealed)),
                            ("session", .string(session)),
                        ]))),
                variant: .foundation), .valid, session: session, plaintext: plain)
        let box = try! Base64.decode(base.sealed, variant: .foundation)
        func withBox(_ change: (inout [UInt8]) -> Void) -> String {
            var copy = box
            change(&copy)
            return Self.encode([
                ("session", session), ("sealed", Base64.encode(copy, variant: .foundation)),
                ("ephemeralPublicKey", base.ephemeralPublicKey),
            ])
        }
        addOpen(
            "tag-modified", "last tag byte xor 01", [.modifiedTag], payload: withBox { $0[$0.count - 1] ^= 1 }, .invalid,
            "authentication-failed")
        addOpen(
            "ciphertext-modified", "first ciphertext byte xor 80", [.modifiedCiphertext], payload: withBox { $0[12] ^= 0x80 }, .invalid,
            "authentication-failed")
        addOpen(
            "nonce-modified", "first nonce byte xor 01", [.modifiedNonce], payload: withBox { $0[0] ^= 1 }, .invalid,
            "authentication-failed")
        addOpen(
            "box-27-bytes", "sealed is 27 bytes", [.shortBox], payload: withBox { $0 = Array($0.prefix(27)) }, .invalid, "box-too-short")
        addOpen(
            "wrong-recipient", "opened with another key pair", [.wrongRecipient], seed: FlowDownFixtures.seed(4), payload: base.encoded,
            .invalid, "authentication-failed")
        addOpen(
            "session-changed", "the JSON session changed after sealing", [.sessionInSalt],
            payload: Self.encode([("session", "another-session"), ("sealed", base.sealed), ("ephemeralPublicKey", base.ephemeralPublicKey)]
            ),
            .invalid, "authentication-failed")
        addOpen(
            "session-mismatch", "sealed for this session, but the requester expects another", [.sessionMismatch], payload: base.encoded,
            expectedSession: "the-requesters-session", .invalid, "session-mismatch")
        // Wrong twice: the session is compared before the box is read, as the documented requester does.
        let shortKey = Array(try! Base64.decode(base.ephemeralPublicKey, variant: .foundation).prefix(31))
        for (slug, comment, payload) in [
            ("session-mismatch-and-bad-tag", "another session and a modified tag", withBox { $0[$0.count - 1] ^= 1 }),
            ("session-mismatch-and-short-box", "another session and a 27-byte box", withBox { $0 = Array($0.prefix(27)) }),
            (
                "session-mismatch-and-bad-ephemeral-key", "another session and a 31-byte ephemeral key",
                Self.encode([
                    ("session", session), ("sealed", base.sealed),
                    ("ephemeralPublicKey", Base64.encode(shortKey, variant: .foundation)),
                ])
            ),
        ] {
            addOpen(
                slug, comment + ": the session is checked first", [.sessionMismatch], payload: payload,
                expectedSession: "the-requesters-session", .invalid, "session-mismatch")
        }
        let empty = Self.seal(
            [], session: session, ephemeral: FlowDownFixtures.seed(22), nonce: Array(FlowDownFixtures.seed(23).prefix(12)))
        addOpen(
            "box-28-bytes", "an empty plaintext: sealed is exactly 28 bytes", [.emptyPlaintext], payload: empty.encoded, .valid,
            session: session, plaintext: [])
        let ephemeralBytes = try! Base64.decode(base.ephemeralPublicKey, variant: .foundation)
        for (slug, key) in [("ephemeral-31-bytes", Array(ephemeralBytes.prefix(31))), ("ephemeral-33-bytes", ephemeralBytes + [0])] {
            addOpen(
                slug, "ephemeralPublicKey of \(key.count) bytes", [.ephemeralKeyLength],
                payload: Self.encode([
                    ("session", session), ("sealed", base.sealed), ("ephemeralPublicKey", Base64.encode(key, variant: .foundation)),
                ]),
                .invalid, "bad-ephemeral-key")
        }
        addOpen(
            "ephemeral-low-order", "ephemeralPublicKey all zero; the box is sealed under the resulting all-zero-secret key",
            [.lowOrderPoint],
            payload: Self.lowOrderPayload(plaintext: plain, session: session), .acceptable, session: session, plaintext: plain)
        let members = [("session", session), ("sealed", base.sealed), ("ephemeralPublicKey", base.ephemeralPublicKey)]
        let wrapperJSON = String(decoding: try! Base64.decode(Self.encode(members), variant: .foundation), as: UTF8.self)
        let foundationJSON: [(String, String, String)] = [
            (
                "json-duplicate-session", "session repeated last with another value: Foundation keeps the first",
                #","session":"another-session"}"#
            ),
            ("json-trailing-comma", "a trailing comma after the last member", ",}"),
            ("json-number-overflow", "an extra key with 1e400", #","n":1e400}"#),
            ("json-leading-zero", "an extra key with 01", #","n":01}"#),
        ]
        for (slug, comment, tail) in foundationJSON {
            let json = String(wrapperJSON.dropLast()) + tail
            addOpen(
                slug, comment, [.foundationJSON], payload: Base64.encode(Array(json.utf8), variant: .foundation),
                .acceptable, session: session, plaintext: plain)
        }
        // The box is sealed for the second copy: a reader that keeps the last copy opens it, FlowDown's salt has the first.
        let decoyFirst = #"{"session":"decoy-session","# + wrapperJSON.dropFirst()
        addOpen(
            "json-duplicate-session-sealed-for-second",
            "session twice, the box sealed for the second: FlowDown keeps the first, so the salt is wrong and the box does not "
                + "open; a reader keeping the last opens it", [.foundationJSON],
            payload: Base64.encode(Array(decoyFirst.utf8), variant: .foundation), .invalid, "authentication-failed")
        addOpen(
            "json-byte-order-mark", "a UTF-8 byte order mark before the JSON: JSONDecoder skips it, and so does the reference",
            [.foundationJSON], payload: Base64.encode([0xEF, 0xBB, 0xBF] + Array(wrapperJSON.utf8), variant: .foundation),
            .acceptable, session: session, plaintext: plain)
        addOpen(
            "payload-extra-padding", "an '=' after a complete payload", [.foundationBase64],
            payload: Self.encode(members) + "=", .acceptable, session: session,
            plaintext: plain)
        addOpen(
            "sealed-non-zero-trailing-bits", "a non-zero unused bit in sealed", [.foundationBase64],
            payload: Self.encode([
                ("session", session), ("sealed", FlowDownFixtures.withTrailingBits(base.sealed)),
                ("ephemeralPublicKey", base.ephemeralPublicKey),
            ]), .acceptable, session: session, plaintext: plain)
        addOpen(
            "ephemeral-non-zero-trailing-bits", "a non-zero unused bit in ephemeralPublicKey", [.foundationBase64],
            payload: Self.encode([
                ("session", session), ("sealed", base.sealed),
                ("ephemeralPublicKey", FlowDownFixtures.withTrailingBits(base.ephemeralPublicKey)),
            ]), .acceptable, session: session, plaintext: plain)
        addOpen(
            "payload-not-base64", "payload with a '!'", [.notBase64], payload: "eyJ!" + base.encoded.dropFirst(4), .invalid,
            "payload-not-base64")
        // Base64 of ASCII JSON never contains '+' or '/', so an alphabet mix-up cannot show here;
        // a line break can, and lenient (Go-style) decoders would skip it.
        let broken = base.encoded.prefix(40) + "\n" + base.encoded.dropFirst(40)
        addOpen(
            "payload-line-break", "a line feed inside the payload", [.notBase64], payload: String(broken), .invalid, "payload-not-base64")
        addOpen(
            "sealed-not-base64", "sealed with a space", [.notBase64],
            payload: Self.encode([("session", session), ("sealed", "AAEC AwQF"), ("ephemeralPublicKey", base.ephemeralPublicKey)]),
            .invalid, "payload-not-base64")
        addOpen(
            "not-json", "Base64 of plain text", [.notJSON], payload: Base64.encode(Array("not json".utf8), variant: .foundation), .invalid,
            "payload-not-json")
        addOpen(
            "json-missing-field", "no ephemeralPublicKey", [.notJSON],
            payload: Self.encode([("session", session), ("sealed", base.sealed)]), .invalid, "payload-not-json")
        return VectorFile(
            format: "flowdown", suite: id, spec: FlowDownFixtures.spec,
            header: [
                "The payload of the completed callback: Base64(JSON {session, sealed, ephemeralPublicKey}); sealed = Base64(nonce || "
                    + "ChaCha20-Poly1305 ciphertext || tag) under HKDF-SHA256(X25519(ephemeral, recipient), salt "
                    + "\"flowdown-model-exchange\" + session, info = recipient's Ed25519 public key).",
                "Ops flowdown.sealPayload {pk, session, plaintext, ephemeralPrivateKey, nonce} -> {payload} (compared after decoding: "
                    + "sealed, ephemeralPublicKey and session exact; key order and \\/ escaping free) and flowdown.openPayload {seed, "
                    + "payload, expectedSession?} -> {session, plaintext}.",
            ],
            notes: Self.notes,
            testGroups: [TestGroup(type: Self.seal.type, tests: seal), TestGroup(type: Self.open.type, tests: open)])
    }

    /// A box sealed under the key derived from an all-zero shared secret, so only the explicit
    /// low-order check can refuse it.
    static func lowOrderPayload(plaintext: [UInt8], session: String) -> String {
        let key = PayloadCipher.derivedKey(ikm: [UInt8](repeating: 0, count: 32), session: session, recipientSigningKey: recipient.signing)
        let nonce = Array(FlowDownFixtures.seed(24).prefix(12))
        let combined = PayloadCipher.sealRaw(plaintext, key: key, nonce: nonce)
        return encode([
            ("session", session), ("sealed", Base64.encode(combined, variant: .foundation)),
            ("ephemeralPublicKey", Base64.encode([UInt8](repeating: 0, count: 32), variant: .foundation)),
        ])
    }

    /// A seal is random and compared after decoding; the other groups as written.
    public func comparesAsWritten(_ group: TestGroup) -> Bool { group.type != Self.seal.type }

    /// Seal results are compared after decoding: key order and `\/` escaping are free (section 9).
    public func mismatch(result: JSONObject, for test: TestCase, in group: TestGroup) -> String? {
        guard group.type == Self.seal.type else {
            return defaultMismatch(result: result, expected: test.expected)
        }
        guard let payload = result[F.payload] else { return "result has no payload" }
        guard let wrapper = try? PayloadWrapper(encoded: payload) else { return "payload does not decode to the JSON wrapper" }
        // The session is the sealed one (an input); the wrapper's other members are the expected ones.
        let members = [
            (F.payloadSession.name, wrapper.session, test.input[F.payloadSession]),
            (F.sealed.name, wrapper.sealed, test.expected[F.sealed]),
            (F.ephemeralPublicKey.name, wrapper.ephemeralPublicKey, test.expected[F.ephemeralPublicKey]),
        ]
        // By scalars: the session is salt bytes, the others Base64 text.
        for (name, value, expected) in members where !(expected.map(value.isExactly) ?? false) {
            return "\(name) is \(value.debugDescription), expected \(expected ?? "-")"
        }
        // The wrapper's parts may also be given beside the payload; if they are, they must be right.
        for name in [F.sealed.name, F.ephemeralPublicKey.name] {
            if let value = result[name], value != .null, value != test.expected[name] {
                return "'\(name)' is \(value), expected \(test.expected[name] ?? "none")"
            }
        }
        return nil
    }

    /// A seal's expected members beside the payload are the wrapper's, which the reference does not repeat.
    public func expected(fromReference result: JSONObject, in group: TestGroup) -> JSONObject {
        guard group.type == Self.seal.type, let payload = result[F.payload], let wrapper = try? PayloadWrapper(encoded: payload) else {
            return result
        }
        return JSONObject(F.payload(payload), F.sealed(wrapper.sealed), F.ephemeralPublicKey(wrapper.ephemeralPublicKey))
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        file.allTests.compactMap { $0.test.input[F.payload] ?? $0.test.expected[F.payload] }
            .map { CorpusSeed(target: "FuzzFlowDownPayload", bytes: Array($0.utf8)) }
    }
}
