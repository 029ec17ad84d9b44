import WireCore

/// FlowDown's receiving side, as a library: answers handshake and exchange URLs with callback URLs
/// exactly as FlowDown's coordinator does (FlowDown spec sections 4, 6, 8). A URL that FlowDown
/// ignores or refuses produces no callback, only the stated reason.
public struct FlowDownSimulator: Sendable {
    /// How the simulated user picks models in the picker.
    public enum SelectionPolicy: Equatable, Sendable {
        /// Every model that matches; only the first when the request asks for single selection.
        case allMatching
        case first
        /// The matching model with this `name` (or `model_identifier`).
        case named(String)
        /// The user taps ✕.
        case cancel
        /// The picker stays open until `confirm(session:)` or `dismiss(session:)`, as in the app,
        /// where the context is only removed once the user acts (session scenarios).
        case manual
    }

    /// A handshake FlowDown remembers, in memory only, keyed by session.
    public struct Context: Equatable, Sendable {
        /// The requester's `pk` from the handshake.
        public var publicKey: String
        /// The requester's callback scheme.
        public var callbackScheme: String

        /// A context of one handshake.
        public init(publicKey: String, callbackScheme: String) {
            self.publicKey = publicKey
            self.callbackScheme = callbackScheme
        }
    }

    /// What FlowDown does with one URL: a callback to open, or only a reason.
    public struct Outcome: Equatable, Sendable {
        /// The callback URL FlowDown opens, or nil when it sends nothing.
        public var callback: String?
        /// What happened, as FlowDown's log or banner would say.
        public var reason: String
        /// The error class behind a refusal, when there is one.
        public var error: String?
        /// The models sealed into a completed callback.
        public var delivered: [CloudModel] = []
        /// The session whose picker this URL put on screen (policy `.manual`).
        public var pickerSession: String? = nil
    }

    /// The models FlowDown holds.
    public var models: [CloudModel]
    /// How the simulated user picks models.
    public var policy: SelectionPolicy
    /// `Storage.deviceId`: an uppercase UUID; sessions are `<deviceId>-<UUID>`.
    public var deviceId: String
    /// The accepted handshakes by session.
    public private(set) var contexts: [String: Context] = [:]
    /// Pickers on screen (policy `.manual`): the request and the context captured when it was shown.
    public private(set) var pickers: [String: (request: ExchangeRequest, context: Context)] = [:]
    /// Sessions to hand out to the next handshakes, in order, before random ones (scenarios).
    public var nextSessions: [String] = []
    private var random: SeededOrSystemRandom
    /// The time the window is checked against; scenarios move it between URLs.
    public var clock: any WireClock

    /// A simulator holding `models`.
    public init(
        models: [CloudModel], policy: SelectionPolicy = .allMatching, deviceId: String? = nil,
        contexts: [String: Context] = [:], clock: any WireClock = SystemClock(), randomSeed: UInt64? = nil
    ) {
        self.models = models
        self.policy = policy
        self.contexts = contexts
        self.clock = clock
        self.random = randomSeed.map { .seeded(SeededRandom(seed: $0)) } ?? .system
        self.deviceId = ""
        self.deviceId = deviceId ?? uuid()
    }

    /// FlowDown being opened with `urlString`.
    public mutating func open(_ urlString: String) -> Outcome {
        let request: InboundRequest
        do {
            request = try InboundRequest.resolve(try ModelExchangeURL(string: urlString))
        } catch {
            return Outcome(callback: nil, reason: "ignored, not a model-exchange URL: \(error)", error: error.code)
        }
        switch request {
        case .cancelled(let session):
            if let session { contexts[session] = nil }
            return Outcome(callback: nil, reason: "session \(session ?? "(none)") dropped on request")
        case .handshake(let pk, let callback):
            return handshake(pk: pk, callback: callback)
        case .exchange(let received):
            return exchange(received, url: urlString)
        }
    }

    private mutating func handshake(pk: String, callback: String) -> Outcome {
        let publicKey: ModelExchangePublicKey
        do { publicKey = try ModelExchangePublicKey(encoded: pk) } catch {
            return Outcome(callback: nil, reason: "model exchange request failed validation: \(error)", error: error.code)
        }
        // FlowDown stores a context, then passes the scheme to URLComponents, which traps on an invalid
        // one (FINDINGS.md F3); here the handshake is refused first and nothing is stored.
        guard ModelExchangeURL.isValidScheme(callback) else {
            let error = ModelExchangeError.badCallbackScheme(callback)
            return Outcome(callback: nil, reason: "\(error) (FlowDown would crash here)", error: error.code)
        }
        let session = nextSessions.isEmpty ? "\(deviceId)-\(uuid())" : nextSessions.removeFirst()
        contexts[session] = Context(publicKey: publicKey.encoded, callbackScheme: callback)
        // The pk is sent back as it was received (ModelExchangeCoordinator.sendVerification).
        return Outcome(
            callback: try? Callback.verification(session: session, pk: pk).url(scheme: callback),
            reason: "handshake accepted, session \(session)")
    }

    private mutating func exchange(_ received: ReceivedExchange, url: String) -> Outcome {
        let session = received.request.session
        guard let context = contexts[session] else {
            return Outcome(
                callback: nil, reason: "model exchange request failed validation: unknown session \(session)", error: "unknown-session")
        }
        do {
            // The stored key parsed at handshake time; a failure here leaves the context in place.
            _ = try ExchangeVerifier.verify(url, publicKey: try ModelExchangePublicKey(encoded: context.publicKey), clock: clock)
        } catch {
            return Outcome(callback: nil, reason: "model exchange request failed validation: \(error)", error: error.code)
        }
        if policy == .manual {
            // The context stays until the user acts: the same URL replayed now shows a second picker (F4).
            pickers[session] = (received.request, context)
            return Outcome(callback: nil, reason: "picker shown for session \(session)", pickerSession: session)
        }
        contexts[session] = nil
        return respond(to: received.request, context: context, cancelled: policy == .cancel)
    }

    /// The user confirms the open picker of `session` with the models the policy would pick (every
    /// matching one, or the first for single selection). As in the app, the context captured when the
    /// picker was shown is used even if the requester cancelled meanwhile.
    public mutating func confirm(session: String) -> Outcome {
        guard let picker = pickers.removeValue(forKey: session) else {
            return Outcome(callback: nil, reason: "no picker is open for session \(session)")
        }
        contexts[session] = nil
        return respond(to: picker.request, context: picker.context, cancelled: false)
    }

    /// The user taps ✕ on the open picker of `session`: a cancelled callback, and the context is dropped.
    public mutating func dismiss(session: String) -> Outcome {
        guard let picker = pickers.removeValue(forKey: session) else {
            return Outcome(callback: nil, reason: "no picker is open for session \(session)")
        }
        contexts[session] = nil
        return respond(to: picker.request, context: picker.context, cancelled: true)
    }

    /// The callback for a picker's end: completed with the chosen models, or cancelled.
    private mutating func respond(to request: ExchangeRequest, context: Context, cancelled: Bool) -> Outcome {
        let session = request.session
        let wanted = Set(request.capabilities.map(\.modelCapability))
        let matching = models.filter { $0.removed != true && wanted.isSubset(of: Set($0.capabilities ?? [])) }
        let chosen: [CloudModel]
        switch policy {
        case .cancel:
            chosen = []
        case .first:
            chosen = Array(matching.prefix(1))
        case .allMatching, .manual:
            chosen = request.multipleSelection ? matching : Array(matching.prefix(1))
        case .named(let name):
            chosen = matching.filter { $0.name == name || $0.modelIdentifier == name }.prefix(1).map { $0 }
        }
        guard !cancelled, !chosen.isEmpty else {
            let why = cancelled ? "the user cancelled" : "no models available for \(wanted.sorted())"
            return Outcome(callback: try? Callback.cancelled(session: session).url(scheme: context.callbackScheme), reason: why)
        }
        do {
            let recipient = try ModelExchangePublicKey(encoded: context.publicKey)
            let wrapper = try PayloadCipher.seal(
                ModelsPlist.encodeXML(chosen), to: recipient, session: session,
                ephemeralPrivateKey: random.bytes(32), nonce: random.bytes(12))
            let callback = Callback.completed(session: session, format: "plist", payload: wrapper.encoded)
            return Outcome(
                callback: try callback.url(scheme: context.callbackScheme), reason: "delivered \(chosen.count) model(s)", delivered: chosen)
        } catch {
            return Outcome(callback: nil, reason: "share failed: \(error)", error: error.code)
        }
    }

    private mutating func uuid() -> String {
        var bytes = random.bytes(16)
        bytes[6] = bytes[6] & 0x0f | 0x40
        bytes[8] = bytes[8] & 0x3f | 0x80
        let hex = Hex.encode(bytes).uppercased()
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex[hex.index(hex.startIndex, offsetBy: range.lowerBound)..<hex.index(hex.startIndex, offsetBy: range.upperBound)])
        }
        return parts.joined(separator: "-")
    }
}

/// The simulator's randomness: seeded for reproducible tests and vectors, the system's otherwise.
enum SeededOrSystemRandom: Sendable {
    case seeded(SeededRandom)
    case system

    mutating func bytes(_ count: Int) -> [UInt8] {
        switch self {
        case .seeded(var generator):
            defer { self = .seeded(generator) }
            return generator.bytes(count)
        case .system:
            var generator = SystemRandom()
            return generator.bytes(count)
        }
    }
}
