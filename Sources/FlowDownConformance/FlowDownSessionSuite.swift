import ConformanceKit
import ModelExchange
import WireCore

/// `flowdown/session`: FlowDown's session state over a sequence of URLs and user actions
/// (`ModelExchangeCoordinator`, be50ddf; FlowDown spec sections 4, 6 and 8). Each scenario gives the
/// sessions FlowDown hands out to handshakes, in order, and the steps; the expected outcome of each
/// step is the callback FlowDown opens (`verification S`, `completed S N` with the number of models
/// delivered, `cancelled S`), `picker S` when it shows the picker, or `none` when it sends and shows
/// nothing. FlowDown holds one model per entry of `models` (its plist capabilities).
public struct FlowDownSessionSuite: VectorSuite {
    public init() {}
    public var id: String { "flowdown/session" }
    typealias F = FlowDownFields

    /// `FlowDownSessionTest`: `flowdown.session {models, sessions, steps}` → `{outcomes}`.
    public static let session = GroupKind(
        "FlowDownSessionTest", op: "flowdown.session", input: [F.heldModels, F.sessions, F.steps], expected: [F.outcomes])

    public var groupKinds: [GroupKind] { [Self.session] }

    /// The flags of `flowdown/session`, each explained in `notes`.
    enum Flag: String, CaseFlag {
        case flow = "Flow"
        case unknownSession = "UnknownSession"
        case noExpiry = "NoExpiry"
        case replay = "Replay"
        case failedValidation = "FailedValidation"
        case requesterCancel = "RequesterCancel"
        case capabilityFilter = "CapabilityFilter"
        case invalidCallbackScheme = "InvalidCallbackScheme"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .flow: .init(
            bugType: .defined,
            description: "Handshake, signed exchange, picker, then completed or cancelled; the context is removed when the user acts."),
        .unknownSession: .init(bugType: .missingStep, description: "An exchange for a session no handshake created is ignored."),
        .noExpiry: .init(
            bugType: .expiry,
            description:
                "Handshake contexts never expire (createdAt is never read): an exchange a day later is taken if its own timestamp "
                + "is fresh (FINDINGS.md F4)."),
        .replay: .init(
            bugType: .replay,
            description:
                "The same signed exchange URL opened again while its picker is open shows a second picker: nothing makes a signed URL "
                + "single-use (FINDINGS.md F4)."),
        .failedValidation: .init(
            bugType: .defined, description: "A refused exchange (bad signature, expired) leaves the context in place."),
        .requesterCancel: .init(
            bugType: .defined,
            description:
                "stage=cancelled from the requester drops the context silently; a picker already open still delivers, because it "
                + "captured the context when it was shown."),
        .capabilityFilter: .init(
            bugType: .functionality,
            description:
                "The picker offers only models with every requested capability (exchange audio is the plist's auditory); a single "
                + "selection delivers one model; with no matching model the user can only cancel."),
        .invalidCallbackScheme: .init(
            bugType: .knownBug,
            description:
                "A handshake whose callback is not a URL scheme: FlowDown crashes building the verification URL (FINDINGS.md F3); a "
                + "conforming receiver sends nothing and stores nothing."),
    ]

    /// Runs `steps` through the simulator, as the reference op does: the outcomes. Outside the contract, so
    /// `bad-request` (which `wirecheck fuzz` does not send): a handshake after `sessions` ran out (the session FlowDown
    /// would make is its own, a UUID) and a URL whose scheme is not `flowdown` in some case (the system never hands it
    /// over).
    static func outcomes(models: [[String]], sessions: [String], steps: [FlowDownSessionStep]) throws(ShimError) -> [String] {
        let held = models.enumerated().map { index, capabilities in
            var model = FlowDownFixtures.model(index + 1)
            model.capabilities = capabilities
            return model
        }
        var simulator = FlowDownSimulator(models: held, policy: .manual, clock: FixedClock(0), randomSeed: 7)
        simulator.nextSessions = sessions
        var outcomes: [String] = []
        for step in steps {
            let outcome: FlowDownSimulator.Outcome
            switch step {
            case .open(let url, let now):
                // The system hands FlowDown only URLs of its own scheme, matched ignoring case (FlowDown itself then ignores
                // `FLOWDOWN://`: parse-url/scheme-case).
                guard url.contains(":"), url.split(separator: ":", maxSplits: 1)[0].lowercased() == "flowdown" else {
                    throw ShimError(code: ShimError.badRequestCode, message: "step \(outcomes.count + 1) opens a URL of another scheme")
                }
                let left = simulator.nextSessions.count
                simulator.clock = FixedClock(Double(now))
                outcome = simulator.open(url)
                if left == 0, describe(outcome.callback).hasPrefix("verification ") {
                    throw ShimError(code: ShimError.badRequestCode, message: "step \(outcomes.count + 1) needs a session: sessions ran out")
                }
            case .confirm(let session): outcome = simulator.confirm(session: session)
            case .dismiss(let session): outcome = simulator.dismiss(session: session)
            }
            if let session = outcome.pickerSession {
                outcomes.append("picker \(session)")
            } else {
                outcomes.append(describe(outcome.callback) + (outcome.delivered.isEmpty ? "" : " \(outcome.delivered.count)"))
            }
        }
        return outcomes
    }

    /// `stage session` of a callback URL, or `none`.
    static func describe(_ callback: String?) -> String {
        guard let callback, let url = try? ModelExchangeURL(string: callback), let parsed = try? Callback.parse(url) else { return "none" }
        switch parsed {
        case .verification(let session, _): return "verification \(session)"
        case .completed(let session, _, _): return "completed \(session)"
        case .cancelled(let session): return "cancelled \(session ?? "")"
        }
    }

    /// The plist capabilities of the one model FlowDown holds in most scenarios: all of them.
    static let everyCapability = ["auditory", "visual", "tool", "developerRole"]

    public func generate() -> VectorFile {
        let t0 = FlowDownFixtures.now
        let requester = FlowDownFixtures.keyPair(FlowDownFixtures.seed(30))
        let other = FlowDownFixtures.keyPair(FlowDownFixtures.seed(31))
        let (s1, s2) = ("DEVICE-0001-SESSION-1", "DEVICE-0001-SESSION-2")
        func handshake(_ pair: ModelExchangeKeyPair = requester, callback: String = "example-callback") -> String {
            HandshakeRequest.url(publicKey: pair.publicKey, callbackScheme: callback)
        }
        func exchange(
            _ session: String, at time: Int64, signer: ModelExchangeKeyPair = requester, capabilities: [Capability] = [.tool],
            multiple: Bool = false
        ) -> String {
            try! ExchangeRequest(
                session: session, appName: "Scenario", reason: "Pick a model", capabilities: capabilities, multipleSelection: multiple,
                timestamp: Double(time)
            ).signedURL(keyPair: signer).url
        }
        let cancel = { (session: String) in "flowdown://models/exchange?stage=cancelled&session=\(session)" }
        let basic: [(String, String, [Flag], [FlowDownSessionStep])] = [
            (
                "handshake-exchange-confirm", "the whole flow; the same URL after completion is ignored", [.flow],
                [
                    .open(handshake(), at: t0), .open(exchange(s1, at: t0 + 5), at: t0 + 5), .confirm(s1),
                    .open(exchange(s1, at: t0 + 5), at: t0 + 6),
                ]
            ),
            (
                "user-dismisses", "the user taps the close button: cancelled, and the context is gone", [.flow],
                [
                    .open(handshake(), at: t0), .open(exchange(s1, at: t0), at: t0), .dismiss(s1),
                    .open(exchange(s1, at: t0 + 1), at: t0 + 1),
                ]
            ),
            ("unknown-session", "an exchange before any handshake", [.unknownSession], [.open(exchange(s1, at: t0), at: t0)]),
            (
                "context-never-expires", "the exchange comes a day after the handshake, with a fresh timestamp", [.noExpiry],
                [.open(handshake(), at: t0), .open(exchange(s1, at: t0 + 86_400), at: t0 + 86_400)]
            ),
            (
                "replay-while-picker-open", "the same signed URL opened twice within 300 s", [.replay],
                [.open(handshake(), at: t0), .open(exchange(s1, at: t0), at: t0), .open(exchange(s1, at: t0), at: t0 + 100), .confirm(s1)]
            ),
            (
                "context-survives-failed-validation", "a wrong signature and an expired URL first, then a valid one", [.failedValidation],
                [
                    .open(handshake(), at: t0), .open(exchange(s1, at: t0, signer: other), at: t0),
                    .open(exchange(s1, at: t0 - 400), at: t0), .open(exchange(s1, at: t0 + 2), at: t0 + 2),
                ]
            ),
            (
                "requester-cancels", "stage=cancelled from the requester, then an exchange for that session", [.requesterCancel],
                [.open(handshake(), at: t0), .open(cancel(s1), at: t0 + 1), .open(exchange(s1, at: t0 + 2), at: t0 + 2)]
            ),
            (
                "requester-cancels-while-picker-open", "the requester cancels while the picker is open; the user confirms",
                [.requesterCancel],
                [.open(handshake(), at: t0), .open(exchange(s1, at: t0), at: t0), .open(cancel(s1), at: t0 + 1), .confirm(s1)]
            ),
            (
                "two-sessions", "two handshakes with two keys; each session takes only its own key", [.flow, .failedValidation],
                [
                    .open(handshake(), at: t0), .open(handshake(other), at: t0), .open(exchange(s1, at: t0, signer: other), at: t0),
                    .open(exchange(s2, at: t0, signer: other), at: t0), .open(exchange(s1, at: t0), at: t0),
                ]
            ),
            (
                "handshake-invalid-callback", "callback=a b (not a scheme), then a valid handshake", [.invalidCallbackScheme],
                [.open(handshake(callback: "a b"), at: t0), .open(handshake(), at: t0)]
            ),
        ]
        var scenarios = basic.map { ($0.0, $0.1, $0.2, $0.3, [Self.everyCapability]) }
        let withCapabilities: [(String, String, [Capability], Bool, [[String]])] = [
            (
                "capability-filter", "visual asked, multiple selection: the two models with visual", [.visual], true,
                [["tool"], ["visual", "tool"], ["visual"]]
            ),
            ("audio-is-auditory", "audio asked: the model whose plist says auditory", [.audio], true, [["visual"], ["auditory"]]),
            ("single-selection", "visual asked, single selection: one model", [.visual], false, [["visual"], ["visual", "tool"]]),
            ("no-matching-model", "developerRole asked, no model has it: the user can only cancel", [.developerRole], true, [["tool"]]),
        ]
        for (slug, comment, capabilities, multiple, models) in withCapabilities {
            scenarios.append(
                (
                    slug, comment, [.capabilityFilter],
                    [
                        .open(handshake(), at: t0), .open(exchange(s1, at: t0, capabilities: capabilities, multiple: multiple), at: t0),
                        .confirm(s1),
                    ], models
                ))
        }
        let tests = scenarios.map { slug, comment, flags, steps, models in
            TestCase(
                id: "\(id)/\(slug)", comment: comment, flags: flags, spec: ["FlowDown 4", "FlowDown 6", "FlowDown 8"],
                input: JSONObject(
                    F.heldModels(models.map { .array($0.map { .string($0) }) }), F.sessions([.string(s1), .string(s2)]),
                    F.steps(steps.map(\.json))),
                expected: JSONObject(F.outcomes(try! Self.outcomes(models: models, sessions: [s1, s2], steps: steps).map { .string($0) })),
                result: .valid)
        }
        return VectorFile(
            format: "flowdown", suite: id, spec: FlowDownFixtures.spec,
            header: [
                "FlowDown's session state over a sequence of URLs and user actions (ModelExchangeCoordinator, be50ddf); the user "
                    + "confirms (every offered model, or the first for a single selection) or dismisses the picker.",
                "Op flowdown.session {models, sessions, steps} -> {outcomes}: FlowDown holds one model per entry of models (its plist "
                    + "capabilities); sessions are handed to handshakes in order; a step is {open, now}, {confirm} or {dismiss}; an "
                    + "outcome is 'verification S', 'picker S', 'completed S N' (N models delivered), 'cancelled S' or 'none'.",
            ],
            notes: Self.notes, testGroups: [TestGroup(type: Self.session.type, tests: tests)])
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] { [] }
}

/// A step of a `flowdown/session` scenario: a URL opened at `now` (Unix seconds), or the user
/// confirming or dismissing a session's picker.
public enum FlowDownSessionStep: Equatable, Sendable {
    case open(String, at: Int64)
    case confirm(String)
    case dismiss(String)

    typealias F = FlowDownFields

    /// The step as the vectors write it.
    public var json: JSONValue {
        switch self {
        case .open(let url, let now): .object(JSONObject(F.stepOpen(url), F.stepNow(now)))
        case .confirm(let session): .object(JSONObject(F.stepConfirm(session)))
        case .dismiss(let session): .object(JSONObject(F.stepDismiss(session)))
        }
    }

    /// A step of the vectors; nil for any other shape.
    public init?(json: JSONValue) {
        if let url = json[F.stepOpen], let now = json[F.stepNow] {
            self = .open(url, at: now)
        } else if let session = json[F.stepConfirm] {
            self = .confirm(session)
        } else if let session = json[F.stepDismiss] {
            self = .dismiss(session)
        } else {
            return nil
        }
    }
}
