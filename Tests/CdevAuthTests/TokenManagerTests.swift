import Dispatch
import Foundation
import Synchronization
import WireCore
import XCTest

@testable import CdevAuth

/// The token manager of cdev spec sections 1.5 and 3: lifetimes, exchange, refresh rotation,
/// revoke-all, head's device registry, and the races a server must survive.
final class TokenManagerTests: XCTestCase {
    static let identity = SecretFile(serverId: "AbCdEfGhIjKlMnOp", secret: (0..<32).map(UInt8.init))
    static let start = 1_735_516_800.25

    func manager(_ profile: CdevProfile = .baseline, clock: any WireClock = FixedClock(start)) -> TokenManager {
        TokenManager(identity: Self.identity, profile: profile, clock: clock, random: SeededRandom(seed: 7))
    }

    func testMintedTokensHaveCdevLifetimesPrefixesAndShape() throws {
        let tokens = manager()
        for (type, prefix, lifetime) in [
            (TokenType.pairing, "cdev_p_", 3600), (.access, "cdev_s_", 900), (.refresh, "cdev_r_", 604_800), (.session, "cdev_s_", 300),
        ] {
            let minted = tokens.mint(type)
            XCTAssertTrue(minted.token.hasPrefix(prefix), "\(type)")
            XCTAssertEqual(minted.payload.expiresAt - minted.payload.issuedAt, Int64(lifetime), "\(type)")
            XCTAssertEqual(minted.payload.issuedAt, 1_735_516_800)
            XCTAssertEqual(minted.payload.nonce.count, 16)
            XCTAssertTrue(minted.payload.nonce.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            XCTAssertEqual(minted.payload.agentId, Self.identity.serverId)
            XCTAssertEqual(try tokens.validate(minted.token), minted.payload)
        }
        let short = TokenManager(identity: Self.identity, pairingLifetime: 60, clock: FixedClock(Self.start))
        XCTAssertEqual(short.mint(.pairing).payload.expiresAt, 1_735_516_860)
    }

    func testExchangeSpendsThePairingTokenAndRefusesOtherTypes() throws {
        let tokens = manager()
        let pairing = tokens.mint(.pairing).token
        let pair = try tokens.exchange(pairingToken: pairing)
        XCTAssertTrue(pair.accessToken.hasPrefix("cdev_s_"))
        XCTAssertEqual(pair.access.type, "access")
        XCTAssertEqual(pair.refresh.type, "refresh")
        XCTAssertEqual(pair.access.deviceId, "", "baseline sets no device_id")
        XCTAssertThrowsError(try tokens.exchange(pairingToken: pairing)) { XCTAssertEqual(($0 as? CdevTokenError)?.code, "revoked") }
        XCTAssertThrowsError(try tokens.exchange(pairingToken: pair.accessToken))
        XCTAssertThrowsError(try tokens.exchange(pairingToken: pair.refreshToken))
    }

    func testRefreshRotatesAndKeepsTheOldAccessTokenValid() throws {
        let tokens = manager()
        let first = try tokens.exchange(pairingToken: tokens.mint(.pairing).token)
        let second = try tokens.refresh(refreshToken: first.refreshToken)
        XCTAssertNotEqual(second.refreshToken, first.refreshToken)
        XCTAssertThrowsError(try tokens.refresh(refreshToken: first.refreshToken)) {
            XCTAssertEqual(($0 as? CdevTokenError)?.code, "revoked")
        }
        XCTAssertNoThrow(try tokens.validate(first.accessToken), "cdev's TestRefreshTokenPair: the old access token stays valid")
        XCTAssertThrowsError(try tokens.refresh(refreshToken: second.accessToken), "an access token does not refresh")
    }

    /// A manager given its secret already prepared (as FuzzCdevAuthBody does for every input) mints
    /// and validates exactly as one that prepares it, and still prepares a new one on revoke-all.
    func testAPreparedSigningKeyActsAsTheSecret() throws {
        let prepared = TokenManager(
            identity: Self.identity, clock: FixedClock(Self.start), random: SeededRandom(seed: 7),
            signingKey: CdevSigning.Key(secret: Self.identity.secret))
        let plain = manager()
        let token = prepared.mint(.pairing).token
        XCTAssertEqual(token, plain.mint(.pairing).token)
        XCTAssertEqual(try plain.validate(token), try prepared.validate(token))
        let other = SecretFile(serverId: Self.identity.serverId, secret: Array(repeating: 7, count: 32))
        XCTAssertThrowsError(try TokenManager(identity: other, clock: FixedClock(Self.start)).validate(token))
        let key = CdevSigning.Key(secret: Self.identity.secret)
        XCTAssertEqual("\(key) \(String(reflecting: key))", "CdevSigning.Key(secret not shown) CdevSigning.Key(secret not shown)")
        try prepared.revokeAll()
        XCTAssertThrowsError(try prepared.validate(token))
        XCTAssertNoThrow(try prepared.validate(prepared.mint(.pairing).token))
    }

    func testRevokeAllChangesTheSecretAndClearsTheRevokedSet() throws {
        let tokens = manager()
        let pairing = tokens.mint(.pairing).token
        let pair = try tokens.exchange(pairingToken: pairing)
        XCTAssertFalse(tokens.revokedNonces.isEmpty)
        let before = tokens.secret
        try tokens.revokeAll()
        XCTAssertNotEqual(tokens.secret, before)
        XCTAssertTrue(tokens.revokedNonces.isEmpty)
        for token in [pairing, pair.accessToken, pair.refreshToken] {
            XCTAssertThrowsError(try tokens.validate(token)) { XCTAssertEqual(($0 as? CdevTokenError)?.code, "invalid-token") }
        }
        XCTAssertNoThrow(try tokens.validate(tokens.mint(.pairing).token))
    }

    func testRevokeAllPersistsTheSecretOnlyInHead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cdev-revoke-all-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/token_secret.json"
        try Self.identity.write(to: path)
        try TokenManager(identity: Self.identity, profile: .baseline, secretFilePath: path).revokeAll()
        XCTAssertEqual(
            SecretFile.parse(Array(FileManager.default.contents(atPath: path)!)), Self.identity, "baseline forgets the new secret")
        let head = TokenManager(identity: Self.identity, profile: .head, secretFilePath: path)
        try head.revokeAll()
        XCTAssertEqual(SecretFile.parse(Array(FileManager.default.contents(atPath: path)!))?.secret, head.secret)
    }

    func testHeadKeepsTheDeviceIdAndOnlyTheLatestRefreshToken() throws {
        let tokens = manager(.head)
        let first = try tokens.exchange(pairingToken: tokens.mint(.pairing).token)
        XCTAssertEqual(first.access.deviceId.count, 16)
        XCTAssertEqual(first.access.deviceId, first.refresh.deviceId)
        let second = try tokens.refresh(refreshToken: first.refreshToken)
        XCTAssertEqual(second.deviceId, first.deviceId)
        // A refresh token without device_id (minted by hand with the secret) is refused in head.
        let bare = tokens.mint(.refresh).token
        XCTAssertThrowsError(try tokens.refresh(refreshToken: bare))
        try tokens.revoke(refreshToken: second.refreshToken)
        XCTAssertThrowsError(try tokens.validate(second.accessToken), "revoke also ends the device's last access token")
        XCTAssertThrowsError(try tokens.refresh(refreshToken: second.refreshToken))
    }

    func testExpiryFollowsTheClock() throws {
        let clock = ManualClock(Self.start)
        let tokens = manager(clock: clock)
        let access = tokens.mint(.access)
        clock.advance(899.75)  // now = expires_at exactly: still valid
        XCTAssertNoThrow(try tokens.validate(access.token))
        clock.advance(1)
        XCTAssertThrowsError(try tokens.validate(access.token)) { XCTAssertEqual(($0 as? CdevTokenError)?.code, "expired") }
    }

    /// Issue 42: the revocation set keeps spent tokens only until a day after they expire, so a long run does not grow
    /// it without bound; a spent token that has not expired stays refused as revoked, also within the day after its
    /// expiry (a clock stepped back does not revive it); one dropped is refused as expired.
    func testRevocationsLastADayLongerThanTheirTokens() throws {
        let clock = ManualClock(Self.start)
        let tokens = manager(clock: clock)
        let early = tokens.mint(.pairing).token
        _ = try tokens.exchange(pairingToken: early)
        for _ in 0..<1500 { _ = try tokens.exchange(pairingToken: tokens.mint(.pairing).token) }
        XCTAssertEqual(tokens.revokedNonces.count, 1501, "nothing has expired yet")
        clock.advance(Double(3600 + TokenManager.revocationGrace + 1))  // the first 1501 are past their expiry and the grace
        let recent = tokens.mint(.pairing).token
        _ = try tokens.exchange(pairingToken: recent)
        clock.advance(3601)  // `recent` has just expired, within the grace
        let live = tokens.mint(.pairing).token
        _ = try tokens.exchange(pairingToken: live)
        for _ in 0..<2000 { _ = try tokens.exchange(pairingToken: tokens.mint(.pairing).token) }
        XCTAssertLessThan(tokens.revokedNonces.count, 2500, "entries past the grace were dropped")
        XCTAssertThrowsError(try tokens.validate(live)) { XCTAssertEqual(($0 as? CdevTokenError)?.code, "revoked") }
        XCTAssertThrowsError(try tokens.validate(recent)) { XCTAssertEqual(($0 as? CdevTokenError)?.code, "revoked") }
        XCTAssertThrowsError(try tokens.validate(early)) { XCTAssertEqual(($0 as? CdevTokenError)?.code, "expired") }
    }

    /// Issue 42: head's device registry drops devices whose refresh token has expired as it grows (it kept every device
    /// ever paired, and rewrote them all on each exchange); a device still in its refresh lifetime keeps refreshing.
    func testHeadRegistryDropsDevicesWhoseRefreshTokenExpired() throws {
        let clock = ManualClock(Self.start)
        let tokens = manager(.head, clock: clock)
        for _ in 0..<1500 { _ = try tokens.exchange(pairingToken: tokens.mint(.pairing).token) }
        XCTAssertEqual(tokens.registry.devices.count, 1500, "every refresh token is alive")
        clock.advance(Double(TokenType.refresh.defaultLifetime) + 1)
        var kept: TokenPair?
        for _ in 0..<600 { kept = try tokens.exchange(pairingToken: tokens.mint(.pairing).token) }
        XCTAssertLessThanOrEqual(tokens.registry.devices.count, 600, "the expired devices were dropped at 2048")
        XCTAssertNoThrow(try tokens.refresh(refreshToken: XCTUnwrap(kept).refreshToken))
    }

    /// The registry file holds each change, also when exchanges race: the file written last is the registry's latest
    /// state (the writes happen outside the token lock, in order); it reads back as written, and an unreadable file is
    /// an error naming it, not an empty registry that the next change would overwrite.
    func testHeadRegistryFileFollowsConcurrentChangesAndRefusesAnUnreadableFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cdev-registry-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/auth_registry.json"
        XCTAssertEqual(try AuthRegistryFile.load(from: path), AuthRegistryFile(), "no file: an empty registry")
        let tokens = TokenManager(identity: Self.identity, profile: .head, registryFilePath: path)
        DispatchQueue.concurrentPerform(iterations: 100) { _ in _ = try? tokens.exchange(pairingToken: tokens.mint(.pairing).token) }
        let written = try AuthRegistryFile.load(from: path)
        XCTAssertEqual(written.devices.count, 100)
        XCTAssertEqual(written, tokens.registry)
        XCTAssertTrue(written.devices.values.allSatisfy { $0.refreshExpiresAt > Int64(Date().timeIntervalSince1970) })

        try Data(#"{"devices": {"d": {"refresh_nonce": "r", "access_nonce": "a"}}}"#.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try AuthRegistryFile.load(from: path).devices["d"]?.refreshExpiresAt, .max, "an older file is kept")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        XCTAssertThrowsError(try AuthRegistryFile.load(from: path)) { XCTAssertTrue("\($0)".contains("cannot read it"), "\($0)") }
    }

    /// Acceptance: 100 concurrent exchanges of one pairing token give exactly one pair.
    func testHundredConcurrentExchangesGiveOnePair() {
        let tokens = TokenManager(identity: Self.identity)
        let pairing = tokens.mint(.pairing).token
        let successes = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 100) { _ in
            if (try? tokens.exchange(pairingToken: pairing)) != nil { successes.add(1, ordering: .relaxed) }
        }
        XCTAssertEqual(successes.load(ordering: .relaxed), 1)
    }

    /// Acceptance: 100 concurrent refreshes of one refresh token give exactly one new pair.
    func testHundredConcurrentRefreshesGiveOnePair() throws {
        for profile in CdevProfile.allCases {
            let tokens = TokenManager(identity: Self.identity, profile: profile)
            let refresh = try tokens.exchange(pairingToken: tokens.mint(.pairing).token).refreshToken
            let successes = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 100) { _ in
                if (try? tokens.refresh(refreshToken: refresh)) != nil { successes.add(1, ordering: .relaxed) }
            }
            XCTAssertEqual(successes.load(ordering: .relaxed), 1, "\(profile)")
        }
    }

    func testTokenPairResponseTruncatesExpiresInAndWritesTheServerOffset() throws {
        let tokens = manager()
        let pair = try tokens.exchange(pairingToken: tokens.mint(.pairing).token)
        // Minted at …800.25; the handler writes 0.5 s later: 899.75 s left, truncated to 899.
        let response = TokenPairResponse(pair: pair, now: Self.start + 0.5)
        XCTAssertEqual(response.expiresIn, 899)
        XCTAssertEqual(TokenPairResponse(pair: pair, now: Self.start).expiresIn, 900)
        let json = JSONWriter.compact(.object(response.json(offsetSeconds: 7 * 3600)))
        XCTAssertTrue(json.hasPrefix(#"{"access_token":"cdev_s_"#))
        XCTAssertTrue(json.contains(#""access_token_expires_at":"2024-12-30T07:15:00+07:00","refresh_token":"cdev_r_"#), json)
        XCTAssertTrue(
            json.hasSuffix(#""refresh_token_expires_at":"2025-01-06T07:00:00+07:00","token_type":"Bearer","expires_in":899}"#), json)
        XCTAssertEqual(try TokenPairResponse.parse(Array(json.utf8)), response)
    }

    /// Baseline weaknesses the mock reproduces on purpose (spec section 3): a restart forgets the
    /// revocations, so a spent pairing token pairs again; and revoke-all is not persisted, so after a
    /// restart the old tokens come back to life.
    func testRestartForgetsRevocationsAndRevokeAll() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cdev-restart-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/token_secret.json"
        try Self.identity.write(to: path)
        let before = TokenManager(identity: Self.identity, secretFilePath: path)
        let pairing = before.mint(.pairing).token
        let pair = try before.exchange(pairingToken: pairing)
        XCTAssertThrowsError(try before.exchange(pairingToken: pairing))
        try before.revokeAll()
        XCTAssertThrowsError(try before.validate(pair.accessToken))
        var random = SeededRandom(seed: 1)
        let restarted = TokenManager(identity: SecretFile.loadOrCreate(at: path, random: &random).file, secretFilePath: path)
        XCTAssertNoThrow(try restarted.validate(pair.accessToken), "old tokens revive after a restart")
        XCTAssertNoThrow(try restarted.exchange(pairingToken: pairing), "the spent pairing token pairs again")
    }
}
