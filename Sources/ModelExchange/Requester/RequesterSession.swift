import WireCore

/// The requester's side of one exchange, for apps on any platform: handshake, check the
/// verification callback, send the signed exchange, open the payload; or cancelled; or its own
/// timeout after 300 s, since FlowDown never reports errors (FlowDown spec sections 5 and 8).
public struct RequesterSession: Sendable {
    /// Where the requester is in the exchange.
    public enum State: Equatable, Sendable {
        case idle
        case awaitingVerification(since: Double)
        case awaitingPayload(session: String, since: Double)
        case completed(session: String, models: [CloudModel])
        case cancelled
        /// No answer within 300 s of `since`.
        case timedOut(since: Double)
    }

    /// What the app should do after a callback.
    public enum Step: Equatable, Sendable {
        /// Open this URL (the signed exchange) in FlowDown.
        case open(String)
        case completed([CloudModel])
        case cancelled
    }

    /// The requester's key pair.
    public let keyPair: ModelExchangeKeyPair
    /// The URL scheme FlowDown calls back.
    public let callbackScheme: String
    /// The app name shown to the user.
    public var appName: String
    /// Why the app asks, shown to the user.
    public var reason: String
    /// The capabilities asked for.
    public var capabilities: [Capability]
    /// Whether the user may pick several models.
    public var multipleSelection: Bool
    /// The scheme FlowDown is opened with.
    public var flowdownScheme = "flowdown"
    /// Seconds the requester waits for each callback.
    public static let timeout: Double = 300
    /// The current state.
    public private(set) var state: State = .idle
    private let clock: any WireClock

    /// A requester that has not started.
    public init(
        keyPair: ModelExchangeKeyPair, callbackScheme: String, appName: String, reason: String,
        capabilities: [Capability], multipleSelection: Bool, clock: any WireClock = SystemClock()
    ) {
        self.keyPair = keyPair
        self.callbackScheme = callbackScheme
        self.appName = appName
        self.reason = reason
        self.capabilities = capabilities
        self.multipleSelection = multipleSelection
        self.clock = clock
    }

    /// Starts (or restarts) the exchange; returns the handshake URL to open.
    public mutating func start() -> String {
        state = .awaitingVerification(since: clock.now())
        return HandshakeRequest.url(publicKey: keyPair.publicKey, callbackScheme: callbackScheme, flowdownScheme: flowdownScheme)
    }

    /// Handles a callback URL. Errors leave the state as it was, except for the payload errors of a
    /// completed callback, which end nothing either: FlowDown drops its context after delivering,
    /// so the app has to start again.
    public mutating func handle(callback urlString: String) throws(ModelExchangeError) -> Step {
        expireIfDue()
        let callback = try Callback.parse(try ModelExchangeURL(string: urlString))
        switch (callback, state) {
        case (.verification(let session, let pk), .awaitingVerification):
            guard pk == keyPair.publicKey.encoded else {
                throw .badPublicKey("the verification callback echoes a different pk")
            }
            let request = ExchangeRequest(
                session: session, appName: appName, reason: reason, capabilities: capabilities,
                multipleSelection: multipleSelection, timestamp: Double(clock.unixSeconds()))
            let signed: SignedExchangeURL
            do { signed = try request.signedURL(keyPair: keyPair, flowdownScheme: flowdownScheme) } catch {
                throw .badSignature("signing failed: \(error)")
            }
            state = .awaitingPayload(session: session, since: clock.now())
            return .open(signed.url)
        case (.completed(let session, let format, let payload), .awaitingPayload(let expected, _)):
            guard session == expected else { throw .sessionMismatch(expected: expected, got: session) }
            guard format.lowercased() == "plist" else { throw .malformed("unsupported payload format \(format.debugDescription)") }
            let opened = try PayloadCipher.open(payload, keyPair: keyPair, expectedSession: expected)
            let models = try ModelsPlist.decode(opened.plaintext)
            state = .completed(session: session, models: models)
            return .completed(models)
        case (.cancelled, .awaitingVerification), (.cancelled, .awaitingPayload):
            state = .cancelled
            return .cancelled
        case (_, .timedOut(let since)):
            throw .expired(timestamp: since, now: clock.now())
        default:
            throw .malformed("a \(callback.stage) callback is not expected now (state \(state))")
        }
    }

    /// Moves to `timedOut` once 300 s pass without an answer; returns true when it did.
    @discardableResult
    public mutating func expireIfDue() -> Bool {
        switch state {
        case .awaitingVerification(let since), .awaitingPayload(_, let since):
            if clock.now() - since >= Self.timeout {
                state = .timedOut(since: since)
                return true
            }
        default: break
        }
        return false
    }
}
