import ConformanceKit
import ModelExchange
import WireCore

/// `flowdown/keys`: key pairs from 32-byte seeds, the 88-character `pk`, handshake URLs
/// (FlowDown spec sections 2 and 4).
public struct FlowDownKeysSuite: VectorSuite {
    public init() {}
    public var id: String { "flowdown/keys" }
    typealias F = FlowDownFields

    /// `FlowDownPublicKeyTest`: `flowdown.publicKey {seed}` → `{pk}` (the raw keys are informational).
    public static let publicKey = GroupKind(
        "FlowDownPublicKeyTest", op: "flowdown.publicKey", input: [F.seed], expected: [F.pk, F.ed25519PublicKey, F.x25519PublicKey])
    /// `FlowDownHandshakeURLTest`: `flowdown.handshakeURL {seed, callback}` → `{url}`.
    public static let handshakeURL = GroupKind(
        "FlowDownHandshakeURLTest", op: "flowdown.handshakeURL", input: [F.seed, F.callback], expected: [F.handshakeURL])

    public var groupKinds: [GroupKind] { [Self.publicKey, Self.handshakeURL] }

    /// The flags of `flowdown/keys`, each explained in `notes`.
    enum Flag: String, CaseFlag {
        case specExample = "SpecExample"
        case sameSeedBothKeys = "SameSeedBothKeys"
        case edgeSeed = "EdgeSeed"
        case base64Padding = "Base64Padding"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .specExample: .init(bugType: .interop, description: "The derived example of the FlowDown spec section 13."),
        .sameSeedBothKeys: .init(
            bugType: .defined, description: "FlowDown's init(seed:) uses the same 32 bytes as the Ed25519 seed and the X25519 scalar."),
        .edgeSeed: .init(
            bugType: .edgeCase, description: "An all-zero or all-0xff seed: X25519 clamps the scalar, Ed25519 hashes the seed."),
        .base64Padding: .init(bugType: .canonicalization, description: "pk ends in ==, which the query encoding writes as %3D%3D."),
    ]

    public func generate() -> VectorFile {
        var seeds: [(String, String, [Flag], [UInt8])] = [
            ("spec-example", "seed 01..20 of spec section 13", [.specExample, .sameSeedBothKeys], FlowDownFixtures.specSeed)
        ]
        seeds += (1...6).map { ("seed-\($0)", "derived seed \($0)", [.sameSeedBothKeys], FlowDownFixtures.seed(UInt64($0))) }
        seeds += [
            ("all-zero", "32 zero bytes", [.edgeSeed], [UInt8](repeating: 0, count: 32)),
            ("all-ff", "32 bytes 0xff", [.edgeSeed], [UInt8](repeating: 0xff, count: 32)),
        ]
        let keyTests = seeds.map { slug, comment, flags, seed in
            let pk = FlowDownFixtures.keyPair(seed).publicKey
            return TestCase(
                id: "\(id)/public-key-\(slug)", comment: comment, flags: flags, spec: ["FlowDown 2"],
                input: JSONObject(F.seed(seed)),
                expected: JSONObject(F.pk(pk.encoded), F.ed25519PublicKey(pk.signing), F.x25519PublicKey(pk.agreement)),
                result: .valid)
        }
        let callbacks = [
            ("example-callback", "the spec example's scheme"), ("thirdparty", "the framework test's scheme"),
            ("com.example.app+dev", "a scheme with '.', '+' and digits-free parts"), ("x-1", "a short scheme with a digit"),
        ]
        let handshakeTests = callbacks.enumerated().map { index, entry in
            let seed = index == 0 ? FlowDownFixtures.specSeed : FlowDownFixtures.seed(UInt64(index))
            return TestCase(
                id: "\(id)/handshake-\(entry.0)", comment: "handshake URL, callback \(entry.0): \(entry.1)",
                flags: index == 0 ? [Flag.specExample, .base64Padding] : [.base64Padding], spec: ["FlowDown 4", "FlowDown 3"],
                input: JSONObject(F.seed(seed), F.callback(entry.0)),
                expected: JSONObject(
                    F.handshakeURL(HandshakeRequest.url(publicKey: FlowDownFixtures.keyPair(seed).publicKey, callbackScheme: entry.0))),
                result: .valid)
        }
        return VectorFile(
            format: "flowdown", suite: id, spec: FlowDownFixtures.spec,
            header: [
                "Key pairs from a 32-byte seed (the same bytes are the Ed25519 seed and the X25519 scalar), the 88-character pk = "
                    + "Base64(Ed25519 public key || X25519 public key), and handshake URLs "
                    + "flowdown://models/exchange?pk=...&callback=<scheme>.",
                "Ops: flowdown.publicKey {seed} -> {pk}; flowdown.handshakeURL {seed, callback} -> {url}. The raw public keys in "
                    + "expected are informational.",
            ],
            notes: Self.notes,
            testGroups: [
                TestGroup(type: Self.publicKey.type, tests: keyTests),
                TestGroup(type: Self.handshakeURL.type, tests: handshakeTests),
            ])
    }

    /// The raw keys may be left out, so a missing member is not the difference.
    public func comparesAsWritten(_ group: TestGroup) -> Bool { false }

    /// `pk` and `url` must be there; the raw keys are for readers and may be left out, but a raw key
    /// that is given must be right.
    public func mismatch(result: JSONObject, for test: TestCase, in group: TestGroup) -> String? {
        for key in [F.pk.name, F.handshakeURL.name] {
            if let expected = test.expected[key], result[key] != expected {
                return "'\(key)' is \(result[key].map { "\($0)" } ?? "missing"), expected \(expected)"
            }
        }
        for (key, value) in result where value != .null {
            if let expected = test.expected[key], value != expected { return "'\(key)' is \(value), expected \(expected)" }
        }
        return nil
    }

    /// A public key's expected raw keys are the halves of the reference's `pk`, which the op does not repeat, so that
    /// `wirecheck fuzz` accepts an implementation that gives them (and judges them) as the vectors do.
    public func expected(fromReference result: JSONObject, in group: TestGroup) -> JSONObject {
        guard group.type == Self.publicKey.type, let pk = result[F.pk], let key = try? ModelExchangePublicKey(encoded: pk) else {
            return result
        }
        return JSONObject(F.pk(pk), F.ed25519PublicKey(key.signing), F.x25519PublicKey(key.agreement))
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        file.allTests.compactMap { $0.test.expected[F.handshakeURL] }.map {
            CorpusSeed(target: "FuzzFlowDownURL", bytes: Array($0.utf8))
        }
    }
}
