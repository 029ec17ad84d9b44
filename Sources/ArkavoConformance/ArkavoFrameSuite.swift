import ArkavoWire
import ConformanceKit
import NanoTDF
import NanoTDFConformance
import WireCore

/// `arkavo/frames`: the WebSocket binary frames of NanoTDF spec section 13, every type in every
/// form, each cut at every field boundary, wrong lengths and points, unknown type bytes, 0xFF
/// bodies that are not the JSON error, and NanoTDFs inside frames refused by the NanoTDF decoder.
public struct ArkavoFrameSuite: VectorSuite {
    public init() {}
    public var id: String { "arkavo/frames" }
    typealias F = ArkavoFields

    /// `ArkavoParseFrameTest`: `arkavo.parseFrame {frame}` → `type`, `form` and the body's fields.
    public static let parseFrame = GroupKind("ArkavoParseFrameTest", op: "arkavo.parseFrame", input: [F.frame], expected: F.frameResult)

    public var groupKinds: [GroupKind] { [Self.parseFrame] }

    /// One frame of the suite: slug, comment, flags, bytes, and its field boundaries (lengths to cut at).
    typealias Sample = (slug: String, comment: String, flags: [Flag], bytes: [UInt8], boundaries: [Int])

    static let key = NanoTDFFixtures.point(.secp256r1, 0xA4)
    static let example1 = NanoTDFFixtures.specExample1
    /// Field ends of spec example 1 (as `nanotdf/parse` cuts it): locator, ECC, config, policy, binding, key, payload, signature.
    static let example1Boundaries = [2, 3, 4, 10, 19, 20, 21, 23, 45, 109, 141, 142, 145, 148, 153, 161, 194, 257]

    static func samples() -> [Sample] {
        let salt = NanoTDFFixtures.filler(32, 0xA401)
        let nonce = NanoTDFFixtures.filler(12, 0xA402)
        let wrapped = NanoTDFFixtures.filler(32, 0xA403)
        let tag = NanoTDFFixtures.filler(16, 0xA404)
        let event = ArkavoFixtures.events[1].3.encode()
        let error = Array(#"{"error_type":"policy_denied","message":"access denied by policy"}"#.utf8)
        let header = Array(example1.prefix(142))
        return [
            ("client-key", "0x01 C->S: the client's ephemeral P-256 key", [.keyExchange], [0x01] + key, [1]),
            ("server-key-and-salt", "0x01 S->C: the server's key and a 32-byte salt", [.keyExchange], [0x01] + key + salt, [1, 34]),
            ("kas-key-request", "0x02 C->S: empty", [.kasKey], [0x02], []),
            ("kas-key", "0x02 S->C: the KAS P-256 key", [.kasKey], [0x02] + key, [1]),
            (
                "rewrap-header", "0x03 C->S: spec example 1's header alone, as the app sends it", [.rewrap], [0x03] + header,
                example1Boundaries.filter { $0 < 142 }.map { $0 + 1 }
            ),
            (
                "rewrap-whole-container", "0x03 C->S: all of spec example 1; arkavo-rs reads the header and ignores the rest",
                [.rewrap, .headerOnly], [0x03] + example1, []
            ),
            (
                "rewrapped-key", "0x04 S->C: key 33, nonce 12, wrapped key 32, tag 16 (94 bytes with the type)", [.rewrapped],
                [0x04] + key + nonce + wrapped + tag, [1, 34, 46, 78]
            ),
            ("rewrap-denied", "0x04 S->C with the key alone: the app's DENY", [.rewrapped, .deny], [0x04] + key, []),
            ("nats", "0x05: spec example 1 forwarded from NATS", [.nats], [0x05] + example1, example1Boundaries.map { $0 + 1 }),
            ("event-cache", "0x06: a CacheEvent (cache-event-store)", [.event], [0x06] + event, [1, 1 + event.count / 2]),
            (
                "event-nanotdf", "0x06 S->C: a NanoTDF (arkavo-rs forwards NATS messages not starting with L1L as 0x06)",
                [.eventNanoTDF], [0x06] + NanoTDFFixtures.specExample2, [3]
            ),
            ("event-not-found", "0x06 S->C: the text 'Event not found'", [.eventOpaque], [0x06] + Array("Event not found".utf8), []),
            ("event-stored", "0x06 S->C: the text 'Successfully stored'", [.eventOpaque], [0x06] + Array("Successfully stored".utf8), []),
            ("cbor", "0x08: a CBOR map, kept opaque", [.cbor], [0x08, 0xA1, 0x64] + Array("type".utf8) + [0x64] + Array("ping".utf8), []),
            ("error-policy-denied", "0xFF: policy_denied", [.error], [0xFF] + error, [1, 1 + error.count / 2]),
            (
                "error-with-details", "0xFF: crypto_error with a details object", [.error],
                [0xFF] + Array(#"{"error_type":"crypto_error","message":"bad tag","details":{"offset":12}}"#.utf8), []
            ),
            (
                "error-unknown-type", "0xFF: an error_type arkavo-rs does not send (kept, knownErrorType false)", [.error],
                [0xFF] + Array(#"{"error_type":"rate_limited","message":"slow down"}"#.utf8), []
            ),
            ("bare-nanotdf", "spec example 1 with no type byte (the app checks 4C 31 first)", [.bareNanoTDF], example1, [2, 3, 142]),
        ]
    }

    /// Frames that must be refused, apart from the cuts: slug, comment, flags, bytes.
    static func refusals() -> [(String, String, [Flag], [UInt8])] {
        let largeEvent = Event(action: .cache, data: .cacheEvent(CacheEvent(targetPayload: Array(repeating: 0x5A, count: 2100)))).encode()
        var badMagic = example1
        badMagic[1] = 0x32
        return [
            ("empty", "no bytes", [.truncated], []),
            ("type-00", "type byte 0x00", [.unknownType], [0x00] + key),
            ("type-07", "type byte 0x07 (unassigned)", [.unknownType], [0x07, 0x01]),
            ("type-09", "type byte 0x09", [.unknownType], [0x09]),
            ("type-fe", "type byte 0xFE", [.unknownType], [0xFE, 0x00]),
            ("type-4c-short", "4C 31: two bytes, too short to be a NanoTDF, and 0x4C is no type", [.unknownType], [0x4C, 0x31]),
            ("public-key-32", "0x01 with a 32-byte body", [.bodyLength], [0x01] + key.prefix(32)),
            ("public-key-66", "0x01 with 66 bytes (a key, a salt, one more)", [.bodyLength], [0x01] + key + NanoTDFFixtures.filler(33, 1)),
            ("kas-key-34", "0x02 with 34 bytes", [.bodyLength], [0x02] + key + [0]),
            (
                "rewrapped-key-92", "0x04 with 92 bytes (93 with the type byte, as ArkavoClient expects)", [.bodyLength, .rewrapped],
                [0x04] + key + NanoTDFFixtures.filler(59, 2)
            ),
            ("rewrapped-key-94", "0x04 with 94 bytes", [.bodyLength, .rewrapped], [0x04] + key + NanoTDFFixtures.filler(61, 3)),
            ("public-key-uncompressed-prefix", "0x01 whose key starts with 04", [.badPoint], [0x01, 0x04] + key.dropFirst()),
            ("kas-key-prefix-00", "0x02 whose key starts with 00", [.badPoint], [0x02, 0x00] + key.dropFirst()),
            ("rewrap-bad-magic", "0x03 whose NanoTDF starts 4C 32", [.rewrap], [0x03] + badMagic.prefix(142)),
            ("nats-trailing-byte", "0x05: spec example 1 and one more byte", [.nats], [0x05] + example1 + [0]),
            ("event-too-large", "0x06: a 2,100-byte CacheEvent, over the 2,000 bytes both sides allow", [.eventSize], [0x06] + largeEvent),
            ("error-not-json", "0xFF with the text 'oops'", [.error], [0xFF] + Array("oops".utf8)),
            ("error-array", "0xFF with a JSON array", [.error], [0xFF] + Array(#"["invalid_format"]"#.utf8)),
            ("error-no-message", "0xFF without message", [.error], [0xFF] + Array(#"{"error_type":"server_error"}"#.utf8)),
            ("error-type-number", "0xFF with error_type 3", [.error], [0xFF] + Array(#"{"error_type":3,"message":"x"}"#.utf8)),
            // A reader of repeated keys (Python's json.loads keeps the last) or of numbers past a double accepts these.
            (
                "error-repeated-key", "0xFF whose error_type is repeated", [.error],
                [0xFF] + Array(#"{"error_type":"a","error_type":"b","message":"m"}"#.utf8)
            ),
            (
                "error-repeated-key-in-details", "0xFF whose details repeat a key", [.error],
                [0xFF] + Array(#"{"error_type":"a","message":"m","details":{"k":1,"k":2}}"#.utf8)
            ),
            (
                "error-number-beyond-double", "0xFF whose details hold 1e400", [.error],
                [0xFF] + Array(#"{"error_type":"a","message":"m","details":1e400}"#.utf8)
            ),
        ]
    }

    /// The flags of `arkavo/frames`, as its vector file spells them; each has a note in `ArkavoNotes.frames`.
    enum Flag: String, CaseFlag {
        case keyExchange = "KeyExchange"
        case kasKey = "KasKey"
        case rewrap = "Rewrap"
        case headerOnly = "HeaderOnly"
        case rewrapped = "Rewrapped"
        case deny = "Deny"
        case nats = "Nats"
        case event = "Event"
        case eventNanoTDF = "EventNanoTDF"
        case eventOpaque = "EventOpaque"
        case cbor = "Cbor"
        case error = "Error"
        case bareNanoTDF = "BareNanoTDF"
        case truncated = "Truncated"
        case unknownType = "UnknownType"
        case bodyLength = "BodyLength"
        case badPoint = "BadPoint"
        case eventSize = "EventSize"
    }

    public func generate() -> VectorFile {
        var cases: [TestCase] = []
        func add(_ slug: String, _ comment: String, _ flags: [Flag], _ bytes: [UInt8]) {
            let input = JSONObject(F.frame(bytes))
            let spec = ["NanoTDF 13"]
            do {
                let frame = try Frame.decode(bytes)
                precondition(frame.bytes == bytes, "\(slug) does not re-encode to itself")
                cases.append(
                    TestCase(
                        id: "\(id)/\(slug)", comment: comment, flags: flags, spec: spec, input: input,
                        expected: ArkavoFrameJSON.frame(frame), result: .valid))
            } catch {
                cases.append(
                    TestCase(
                        id: "\(id)/\(slug)", comment: "\(comment) (\(error.description))", flags: flags, spec: spec, input: input,
                        result: .invalid,
                        error: error.code))
            }
        }
        for sample in Self.samples() {
            add(sample.slug, sample.comment, sample.flags, sample.bytes)
        }
        for sample in Self.samples() {
            for length in sample.boundaries {
                add(
                    "\(sample.slug)-cut-at-\(length)", "\(sample.slug) cut to \(length) bytes", [Flag.truncated] + sample.flags,
                    Array(sample.bytes.prefix(length)))
            }
        }
        for (slug, comment, flags, bytes) in Self.refusals() { add(slug, comment, flags, bytes) }
        // Every container nanotdf/parse refuses, in a 0x05 frame: an implementation of frames alone meets each parse check.
        for (slug, comment, container, _) in NanoTDFParseSuite.refusedContainers() {
            add("nats-parse-\(slug)", "0x05: nanotdf/parse's \(slug), \(comment)", [.nats], [0x05] + container)
        }
        return VectorFile(
            format: "arkavo", suite: id, spec: ArkavoFixtures.spec,
            header: [
                "Arkavo WebSocket binary frames (NanoTDF spec section 13): type(1) || body; a frame starting 4C 31 with 3 or more bytes "
                    + "is a bare NanoTDF. Types 0x01 (33 or 33+32), 0x02 (0 or 33), 0x03 (a NanoTDF header; what follows it is kept), "
                    + "0x04 (33+12+32+16, or 33 = denied), 0x05 (a NanoTDF container), 0x06 (an Event the FlatBuffers Verifier accepts, "
                    + "at most 2000 bytes; else a NanoTDF when it starts 4C 31; else opaque bytes), 0x08 (opaque), 0xFF (JSON error).",
                "Op arkavo.parseFrame {frame} -> type, form and the body's fields; NanoTDF headers and containers as nanotdf.parseHeader "
                    + "and nanotdf.parse give them, Events in flatc's JSON form. A NanoTDF refused inside a frame keeps the NanoTDF "
                    + "error class (truncated, bad-magic, trailing-bytes, ...).",
                "Cut cases cut a valid frame at each field boundary; some cuts are valid frames of another form (a 0x01 reply cut "
                    + "after the key is a client key; 0x02 cut after the type is the request).",
            ],
            notes: ArkavoNotes.frames,
            testGroups: [TestGroup(type: Self.parseFrame.type, tests: cases)])
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        let frames = file.allTests.compactMap { $0.test.input[F.frame] }
        return frames.map { CorpusSeed(target: "FuzzArkavoFrame", bytes: $0) }
            + frames.map { frame in
                // FuzzKASSession reads a connection: frames with a 2-byte length each. A key exchange with a fixed client key
                // (the P-256 generator), the KAS key request, then the case's frame.
                let hello: [UInt8] = [0x01] + Self.generatorPoint
                return CorpusSeed(target: "FuzzKASSession", bytes: Self.lengthPrefixed([hello, [0x02], frame]))
            }
            // A rewrap the mock Arkavo KAS permits: its policy is a Metadata FlatBuffer, as arkavo-rs requires (without a
            // rating, which its content-rating contract would judge).
            + [
                CorpusSeed(
                    target: "FuzzKASSession",
                    bytes: Self.lengthPrefixed([
                        [0x01] + Self.generatorPoint, [0x02],
                        [0x03] + Self.headerForFuzzKASKey(policy: Metadata(created: 1_731_500_000).encode()),
                    ]))
            ]
            // The OpenTDF KAS reads embedded JSON policies only.
            + (frames.filter { $0.first == 0x03 } + [[0x03] + Self.headerForFuzzKASKey(policy: Array(#"{"body":{}}"#.utf8))]).flatMap {
                frame in
                // FuzzKASRewrapRequest reads an OpenTDF rewrap: the same header in a request token, over Connect JSON and proto.
                let token = Self.requestToken(header: Array(frame.dropFirst()))
                var proto: [UInt8] = [0x04, 0x0A]
                var length = token.utf8.count
                while length >= 0x80 {
                    proto.append(UInt8(length & 0x7F) | 0x80)
                    length >>= 7
                }
                proto += [UInt8(length)] + Array(token.utf8)
                return [
                    CorpusSeed(
                        target: "FuzzKASRewrapRequest",
                        bytes: [0x00] + Array(JSONWriter.compact(["signedRequestToken": .string(token)]).utf8)),
                    CorpusSeed(target: "FuzzKASRewrapRequest", bytes: proto),
                ]
            }
    }

    /// A NanoTDF header for the KAS key of the KAS fuzz targets (the scalar 1, 2, …, 32) with an embedded `policy`, so
    /// that a seed reaches the rewrap's permit path; fixed keys and IV make it the same on every run.
    static func headerForFuzzKASKey(policy: [UInt8]) -> [UInt8] {
        guard let kas = try? PrivateKey(scalar: (1...32).map(UInt8.init), curve: .secp256r1),
            let ephemeral = try? PrivateKey(scalar: (2...33).map(UInt8.init), curve: .secp256r1),
            let made = try? Container.encrypt(
                EncryptionParameters(
                    version: .l1l, kas: ResourceLocator(protocolCode: 0, body: Array("127.0.0.1/kas".utf8), identifier: Array("e1".utf8)),
                    kasPublicKey: kas.publicKey, policy: .embeddedPlaintext(policy), bindingVariant: .sha256Tail,
                    ephemeralKey: ephemeral, iv: [0, 0, 1], plaintext: Array("fuzz".utf8)))
        else { return [] }
        return made.header.bytes
    }

    /// A signed request token asking an OpenTDF KAS to rewrap `header` for the generator point as the client key: valid
    /// from 1970 to 2100, so it holds whenever the fuzzer runs, and signed with zeros (a KAS verifies the signature only
    /// when a DPoP proof names the key).
    static func requestToken(header: [UInt8]) -> String {
        // SubjectPublicKeyInfo of an uncompressed P-256 point: the DER prefix, 04, x (the generator's), y.
        let spki = (try? Hex.decode("3059301306072a8648ce3d020106082a8648ce3d030107034200")) ?? []
        let y = (try? Hex.decode("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")) ?? []
        let point = [0x04] + Array(generatorPoint.dropFirst()) + y
        let pem = "-----BEGIN PUBLIC KEY-----\n" + Base64.encode(spki + point, variant: .foundation) + "\n-----END PUBLIC KEY-----\n"
        let body: JSONValue = [
            "clientPublicKey": .string(pem),
            "requests": [
                [
                    "algorithm": "ec:secp256r1", "policy": ["id": "policy"],
                    "keyAccessObjects": [
                        // A pair list, not a literal: the key is the KAS's, not this family's `header` field.
                        [
                            "keyAccessObjectId": "kao-0",
                            "keyAccessObject": .object(JSONObject([("header", .string(Base64.encode(header, variant: .foundation)))])),
                        ]
                    ],
                ]
            ],
        ]
        let claims: JSONValue = ["requestBody": .string(JSONWriter.compact(body)), "iat": 0, "exp": 4_102_444_800]
        func part(_ value: JSONValue) -> String { Base64.encode(Array(JSONWriter.compact(value).utf8), variant: .goRawURL) }
        return part(["alg": "ES256"]) + "." + part(claims) + "." + Base64.encode([UInt8](repeating: 0, count: 64), variant: .goRawURL)
    }

    /// The compressed P-256 generator: a client key every server accepts.
    static let generatorPoint: [UInt8] =
        [0x03] + [
            0x6B, 0x17, 0xD1, 0xF2, 0xE1, 0x2C, 0x42, 0x47, 0xF8, 0xBC, 0xE6, 0xE5, 0x63, 0xA4, 0x40, 0xF2, 0x77, 0x03, 0x7D, 0x81,
            0x2D, 0xEB, 0x33, 0xA0, 0xF4, 0xA1, 0x39, 0x45, 0xD8, 0x98, 0xC2, 0x96,
        ]

    static func lengthPrefixed(_ frames: [[UInt8]]) -> [UInt8] {
        frames.flatMap { [UInt8(truncatingIfNeeded: $0.count >> 8), UInt8(truncatingIfNeeded: $0.count)] + $0 }
    }
}
