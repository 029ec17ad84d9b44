import Synchronization
import WireCore

/// cdev's token manager (spec sections 1.5 and 3): one server identity, an in-memory revocation
/// set, and the lifecycle operations. Every operation that reads and changes state (exchange,
/// refresh, revoke) runs under one lock, so a pairing or refresh token is spent exactly once even
/// when a hundred requests race for it.
public final class TokenManager: Sendable {
    /// The server id tokens are bound to.
    public let serverId: String
    /// baseline or head behaviour.
    public let profile: CdevProfile
    /// `security.token_expiry_secs`; access and refresh lifetimes are constants in cdev.
    public let pairingLifetime: Int64
    let clock: any WireClock

    struct State {
        /// The secret prepared for HMAC once, not on every request (it keeps the secret itself).
        private(set) var key: CdevSigning.Key
        /// The current secret; a new one is prepared as it is set.
        var secret: [UInt8] {
            get { key.secret }
            set { key = CdevSigning.Key(secret: newValue) }
        }
        /// nonce → the expiry of the token it was revoked with (Unix seconds); in memory only, as in cdev, so a restart
        /// forgets it. An entry whose token expired more than `revocationGrace` ago is dropped: the set holds the tokens
        /// spent within about one lifetime, not every one since the start (cdev keeps them all; the mock grew by 66 MB
        /// over 465 k exchanges). Such a token is refused either way, with the same 401 and body; only `validate` names
        /// the reason `expired` where cdev would say `revoked`.
        /// Keyed by the nonce's scalars, as Go's map is (a `String` key merges canonically equivalent nonces).
        var revoked: [ExactString: Int64] = [:]
        /// The size at which expired entries are dropped next: twice the size after the last drop, so the cost is
        /// amortised to a constant per revocation.
        var pruneAt = 1024

        /// Revokes `nonce`, whose token expires at `expiresAt`.
        mutating func revoke(_ nonce: String, expiresAt: Int64, now: Int64) {
            revoked[ExactString(nonce)] = expiresAt
            guard revoked.count >= pruneAt else { return }
            revoked = revoked.filter { $0.value >= now - TokenManager.revocationGrace }
            pruneAt = max(1024, 2 * revoked.count)
        }
        var random: any RandomSource
        /// Profile head: device_id → the latest refresh nonce and access nonce issued to it. Each change is a new
        /// generation, which `persistRegistry` writes.
        var registry = AuthRegistryFile() { didSet { registryGeneration += 1 } }
        var registryGeneration: UInt64 = 0
        /// The size at which devices whose refresh token has expired are dropped from the registry (as `pruneAt`).
        var registryPruneAt = 1024

        /// Records the latest tokens of `deviceId`; a device whose refresh token has expired can neither refresh nor
        /// revoke, so it is dropped once the registry has doubled since the last drop.
        mutating func register(_ deviceId: String, _ record: AuthRegistryFile.Record, now: Int64) {
            registry.devices[deviceId] = record
            guard registry.devices.count >= registryPruneAt else { return }
            registry.devices = registry.devices.filter { $0.value.refreshExpiresAt >= now }
            registryPruneAt = max(1024, 2 * registry.devices.count)
        }

        init(key: CdevSigning.Key, random: any RandomSource, registry: AuthRegistryFile) {
            self.key = key
            self.random = random
            self.registry = registry
        }
    }

    private let state: Mutex<State>
    /// Profile head persists the secret of revoke-all here; baseline keeps it in memory only.
    private let secretFilePath: String?
    /// Profile head persists its device registry here (`AuthRegistryFile`), so refresh tokens survive a restart.
    private let registryFilePath: String?
    /// The registry generation last written to `registryFilePath`. Held while the file is written, outside the token
    /// lock: files land in the order of the changes, validation never waits for the disk, and a writer whose change a
    /// later write already carried skips.
    private let registryWritten = Mutex<UInt64>(0)
    /// How long past its expiry a revoked nonce is kept: a wall clock stepped back by less than this does not revive a
    /// revoked token.
    static let revocationGrace: Int64 = 86_400

    /// A manager of `identity`; `secretFilePath` is where head persists a new secret, `registry` the device registry it
    /// starts with (read from `registryFilePath`, where head writes each change). `signingKey`,
    /// when given, is `identity.secret` already prepared (`CdevSigning.Key(secret:)`): a fuzz target
    /// that makes a fresh manager for every input prepares its one secret once (preparing it was a
    /// quarter of FuzzCdevAuthBody's own time).
    public init(
        identity: SecretFile, profile: CdevProfile = .baseline, pairingLifetime: Int64 = TokenType.pairing.defaultLifetime,
        clock: any WireClock = SystemClock(), random: any RandomSource = SystemRandom(), secretFilePath: String? = nil,
        registry: AuthRegistryFile = AuthRegistryFile(), registryFilePath: String? = nil, signingKey: CdevSigning.Key? = nil
    ) {
        precondition(signingKey.map { $0.secret == identity.secret } ?? true, "signingKey is not the identity's secret")
        serverId = identity.serverId
        self.profile = profile
        self.pairingLifetime = pairingLifetime
        self.clock = clock
        self.secretFilePath = secretFilePath
        self.registryFilePath = registryFilePath
        state = Mutex(State(key: signingKey ?? CdevSigning.Key(secret: identity.secret), random: random, registry: registry))
    }

    /// The current secret (it changes on revoke-all). Only for tests and `cdev mint`.
    public var secret: [UInt8] { state.withLock { $0.secret } }

    /// Head's device registry as it is now.
    var registry: AuthRegistryFile { state.withLock { $0.registry } }

    /// The revoked nonces.
    public var revokedNonces: [String] { state.withLock { $0.revoked.keys.map(\.text) } }

    /// How long a token of `type` lives.
    public func lifetime(of type: TokenType) -> Int64 { type == .pairing ? pairingLifetime : type.defaultLifetime }

    /// A new token of `type`; `deviceId` only on access and refresh tokens of profile head.
    public func mint(_ type: TokenType, deviceId: String = "") -> (token: String, payload: TokenPayload) {
        state.withLock { state in mint(type, deviceId: deviceId, at: clock.now(), state: &state) }
    }

    private func mint(_ type: TokenType, deviceId: String, at instant: Double, state: inout State) -> (token: String, payload: TokenPayload)
    {
        let issuedAt = Int64(instant.rounded(.down))
        let payload = TokenPayload(
            type: type.rawValue, serverId: serverId, issuedAt: issuedAt, expiresAt: issuedAt + lifetime(of: type),
            nonce: RandomString.make(using: &state.random), deviceId: deviceId)
        return (CdevToken.mint(payload, secret: state.secret), payload)
    }

    private func mintPair(deviceId: String, state: inout State) -> TokenPair {
        let instant = clock.now()
        let access = mint(.access, deviceId: deviceId, at: instant, state: &state)
        let refresh = mint(.refresh, deviceId: deviceId, at: instant, state: &state)
        if !deviceId.isEmpty {
            let record = AuthRegistryFile.Record(
                refresh: refresh.payload.nonce, access: access.payload.nonce, refreshExpiresAt: refresh.payload.expiresAt)
            state.register(deviceId, record, now: refresh.payload.issuedAt)
        }
        return TokenPair(
            access: access.payload, accessToken: access.token, refresh: refresh.payload, refreshToken: refresh.token, mintedAt: instant)
    }

    /// The ten steps of section 2 against the current secret and revocation set. (A token revoked and expired for more
    /// than a day answers `expired`, where cdev, which never forgets a revocation, answers `revoked`: see `State.revoked`.)
    public func validate(_ token: String) throws(CdevTokenError) -> TokenPayload {
        // The table itself (copy on write: no copy is made), not a Set of its keys built per call.
        let (key, revoked) = state.withLock { ($0.key, $0.revoked) }
        return try CdevToken.validate(token, sign: key.mac, serverId: serverId, now: clock.unixSeconds()) {
            revoked[ExactString($0)] != nil
        }
    }

    private func validate(_ token: String, state: State) throws(CdevTokenError) -> TokenPayload {
        try CdevToken.validate(token, sign: state.key.mac, serverId: serverId, now: clock.unixSeconds()) {
            state.revoked[ExactString($0)] != nil
        }
    }

    /// Pairing token → access + refresh; the pairing token is spent (one-time).
    public func exchange(pairingToken: String) throws(CdevTokenError) -> TokenPair {
        defer { persistRegistry() }
        return try state.withLock { (state: inout State) throws(CdevTokenError) -> TokenPair in
            let payload = try validate(pairingToken, state: state)
            guard payload.type == TokenType.pairing.rawValue else { throw .invalidToken("not a pairing token") }
            var device = ""
            if profile == .head { device = RandomString.make(using: &state.random) }
            let pair = mintPair(deviceId: device, state: &state)
            state.revoke(payload.nonce, expiresAt: payload.expiresAt, now: clock.unixSeconds())
            return pair
        }
    }

    /// Refresh token → a new pair; the old refresh token is spent (rotation), the old access
    /// token stays valid until it expires. Head also requires the device's latest refresh nonce.
    public func refresh(refreshToken: String) throws(CdevTokenError) -> TokenPair {
        defer { persistRegistry() }
        return try state.withLock { (state: inout State) throws(CdevTokenError) -> TokenPair in
            let payload = try validate(refreshToken, state: state)
            guard payload.type == TokenType.refresh.rawValue else { throw .invalidToken("not a refresh token") }
            if profile == .head {
                guard !payload.deviceId.isEmpty, state.registry.devices[payload.deviceId]?.refresh == payload.nonce else {
                    throw .invalidToken("refresh token is not the latest of its device")
                }
            }
            let pair = mintPair(deviceId: profile == .head ? payload.deviceId : "", state: &state)
            state.revoke(payload.nonce, expiresAt: payload.expiresAt, now: clock.unixSeconds())
            return pair
        }
    }

    /// Head `/api/auth/revoke`: the refresh token and the device's last access token are revoked.
    public func revoke(refreshToken: String) throws(CdevTokenError) {
        defer { persistRegistry() }
        try state.withLock { (state: inout State) throws(CdevTokenError) in
            let payload = try validate(refreshToken, state: state)
            guard payload.type == TokenType.refresh.rawValue else { throw .invalidFormat("not a refresh token") }
            let now = clock.unixSeconds()
            state.revoke(payload.nonce, expiresAt: payload.expiresAt, now: now)
            if let record = state.registry.devices.removeValue(forKey: payload.deviceId) {
                // The access token was minted with the refresh token or later: it expires within a lifetime from now.
                state.revoke(record.access, expiresAt: now + TokenType.access.defaultLifetime, now: now)
            }
        }
    }

    /// Revokes one nonce.
    public func revoke(nonce: String) {
        state.withLock { $0.revoke(nonce, expiresAt: .max, now: clock.unixSeconds()) }
    }

    /// Revoke-all: a new secret, an empty revocation set. Every outstanding token now fails with
    /// invalid-token. Baseline does not persist the new secret (a restart revives old tokens);
    /// head writes it to the secret file.
    @discardableResult
    public func revokeAll() throws -> [UInt8] {
        let secret = state.withLock { state -> [UInt8] in
            state.secret = state.random.bytes(32)
            state.revoked = [:]
            state.registry = AuthRegistryFile()
            return state.secret
        }
        persistRegistry()
        if profile == .head, let path = secretFilePath {
            try SecretFile(serverId: serverId, secret: secret).write(to: path)
        }
        return secret
    }

    /// Writes the registry where head keeps it, if it changed since the last write (`registryWritten`). When this
    /// returns, the file holds the caller's change or a later state. A failed write leaves the change in memory only, and
    /// the server goes on: `serve cdev` writes the file once at start and warns there when it cannot.
    private func persistRegistry() {
        guard profile == .head, let path = registryFilePath else { return }
        registryWritten.withLock { written in
            let (registry, generation) = state.withLock { ($0.registry, $0.registryGeneration) }
            guard generation > written else { return }
            try? registry.write(to: path)
            written = generation
        }
    }
}
