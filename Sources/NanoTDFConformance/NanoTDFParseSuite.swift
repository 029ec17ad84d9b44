import ConformanceKit
import NanoTDF
import WireCore

/// `nanotdf/parse`: the container and header layout of NanoTDF spec sections 1–8 on every curve,
/// cipher, policy type and binding mode, `L1M`, and every refusal of the checklist of section 11.
/// Only the two spec examples carry real cryptography; in generated cases the keys are real points
/// but ciphertexts, tags, bindings and signatures are seeded filler, since parsing does not check them.
public struct NanoTDFParseSuite: VectorSuite {
    public init() {}
    public var id: String { "nanotdf/parse" }
    typealias F = NanoTDFFields

    /// `NanoTDFParseHeaderTest`: `nanotdf.parseHeader {container}` → the header's fields; what follows the header is not read.
    public static let parseHeader = GroupKind(
        "NanoTDFParseHeaderTest", op: "nanotdf.parseHeader", input: [F.container], expected: F.header)
    /// `NanoTDFParseTest`: `nanotdf.parse {container}` → the header's fields, `payload` and `signature`.
    public static let parse = GroupKind(
        "NanoTDFParseTest", op: "nanotdf.parse", input: [F.container], expected: F.header + [F.payload, F.signature])

    public var groupKinds: [GroupKind] { [Self.parseHeader, Self.parse] }

    /// A container that reads only with Go's length-prefixed ECDSA binding (contract 1.7, flag `EcdsaGo`): reading it so
    /// and refusing it both conform, as for the `EcdsaGo` cases. Any other container has the reference's answer only,
    /// whatever case it was made from (a Go-form case cut short is plainly `truncated`).
    public func ambiguity(of input: JSONObject, in group: TestGroup) -> InputAmbiguity {
        guard let bytes = input[F.container] else { return .unknown }
        let readsOnlyInGoForm: Bool
        switch group.type {
        case Self.parse.type:
            readsOnlyInGoForm = (try? Container.parse(bytes)) == nil && (try? Container.parseEitherBindingForm(bytes)) != nil
        case Self.parseHeader.type:
            readsOnlyInGoForm =
                (try? Container.parseHeader(bytes)) == nil && (try? Container.parseHeaderEitherBindingForm(bytes)) != nil
        default: return .unknown
        }
        return readsOnlyInGoForm
            ? .either("an ECDSA binding in Go's length-prefixed form, which a reader may refuse (contract 1.7)") : .referenceOnly
    }

    /// The flags of `nanotdf/parse`, as its vector file spells them; each has a note in `notes`.
    enum Flag: String, CaseFlag {
        case specExample = "SpecExample"
        case matrix = "Matrix"
        case secp256k1 = "Secp256k1"
        case ecdsaBinding = "EcdsaBinding"
        case ecdsaGo = "EcdsaGo"
        case remotePolicy = "RemotePolicy"
        case keyAccessPolicy = "KeyAccessPolicy"
        case signed = "Signed"
        case sharedDirectory = "SharedDirectory"
        case keyIdentifier = "KeyIdentifier"
        case emptyPlaintext = "EmptyPlaintext"
        case arkavoL1M = "ArkavoL1M"
        case longPolicy = "LongPolicy"
        case unusedSignatureCurve = "UnusedSignatureCurve"
        case headerOnly = "HeaderOnly"
        case truncated = "Truncated"
        case magic = "Magic"
        case locatorByte = "LocatorByte"
        case reservedBits = "ReservedBits"
        case outOfRange = "OutOfRange"
        case emptyPolicy = "EmptyPolicy"
        case notCompressed = "NotCompressed"
        case payloadLength = "PayloadLength"
        case reservedIV = "ReservedIV"
        case trailingBytes = "TrailingBytes"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .specExample: .init(bugType: .interop, description: "A worked example of opentdf/spec section 6, byte for byte."),
        .matrix: .init(
            bugType: .functionality,
            description:
                "One cell of curve x binding mode x policy type, with ciphers, signatures, locator protocols and identifier sizes rotating."
        ),
        .secp256k1: .init(
            bugType: .functionality,
            description:
                "Curve 3: the Go SDK accepts only secp256r1 and OpenTDFKit has no secp256k1; opentdf-rs and this project accept all four."),
        .ecdsaBinding: .init(
            bugType: .functionality,
            description:
                "ECDSA policy binding: the binding is a fixed-width r||s of the ephemeral curve (64/96/132 bytes); Go writes a "
                + "length-prefixed form instead."
        ),
        .ecdsaGo: .init(
            bugType: .interop,
            description:
                "An ECDSA binding in the Go SDK's form, len(r)||r||len(s)||s. The reference reads a container in the spec's "
                + "fixed-width form first and in Go's when that fails, for parse, parseHeader and decrypt alike; a reader of one "
                + "form only refuses these (acceptable)."),
        .remotePolicy: .init(bugType: .functionality, description: "Policy type 0: a resource locator; the Go SDK cannot read it."),
        .keyAccessPolicy: .init(
            bugType: .functionality,
            description:
                "Policy type 3: content, then a locator and an ephemeral key of the header's curve (opentdf-rs reads a fixed 33-byte "
                + "key)."),
        .signed: .init(
            bugType: .functionality, description: "HAS_SIGNATURE: a creator key and r||s of the signature curve follow the payload."),
        .sharedDirectory: .init(
            bugType: .interop,
            description: "Locator protocol 0xF (shared resource directory): OpenTDFKit writes it but cannot read it back."),
        .keyIdentifier: .init(
            bugType: .interop,
            description: "A 2-, 8- or 32-byte key identifier after the locator body (the server arkavo-rs rejects identifiers)."),
        .emptyPlaintext: .init(
            bugType: .edgeCase,
            description: "A payload with no ciphertext (length = 3 + tag); OpenTDFKit at the app's pin refuses 0-length reads."),
        .arkavoL1M: .init(
            bugType: .legacy,
            description:
                "L1M (v13, Arkavo): a KAS curve byte and KAS public key follow the KAS locator; only OpenTDFKit up to b2a9765 writes it."),
        .longPolicy: .init(
            bugType: .edgeCase,
            description: "Embedded content over 255 bytes: the v1alpha draft caps it at 255; Go, Rust and OpenTDFKit accept up to 65535."),
        .unusedSignatureCurve: .init(
            bugType: .edgeCase,
            description: "Signature-curve bits that name no curve while HAS_SIGNATURE is clear are not checked (spec example 2 writes 3)."),
        .headerOnly: .init(
            bugType: .functionality, description: "parseHeader stops after the header, as a KAS reads it: what follows is not looked at."),
        .truncated: .init(bugType: .basic, description: "The container cut at a field boundary or inside a field."),
        .magic: .init(bugType: .basic, description: "Not 4C 31, or a version other than L1L (4C) and L1M (4D)."),
        .locatorByte: .init(
            bugType: .edgeCase,
            description:
                "A locator protocol nibble other than 0, 1, F (OpenTDFKit accepts 2 and 3 as ws/wss), or an identifier nibble above 3."),
        .reservedBits: .init(
            bugType: .edgeCase, description: "ECC byte bits 6-3 set: the Go SDK ignores them, the v1alpha draft says reject."),
        .outOfRange: .init(bugType: .basic, description: "A curve above 3, a cipher above 5 or a policy type above 3."),
        .emptyPolicy: .init(bugType: .edgeCase, description: "Embedded content of length 0: OpenTDFKit and the v1alpha draft reject it."),
        .notCompressed: .init(bugType: .basic, description: "A public key whose first byte is not 02 or 03."),
        .payloadLength: .init(bugType: .basic, description: "A payload length shorter than IV + tag."),
        .reservedIV: .init(
            bugType: .edgeCase, description: "Payload IV 000000 is reserved for the encrypted policy (v1alpha: MUST reject)."),
        .trailingBytes: .init(
            bugType: .edgeCase,
            description: "Bytes after a complete container: Go, OpenTDFKit and Rust ignore them; this project "
                + "rejects."),
    ]

    /// One generated container.
    struct Shape {
        var version = Header.Version.l1l
        var curve = Curve.secp256r1
        var ecdsa = false
        var kind = Policy.Kind.embeddedPlaintext
        var cipher = Cipher.aes256GCM96
        var signatureCurve: Curve? = nil
        var unusedSignatureBits: UInt8 = 0
        var protocolCode: UInt8 = 1
        var identifierSize = 0
        var contentLength = 24
        var ciphertextLength = 5
        var seed: UInt64 = 0

        func container() -> Container {
            let locator = ResourceLocator(
                protocolCode: protocolCode, body: Array("kas.example.com".utf8),
                identifier: NanoTDFFixtures.filler(identifierSize, seed + 1))
            var policy = Policy(kind: kind, binding: NanoTDFFixtures.filler(ecdsa ? curve.signatureLength : 8, seed + 2))
            switch kind {
            case .remote: policy.locator = ResourceLocator(protocolCode: 1, body: Array("kas.example.com/policy/\(seed)".utf8))
            case .embeddedPlaintext:
                policy.content = Array(String(repeating: "{\"body\":{}}", count: contentLength / 11 + 1).utf8.prefix(contentLength))
            case .embeddedEncrypted: policy.content = NanoTDFFixtures.filler(contentLength, seed + 3)
            case .embeddedEncryptedWithKeyAccess:
                policy.content = NanoTDFFixtures.filler(contentLength, seed + 3)
                policy.locator = ResourceLocator(protocolCode: 1, body: Array("kas.example.com/pka".utf8))
                policy.keyAccessPublicKey = NanoTDFFixtures.point(curve, seed + 4)
            }
            let header = Header(
                version: version, kas: locator,
                kasKey: version == .l1m ? Header.KASKey(curve: curve, publicKey: NanoTDFFixtures.point(curve, seed + 5)) : nil,
                ecdsaBinding: ecdsa, curve: curve, hasSignature: signatureCurve != nil,
                signatureCurveBits: signatureCurve?.rawValue ?? unusedSignatureBits, cipher: cipher, policy: policy,
                ephemeralPublicKey: NanoTDFFixtures.point(curve, seed + 6))
            var iv = NanoTDFFixtures.filler(3, seed + 7)
            iv[2] |= 1
            let payload = Payload(
                iv: iv, ciphertext: NanoTDFFixtures.filler(ciphertextLength, seed + 8),
                tag: NanoTDFFixtures.filler(cipher.tagLength, seed + 9))
            let signature = signatureCurve.map {
                CreatorSignature(
                    publicKey: NanoTDFFixtures.point($0, seed + 10), signature: NanoTDFFixtures.filler($0.signatureLength, seed + 11))
            }
            return Container(header: header, payload: payload, signature: signature)
        }
    }

    /// The valid containers: slug, comment, flags, bytes.
    func validContainers() -> [(String, String, [Flag], [UInt8])] {
        var list: [(String, String, [Flag], [UInt8])] = [
            (
                "spec-example-1", "spec 6.1: https kas.virtru.com, ECDSA binding on P-256, remote policy, signed, GCM-64", [.specExample],
                NanoTDFFixtures.specExample1
            ),
            (
                "spec-example-2", "spec 6.2: config 0x35 (unsigned, signature curve 3, GCM-128), remote policy",
                [.specExample, .unusedSignatureCurve],
                NanoTDFFixtures.specExample2
            ),
        ]
        var index = 0
        for curve in Curve.allCases {
            for ecdsa in [false, true] {
                for kind in Policy.Kind.allCases {
                    var shape = Shape(curve: curve, ecdsa: ecdsa, kind: kind, seed: UInt64(index) * 100)
                    shape.cipher = Cipher(rawValue: UInt8(index % 6))!
                    shape.signatureCurve = index % 3 == 0 ? Curve(rawValue: UInt8(index / 3 % 4)) : nil
                    shape.protocolCode = [0x0, 0x1, 0xF][index % 3]
                    shape.identifierSize = ResourceLocator.identifierSizes[index % 4]
                    shape.contentLength = 1 + index * 7
                    shape.ciphertextLength = index % 5
                    var flags: [Flag] = [.matrix]
                    if curve == .secp256k1 { flags.append(.secp256k1) }
                    if ecdsa { flags.append(.ecdsaBinding) }
                    if kind == .remote { flags.append(.remotePolicy) }
                    if kind == .embeddedEncryptedWithKeyAccess { flags.append(.keyAccessPolicy) }
                    if shape.signatureCurve != nil { flags.append(.signed) }
                    if shape.protocolCode == 0xF { flags.append(.sharedDirectory) }
                    if shape.identifierSize > 0 { flags.append(.keyIdentifier) }
                    if shape.ciphertextLength == 0 { flags.append(.emptyPlaintext) }
                    let comment =
                        "\(curve.name), \(ecdsa ? "ECDSA" : "sha256-tail") binding, \(kind.name) policy, GCM-\(shape.cipher.tagBits)"
                        + (shape.signatureCurve.map { ", signed on \($0.name)" } ?? "")
                    list.append(("\(curve.name)-\(ecdsa ? "ecdsa" : "hash")-\(kind.name)", comment, flags, shape.container().bytes))
                    index += 1
                }
            }
        }
        for (slug, curve) in [("l1m-secp256r1", Curve.secp256r1), ("l1m-secp384r1", Curve.secp384r1)] {
            let shape = Shape(version: .l1m, curve: curve, seed: 9000 + UInt64(curve.rawValue))
            list.append((slug, "L1M with a \(curve.name) KAS key", [.arkavoL1M], shape.container().bytes))
        }
        list.append(
            (
                "policy-300-bytes", "embedded plaintext policy of 300 bytes", [.longPolicy],
                Shape(contentLength: 300, seed: 9100).container().bytes
            ))
        list.append(
            (
                "policy-32768-bytes",
                "embedded plaintext policy of 32,768 bytes: the length's top bit is set (a signed 16-bit read goes negative)",
                [.longPolicy], Shape(contentLength: 32768, seed: 9110).container().bytes
            ))
        list.append(
            (
                "unused-signature-curve-7", "signature-curve bits 7 with HAS_SIGNATURE clear", [.unusedSignatureCurve],
                Shape(unusedSignatureBits: 7, seed: 9200).container().bytes
            ))
        return list
    }

    /// Every container this suite's `nanotdf.parse` cases refuse: `nanotdf/crypto` sends each to decrypt and
    /// `arkavo/frames` in a 0x05 frame, so an implementation of one of those ops alone is held to every parse check.
    /// Each comes with a private key: for spec example 1's changes and the `-real` cases, the one their payload opens
    /// under were the refusal skipped; the containers with seeded filler for a payload get spec example 1's too, and a
    /// reader that skips their check fails later, which only `--strict` (the error class) tells.
    public static func refusedContainers() -> [(slug: String, comment: String, container: [UInt8], key: [UInt8])] {
        let keys = Dictionary(uniqueKeysWithValues: refusalsInRealContainers().map { ($0.slug, $0.key) })
        return NanoTDFParseSuite().invalidContainers().map { slug, comment, _, bytes, _ in
            (slug, comment, bytes, keys[slug] ?? NanoTDFCryptoExamples.all[0].key)
        }
    }

    /// One invalid container: a valid one with one change, and the class the change must give.
    func invalidContainers() -> [(String, String, [Flag], [UInt8], NanoTDFError.Code)] {
        let base = NanoTDFFixtures.specExample1
        func set(_ offset: Int, _ byte: UInt8) -> [UInt8] {
            var bytes = base
            bytes[offset] = byte
            return bytes
        }
        // Field boundaries of spec example 1 (section 1 layout): magic 3, locator 2+14 (to 19), ECC, config,
        // policy type, locator 2+21, binding 64, ephemeral 33 (header 142), length 3, IV 3, ct 5, tag 8, key 33, r||s 64.
        let boundaries: [(Int, String)] = [
            (0, "empty"), (2, "magic"), (3, "kas-protocol"), (4, "kas-body-length"), (10, "kas-body"), (19, "ecc-mode"), (20, "config"),
            (21, "policy-type"), (23, "policy-locator"), (45, "policy-binding"), (109, "ephemeral-key"), (141, "ephemeral-key-end"),
            (142, "payload-length"), (145, "payload-iv"), (148, "payload-ciphertext"), (153, "payload-tag"), (161, "signature-key"),
            (194, "signature"), (257, "signature-end"),
        ]
        var list: [(String, String, [Flag], [UInt8], NanoTDFError.Code)] = boundaries.map { length, field in
            (
                "truncated-at-\(length)-\(field)", "spec example 1 cut to \(length) bytes (\(field))", [.truncated],
                Array(base.prefix(length)), .truncated
            )
        }
        var embedded = Shape(seed: 9300).container().bytes
        let lengthOffset = 3 + 2 + 15 + 2 + 1  // magic, locator (https kas.example.com), ECC, config, policy type
        // The same container with the content taken out too, so that only the length's 0 is wrong. (Until 2026-11-27 the
        // length was read after it was zeroed, and this case was the one above: an outside trial's reader that skipped
        // the check was stopped by the misread bytes after it, and passed.)
        let contentLength = Int(embedded[lengthOffset]) << 8 | Int(embedded[lengthOffset + 1])
        let emptied = Array(embedded[..<lengthOffset]) + [0, 0] + Array(embedded[(lengthOffset + 2 + contentLength)...])
        embedded[lengthOffset] = 0
        embedded[lengthOffset + 1] = 0
        var l1mCurve4 = Shape(version: .l1m, curve: .secp256r1, seed: 9000).container().bytes
        l1mCurve4[20] = 0x04  // after magic 3 and the KAS locator 2 + 15: the L1M KAS key's curve
        var shortPayload = base
        shortPayload[144] = 3 + 8 - 1
        list += [
            ("bad-magic", "second byte 0x32", [.magic], set(1, 0x32), .badMagic),
            ("version-l1n", "version byte 0x4E", [.magic], set(2, 0x4E), .unsupportedVersion),
            ("version-l1k", "version byte 0x4B (v11)", [.magic], set(2, 0x4B), .unsupportedVersion),
            ("locator-protocol-ws", "KAS locator protocol 2 (OpenTDFKit's ws)", [.locatorByte], set(3, 0x02), .badLocatorProtocol),
            ("locator-identifier-nibble-4", "KAS locator identifier nibble 4", [.locatorByte], set(3, 0x41), .badIdentifierSize),
            ("ecc-reserved-bit", "ECC byte 0x88: bit 3 set", [.reservedBits], set(19, 0x88), .reservedBits),
            ("ecc-curve-4", "ECC byte 0x84: curve 4", [.outOfRange], set(19, 0x84), .badCurve),
            ("cipher-6", "config byte 0x86: cipher 6", [.outOfRange], set(20, 0x86), .badCipher),
            ("signature-curve-4", "config byte 0xC0: signed on curve 4", [.outOfRange], set(20, 0xC0), .badCurve),
            ("policy-type-4", "policy type 4", [.outOfRange], set(21, 0x04), .badPolicyType),
            ("ephemeral-key-uncompressed", "ephemeral key prefix 04", [.notCompressed], set(109, 0x04), .badPoint),
            ("embedded-policy-empty", "embedded plaintext policy with content length 0", [.emptyPolicy], embedded, .emptyPolicy),
            ("embedded-policy-empty-clean", "embedded plaintext policy of length 0 and no content", [.emptyPolicy], emptied, .emptyPolicy),
            // Two faults in one field: the order of the checks decides the class (contract section 3).
            (
                "locator-both-nibbles", "KAS locator byte 0x42: protocol 2 and identifier nibble 4", [.locatorByte], set(3, 0x42),
                .badLocatorProtocol
            ),
            ("ecc-reserved-bit-and-curve-4", "ECC byte 0x8C: bit 3 set and curve 4", [.reservedBits], set(19, 0x8C), .reservedBits),
            ("cipher-6-signature-curve-7", "config byte 0xF6: cipher 6, signed on curve 7", [.outOfRange], set(20, 0xF6), .badCipher),
            (
                "ephemeral-key-uncompressed-cut", "ephemeral key prefix 04, cut inside the key: the key is read whole first", [.truncated],
                Array(set(109, 0x04).prefix(120)), .truncated
            ),
            ("l1m-kas-curve-4", "L1M KAS key curve byte 4", [.arkavoL1M, .outOfRange], l1mCurve4, .badCurve),
            ("payload-length-short", "payload length 10 with an 8-byte tag", [.payloadLength], shortPayload, .badPayloadLength),
            (
                "payload-length-top-bit", "payload length 0x800010 (top bit set: a signed 24-bit read goes negative), 113 bytes follow",
                [.payloadLength], set(142, 0x80), .truncated
            ),
            (
                "payload-iv-zero", "payload IV 000000", [.reservedIV],
                {
                    var b = base
                    b[145] = 0
                    b[146] = 0
                    b[147] = 0
                    return b
                }(), .reservedIV
            ),
            ("trailing-byte", "one byte after the signature", [.trailingBytes], base + [0x00], .trailingBytes),
        ]
        // Cut inside a multi-byte length rather than at its edge: a reader that checks for one byte too few before
        // the read traps there (an automatic mutant of the 3-byte read did, found by `wirecheck fuzz`).
        list += [1, 2].map { inside in
            (
                "truncated-at-\(142 + inside)-payload-length-byte-\(inside)",
                "spec example 1 cut \(inside) of 3 bytes into payload.length", [.truncated], Array(base.prefix(142 + inside)), .truncated
            )
        }
        list.append(
            (
                "truncated-in-policy-content-length", "an embedded policy cut 1 of 2 bytes into policy.contentLength", [.truncated],
                Array(Shape(seed: 9300).container().bytes.prefix(lengthOffset + 1)), .truncated
            ))
        return list + Self.refusalsInRealContainers().map { ($0.slug, $0.comment, $0.flags, $0.container, $0.code) }
    }

    /// Refusals of one field in a container with real cryptography, every other byte where it belongs: a reader that
    /// skips the check reads on to the end and decrypts it with `key`. In spec example 1 (the other cases) an empty
    /// policy or a payload length one short misaligns what follows, so such a reader was stopped by another check (an
    /// outside trial's decrypt shim passed every case without `--strict`).
    static func refusalsInRealContainers()
        -> [(slug: String, comment: String, flags: [Flag], container: [UInt8], code: NanoTDFError.Code, key: [UInt8])]
    {
        let shape = NanoTDFCryptoShape(plaintextLength: 0, seed: 9930)  // embedded plaintext policy, unsigned, 12-byte tag
        let key = NanoTDFCryptoShape.kasKey(shape.curve).scalarBytes
        let container = try! Container.encrypt(shape.parameters)
        var emptyPolicy = container
        emptyPolicy.header.policy.content = []
        var shortLength = container.bytes
        let (_, headerLength) = try! Container.parseHeader(shortLength)
        precondition(Array(shortLength[headerLength..<(headerLength + 3)]) == [0, 0, 15], "an empty plaintext: IV 3 and tag 12")
        shortLength[headerLength + 2] = 14
        return [
            (
                "embedded-policy-empty-real", "a real container's embedded policy emptied (length 0): it parses and decrypts if read on",
                [.emptyPolicy, .emptyPlaintext], emptyPolicy.bytes, .emptyPolicy, key
            ),
            (
                "payload-length-short-real", "a real container with no plaintext, payload length 14 where IV and tag take 15",
                [.payloadLength, .emptyPlaintext], shortLength, .badPayloadLength, key
            ),
        ]
    }

    public func generate() -> VectorFile {
        var parseCases: [TestCase] = []
        var headerCases: [TestCase] = []
        for (slug, comment, flags, bytes) in validContainers() {
            let container = try! Container.parse(bytes)
            precondition(container.bytes == bytes, "\(slug) does not re-serialize to itself")
            let (header, length) = try! Container.parseHeader(bytes)
            parseCases.append(
                TestCase(
                    id: "\(id)/parse-\(slug)", comment: comment, flags: flags, spec: ["NanoTDF 1", "NanoTDF 7", "NanoTDF 8"],
                    input: JSONObject(F.container(bytes)), expected: NanoTDFJSON.container(container, headerLength: length),
                    result: .valid))
            if flags.contains(.specExample) || flags.contains(.arkavoL1M) || slug.hasSuffix("-hash-remote") {
                headerCases.append(
                    TestCase(
                        id: "\(id)/header-\(slug)", comment: comment, flags: flags, spec: ["NanoTDF 1", "NanoTDF 2", "NanoTDF 5"],
                        input: JSONObject(F.container(bytes)), expected: NanoTDFJSON.header(header, length: length),
                        result: .valid))
            }
        }
        // Go's length-prefixed ECDSA binding, as in nanotdf/crypto's EcdsaGo containers: read in either form.
        for curve in [Curve.secp256r1, .secp521r1] {
            let shape = NanoTDFCryptoShape(curve: curve, variant: .ecdsaGo, seed: 9400 + UInt64(curve.rawValue) * 10)
            let bytes = try! Container.encrypt(shape.parameters).bytes
            let container = try! Container.parseEitherBindingForm(bytes)
            let (header, length) = try! Container.parseHeaderEitherBindingForm(bytes)
            let comment = "an ECDSA binding in Go's length-prefixed form on \(curve.name)"
            let input: JSONObject = JSONObject(F.container(bytes))
            parseCases.append(
                TestCase(
                    id: "\(id)/parse-ecdsa-go-\(curve.name)", comment: comment, flags: [Flag.ecdsaBinding, .ecdsaGo], spec: ["NanoTDF 5"],
                    input: input, expected: NanoTDFJSON.container(container, headerLength: length), result: .acceptable))
            headerCases.append(
                TestCase(
                    id: "\(id)/header-ecdsa-go-\(curve.name)", comment: comment, flags: [Flag.ecdsaBinding, .ecdsaGo], spec: ["NanoTDF 5"],
                    input: input, expected: NanoTDFJSON.header(header, length: length), result: .acceptable))
        }
        let example = NanoTDFFixtures.specExample1
        for (slug, comment, bytes) in [
            ("header-only", "spec example 1's first 142 bytes: the header alone", Array(example.prefix(142))),
            (
                "binding-reads-in-both-forms",
                "spec example 1's header with a binding that also reads as a short Go-form one (01 11 01 22, and 02 where that form's "
                    + "key would start): the fixed form reads, so it decides (142 bytes)",
                {
                    var header = Array(example.prefix(142))
                    header.replaceSubrange(45..<49, with: [0x01, 0x11, 0x01, 0x22])
                    header[51] = 0x02
                    return header
                }()
            ),
            (
                "header-then-garbage", "spec example 1's header followed by 5 bytes that are no payload",
                Array(example.prefix(142)) + [0xFF, 0, 0, 0, 0]
            ),
        ] {
            let (header, length) = try! Container.parseHeader(bytes)
            headerCases.append(
                TestCase(
                    id: "\(id)/header-\(slug)", comment: comment, flags: [Flag.headerOnly], spec: ["NanoTDF 1"],
                    input: JSONObject(F.container(bytes)), expected: NanoTDFJSON.header(header, length: length), result: .valid))
        }
        for (slug, comment, flags, bytes, code) in invalidContainers() {
            do {
                _ = try Container.parse(bytes)
                preconditionFailure("\(slug) parses")
            } catch {
                precondition(error.errorCode == code, "\(slug): \(error.code), meant \(code.rawValue)")
                parseCases.append(
                    TestCase(
                        id: "\(id)/parse-\(slug)", comment: "\(comment) (\(error.description))", flags: flags, spec: ["NanoTDF 11"],
                        input: JSONObject(F.container(bytes)), result: .invalid, error: code.rawValue))
            }
            // The refusals inside the header are the header op's invalid cases too.
            if (try? Container.parseHeader(bytes)) == nil {
                headerCases.append(
                    TestCase(
                        id: "\(id)/header-\(slug)", comment: comment, flags: flags, spec: ["NanoTDF 11"],
                        input: JSONObject(F.container(bytes)), result: .invalid, error: code.rawValue))
            }
        }
        return VectorFile(
            format: "nanotdf", suite: id, spec: NanoTDFFixtures.spec,
            header: [
                "NanoTDF containers (Header || Payload || [Signature]) and headers: magic L1L/L1M, resource locators with identifiers, "
                    + "the ECC and config bytes, the four policy types, 8-byte and ECDSA bindings, compressed ephemeral keys, the "
                    + "payload (uint24 length, 3-byte IV, tag of the cipher's length) and the signature section.",
                "Ops nanotdf.parseHeader {container} -> header fields (stops after the header) and nanotdf.parse {container} -> header "
                    + "fields, payload and signature; binary values hex, curves by name, cipher by tag bits. Invalid cases give the "
                    + "class of the first refusal; trailing bytes after a container are refused.",
                "Only the spec examples carry real cryptography; in generated cases keys are real compressed points, the rest is seeded "
                    + "filler that parsing does not check.",
            ],
            notes: Self.notes,
            testGroups: [TestGroup(type: Self.parseHeader.type, tests: headerCases), TestGroup(type: Self.parse.type, tests: parseCases)])
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        let containers = file.allTests.compactMap { $0.test.input[F.container] }
        return containers.map { CorpusSeed(target: "FuzzNanoTDF", bytes: $0) }
            + containers.map { CorpusSeed(target: "FuzzNanoTDFHeader", bytes: $0) }
    }
}
