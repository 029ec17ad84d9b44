import ConformanceKit
import Crypto
import Foundation
import ModelExchange
import WireCore

/// `flowdown/exchange-url`: building the signed exchange URL and its canonical string
/// (FlowDown spec sections 3 and 6).
public struct FlowDownExchangeURLSuite: VectorSuite {
    public init() {}
    public var id: String { "flowdown/exchange-url" }
    typealias F = FlowDownFields

    /// `FlowDownExchangeURLTest`: `flowdown.exchangeURL {seed, session, appName, reason, capabilities,
    /// multipleSelection, timestamp}` → `{url, canonical}`.
    public static let exchangeURL = GroupKind(
        "FlowDownExchangeURLTest", op: "flowdown.exchangeURL",
        input: [F.seed, F.session, F.appName, F.reason, F.capabilities, F.multipleSelection, F.timestamp],
        expected: [F.signedURL, F.canonical])

    public var groupKinds: [GroupKind] { [Self.exchangeURL] }

    /// The flags of `flowdown/exchange-url`, each explained in `notes`.
    enum Flag: String, CaseFlag {
        case specExample = "SpecExample"
        case queryEncoding = "QueryEncoding"
        case capabilities = "Capabilities"
        case randomizedSignature = "RandomizedSignature"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .specExample: .init(
            bugType: .interop, description: "The inputs of FlowDown's own test and the derived example of spec section 13."),
        .queryEncoding: .init(
            bugType: .canonicalization,
            description:
                "Free text with characters the URLComponents query encoding treats specially; the canonical string must match byte for "
                + "byte."
        ),
        .capabilities: .init(
            bugType: .defined, description: "A capability combination, joined with ',' in caller order; an empty list is 'capabilities='."),
        .randomizedSignature: .init(
            bugType: .interop,
            description:
                "CryptoKit's Ed25519 signatures are randomized: the sig in expected is one valid signature (deterministic RFC 8032); any "
                + "sig that verifies is accepted."
        ),
    ]

    static let texts: [(String, String)] = [
        ("space", "Need a model"), ("ampersand", "Tom & Jerry"), ("equals", "a=b"), ("plus", "C++ tools"),
        ("slash", "read/write"), ("percent", "100%"), ("hash", "issue #5"), ("e-acute", "Café"), ("emoji", "robot 🤖"),
        ("empty", ""), ("reserved-mix", "?:@!$'()*,;~"),
    ]

    func testCase(
        _ slug: String, _ comment: String, _ flags: [Flag], seed: [UInt8], appName: String, reason: String,
        capabilities: [Capability], multipleSelection: Bool, timestamp: Int64
    ) -> TestCase {
        let request = ExchangeRequest(
            session: slug == "spec-example" ? "session-1" : FlowDownFixtures.session, appName: appName,
            reason: reason, capabilities: capabilities, multipleSelection: multipleSelection,
            timestamp: Double(timestamp))
        let signed = try! request.signedURL(keyPair: FlowDownFixtures.keyPair(seed))
        return TestCase(
            id: "\(id)/\(slug)", comment: comment, flags: flags + [.randomizedSignature], spec: ["FlowDown 6", "FlowDown 3"],
            input: JSONObject(
                F.seed(seed), F.session(request.session), F.appName(appName), F.reason(reason),
                F.capabilities(capabilities.map { .string($0.rawValue) }), F.multipleSelection(multipleSelection), F.timestamp(timestamp)),
            expected: JSONObject(F.signedURL(signed.url), F.canonical(signed.canonical)), result: .valid)
    }

    public func generate() -> VectorFile {
        let seed = FlowDownFixtures.seed(1)
        var tests = [
            testCase(
                "spec-example", "FlowDown's test inputs: Tester, Need a model, audio+developerRole", [.specExample],
                seed: FlowDownFixtures.specSeed, appName: "Tester", reason: "Need a model",
                capabilities: [.audio, .developerRole], multipleSelection: false, timestamp: 1_700_000_000)
        ]
        for (slug, text) in Self.texts {
            tests.append(
                testCase(
                    "app-name-\(slug)", "app_name \(text.debugDescription)", [.queryEncoding], seed: seed,
                    appName: text, reason: "r", capabilities: [.tool], multipleSelection: false, timestamp: FlowDownFixtures.now))
            tests.append(
                testCase(
                    "reason-\(slug)", "reason \(text.debugDescription)", [.queryEncoding], seed: seed,
                    appName: "App", reason: text, capabilities: [.tool], multipleSelection: true, timestamp: FlowDownFixtures.now))
        }
        for mask in 0..<16 {
            let capabilities = Capability.allCases.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element)
            let name = capabilities.isEmpty ? "none" : capabilities.map(\.rawValue).joined(separator: "-")
            tests.append(
                testCase(
                    "capabilities-\(name)", "capabilities \(capabilities.map(\.rawValue))", [.capabilities], seed: seed,
                    appName: "App", reason: "r", capabilities: capabilities, multipleSelection: mask % 2 == 0,
                    timestamp: FlowDownFixtures.now))
        }
        tests.append(
            testCase(
                "capabilities-caller-order", "capabilities in the caller's order, not sorted", [.capabilities], seed: seed,
                appName: "App", reason: "r", capabilities: [.tool, .audio], multipleSelection: false, timestamp: FlowDownFixtures.now))
        for timestamp: Int64 in [0, 2_147_483_648] {
            tests.append(
                testCase(
                    "timestamp-\(timestamp)", "timestamp \(timestamp)", [], seed: FlowDownFixtures.seed(2),
                    appName: "App", reason: "r", capabilities: [], multipleSelection: false, timestamp: timestamp))
        }
        return VectorFile(
            format: "flowdown", suite: id, spec: FlowDownFixtures.spec,
            header: [
                "The signed exchange URL: items session, app_name, reason, capabilities, multiple_selection, timestamp in that order, "
                    + "canonical = \"/exchange?\" + URLComponents-encoded query, sig = Base64(Ed25519(SHA-256(canonical))) appended "
                    + "last.",
                "Op flowdown.exchangeURL {seed, session, appName, reason, capabilities, multipleSelection, timestamp} -> {url, "
                    + "canonical}. canonical and the URL up to &sig= must match exactly; sig must verify with the seed's key (any valid "
                    + "signature).",
            ],
            notes: Self.notes, testGroups: [TestGroup(type: Self.exchangeURL.type, tests: tests)])
    }

    /// The signature is verified, not compared.
    public func comparesAsWritten(_ group: TestGroup) -> Bool { false }

    public func mismatch(result: JSONObject, for test: TestCase, in group: TestGroup) -> String? {
        guard let canonical = result[F.canonical], let url = result[F.signedURL] else {
            return "result needs canonical and url"
        }
        // By scalars: FlowDown rebuilds the canonical string from the URL's bytes, so an equivalent spelling is another
        // string (and another signature).
        guard let expectedCanonical = test.expected[F.canonical], canonical.isExactly(expectedCanonical) else {
            return "canonical is \(canonical.debugDescription), expected \(test.expected[F.canonical.name]!)"
        }
        let expectedURL = test.expected[F.signedURL]!
        let unsigned = { (text: String) in text.range(of: "&sig=").map { String(text[..<$0.lowerBound]) } ?? text }
        if !unsigned(url).isExactly(unsigned(expectedURL)) {
            return "URL before &sig= is \(unsigned(url).debugDescription), expected \(unsigned(expectedURL).debugDescription)"
        }
        guard let seed = test.input[F.seed], let pair = try? ModelExchangeKeyPair(seed: seed), let key = try? pair.publicKey.signingKey()
        else { return "the vector's seed is not 32 bytes of hex" }
        // The signature is checked over the canonical string (equal to the expected one above), not through
        // a reader of the URL: FlowDown's reader drops a BOM its signer signed (FINDINGS.md F5), and the op
        // is right to sign what it was given.
        guard let sig = url.range(of: "&sig=").map({ String(url[$0.upperBound...]) })?.removingPercentEncoding,
            let signature = try? Base64.decode(sig, variant: .foundation)
        else { return "the URL's sig is not percent-encoded Base64" }
        guard key.isValidSignature(signature, for: Data(SHA256.hash(data: Array(expectedCanonical.utf8)))) else {
            return "sig does not verify over SHA-256 of the canonical string with the seed's Ed25519 key"
        }
        return nil
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        file.allTests.compactMap { $0.test.expected[F.signedURL] }.map {
            CorpusSeed(target: "FuzzFlowDownURL", bytes: Array($0.utf8))
        }
    }
}
