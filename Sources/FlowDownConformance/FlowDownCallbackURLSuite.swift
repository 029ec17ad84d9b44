import ConformanceKit
import ModelExchange
import WireCore

/// `flowdown/callback-url`: FlowDown's outgoing side, the callback URLs it opens
/// (`ModelExchangeCoordinator.callbackURL(scheme:stage:session:extraItems:)`, FlowDown spec section 5):
/// URLComponents with the requester's scheme, host `models`, path `/exchange`, then `stage`,
/// `session` and the stage's extras, each percent-encoded as section 3 says.
public struct FlowDownCallbackURLSuite: VectorSuite {
    public init() {}
    public var id: String { "flowdown/callback-url" }
    typealias F = FlowDownFields

    /// `FlowDownCallbackURLTest`: `flowdown.callbackURL {scheme, stage, session, pk?, payload?}` → `{url}`.
    public static let callbackURL = GroupKind(
        "FlowDownCallbackURLTest", op: "flowdown.callbackURL", input: [F.scheme, F.stage, F.session, F.callbackPK, F.callbackPayload],
        expected: [F.callbackURL])

    public var groupKinds: [GroupKind] { [Self.callbackURL] }

    /// The flags of `flowdown/callback-url`, each explained in `notes`.
    enum Flag: String, CaseFlag {
        case itemOrder = "ItemOrder"
        case base64InQuery = "Base64InQuery"
        case schemeCharacters = "SchemeCharacters"
        case invalidScheme = "InvalidScheme"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .itemOrder: .init(
            bugType: .defined,
            description: "stage, session, then the extras: pk (verification); format=plist and payload (completed); none (cancelled)."),
        .base64InQuery: .init(
            bugType: .canonicalization,
            description:
                "pk and payload are standard Base64: '+' and '/' stay as they are, '=' is written %3D (URLComponents query encoding)."),
        .schemeCharacters: .init(
            bugType: .edgeCase, description: "A scheme with letters, digits, '+', '-' and '.' is written as it is."),
        .invalidScheme: .init(
            bugType: .knownBug,
            description:
                "A scheme outside ALPHA *(ALPHA / DIGIT / \"+\" / \"-\" / \".\"): swift-foundation's URLComponents.scheme setter calls "
                + "fatalError, so FlowDown crashes while answering a handshake with such a callback (FINDINGS.md F3). A conforming "
                + "sender refuses it: bad-callback-scheme."),
    ]

    public func generate() -> VectorFile {
        var tests: [TestCase] = []
        func add(
            _ slug: String, _ comment: String, _ flags: [Flag], scheme: String, _ callback: Callback, _ result: ExpectedResult = .valid,
            _ error: String? = nil
        ) {
            let input: JSONObject
            switch callback {
            case .verification(let session, let pk):
                input = JSONObject(F.scheme(scheme), F.stage(.verification), F.session(session), F.callbackPK(pk))
            case .completed(let session, _, let payload):
                input = JSONObject(F.scheme(scheme), F.stage(.completed), F.session(session), F.callbackPayload(payload))
            case .cancelled(let session):
                input = JSONObject(F.scheme(scheme), F.stage(.cancelled), F.session(session ?? ""))
            }
            let url = try? callback.url(scheme: scheme)
            tests.append(
                TestCase(
                    id: "\(id)/\(slug)", comment: comment, flags: flags, spec: ["FlowDown 5", "FlowDown 3"], input: input,
                    expected: url.map { JSONObject(F.callbackURL($0)) } ?? JSONObject(), result: result, error: error))
        }
        let session = FlowDownFixtures.session
        let specPK = FlowDownFixtures.keyPair(FlowDownFixtures.specSeed).publicKey.encoded
        let specPayload =
            "eyJzZXNzaW9uIjoic2Vzc2lvbi1hYmMiLCJzZWFsZWQiOiJBQUVDQXdRRkJnY0lDUW9MYzMwYzg5Ukd4NEI3bTYyZnpGUkEzVEk2enJxOWM0cXJTUksr"
            + "Rit5XC9UQnUxOVE9PSIsImVwaGVtZXJhbFB1YmxpY0tleSI6IkV5eEVLK0FRKzlWK2NtQXpLS3AyNXhcL013VkE2cmlHVEo5Rk5uSm1UOUhJPSJ9"
        add(
            "verification", "verification with the spec's pk ('+', '/' and '==')", [.itemOrder, .base64InQuery],
            scheme: "example-callback", .verification(session: session, pk: specPK))
        add(
            "completed-spec-payload", "completed with the payload of spec section 13 (no padding)", [.itemOrder],
            scheme: "example-callback", .completed(session: "session-abc", format: "plist", payload: specPayload))
        let padded = FlowDownPayloadSuite.encode([("session", "s"), ("sealed", "AAAA"), ("ephemeralPublicKey", "AA==")])
        add(
            "completed-padded-payload", "completed with a payload ending in '='", [.itemOrder, .base64InQuery],
            scheme: "example-callback", .completed(session: session, format: "plist", payload: padded))
        add("cancelled", "the user cancelled in the picker", [.itemOrder], scheme: "example-callback", .cancelled(session: session))
        add(
            "session-with-space", "a session with a space and '&' (FlowDown's are <deviceId>-<UUID>; the encoding still applies)",
            [.base64InQuery], scheme: "thirdparty", .cancelled(session: "a b&c"))
        for scheme in ["com.example.app+dev", "x-1", "A.B"] {
            add(
                "scheme-valid-\(scheme.lowercased().replacingOccurrences(of: "+", with: "-"))", "scheme \(scheme)", [.schemeCharacters],
                scheme: scheme, .cancelled(session: session))
        }
        for (slug, scheme) in [("space", "my app"), ("underscore", "my_app"), ("leading-digit", "1app"), ("empty", ""), ("colon", "a:b")] {
            add(
                "scheme-\(slug)", "scheme \(scheme.debugDescription)", [.invalidScheme], scheme: scheme,
                .verification(session: session, pk: specPK), .invalid, "bad-callback-scheme")
        }
        return VectorFile(
            format: "flowdown", suite: id, spec: FlowDownFixtures.spec,
            header: [
                "The callback URLs FlowDown opens: <scheme>://models/exchange?stage=<stage>&session=<session>"
                    + "[&pk=…|&format=plist&payload=…], built with URLComponents (ModelExchangeCoordinator.callbackURL, be50ddf).",
                "Op flowdown.callbackURL {scheme, stage, session, pk?, payload?} -> {url}, byte for byte.",
            ],
            notes: Self.notes, testGroups: [TestGroup(type: Self.callbackURL.type, tests: tests)])
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        file.allTests.compactMap { $0.test.expected[F.callbackURL] }.map {
            CorpusSeed(target: "FuzzFlowDownURL", bytes: Array($0.utf8))
        }
    }
}
