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
    }

    /// The models FlowDown holds.
    public var models: [CloudModel]
    /// How the simulated user picks models.
    public var policy: SelectionPolicy
    /// `Storage.deviceId`: an uppercase UUID; sessions are `<deviceId>-<UUID>`.
    public var deviceId: String
    /// The accepted handshakes by session.
    public private(set) var contexts: [String: Context] = [:]
    private var random: SeededOrSystemRandom
    private let clock: any WireClock

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
        // FlowDown passes the scheme to URLComponents, which traps on an invalid one.
        guard ModelExchangeURL.isValidScheme(callback) else {
            return Outcome(
                callback: nil, reason: "callback \(callback.debugDescription) is not a URL scheme (FlowDown would crash here)",
                error: "malformed")
        }
        let session = "\(deviceId)-\(uuid())"
        contexts[session] = Context(publicKey: publicKey.encoded, callbackScheme: callback)
        return Outcome(
            callback: Callback.verification(session: session, pk: publicKey.encoded).url(scheme: callback),
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
        let wanted = Set(received.request.capabilities.map(\.modelCapability))
        let matching = models.filter { $0.removed != true && wanted.isSubset(of: Set($0.capabilities ?? [])) }
        let chosen: [CloudModel]
        switch policy {
        case .cancel:
            chosen = []
        case .first:
            chosen = Array(matching.prefix(1))
        case .allMatching:
            chosen = received.request.multipleSelection ? matching : Array(matching.prefix(1))
        case .named(let name):
            chosen = matching.filter { $0.name == name || $0.modelIdentifier == name }.prefix(1).map { $0 }
        }
        contexts[session] = nil
        guard !chosen.isEmpty else {
            let why = policy == .cancel ? "the user cancelled" : "no models available for \(wanted.sorted())"
            return Outcome(callback: Callback.cancelled(session: session).url(scheme: context.callbackScheme), reason: why)
        }
        do {
            let recipient = try ModelExchangePublicKey(encoded: context.publicKey)
            let wrapper = try PayloadCipher.seal(
                ModelsPlist.encodeXML(chosen), to: recipient, session: session,
                ephemeralPrivateKey: random.bytes(32), nonce: random.bytes(12))
            let callback = Callback.completed(session: session, format: "plist", payload: wrapper.encoded)
            return Outcome(
                callback: callback.url(scheme: context.callbackScheme),
                reason: "delivered \(chosen.count) model(s)", delivered: chosen)
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
