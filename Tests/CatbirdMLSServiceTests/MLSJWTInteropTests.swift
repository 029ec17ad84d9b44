import CatbirdMLS
import CatbirdMLSService
import Foundation
import HTTPExchange
import JWTKit
import WireCore
import XCTest

/// The mock's HS256 JWTs against vapor/jwt-kit's own signing and verifying (its key collection, which
/// the mock cannot use: it is async): tokens jwt-kit signs are accepted (and refused when expired,
/// tampered, signed with another key or another algorithm), and the tokens the mock mints verify in
/// jwt-kit.
final class MLSJWTInteropTests: XCTestCase {
    struct Claims: JWTPayload {
        var iss: IssuerClaim
        var exp: ExpirationClaim

        func verify(using algorithm: some JWTAlgorithm) throws { try exp.verifyNotExpired() }
    }

    // RFC 7518 section 3.2: an HMAC key is at least as long as its hash (jwt-kit asserts it): 48 bytes for the HS384 case.
    let secret = "interop-secret-long-enough-for-hs384-as-well-0123456789"
    let now = Date().timeIntervalSince1970.rounded(.down)

    func service() -> MLSService {
        var config = MLSServiceConfig()
        config.jwtSecret = Array(secret.utf8)
        config.clock = ManualClock(now)
        return MLSService(config: config)
    }

    func keys(_ secret: String, _ digest: DigestAlgorithm = .sha256) async -> JWTKeyCollection {
        await JWTKeyCollection().add(hmac: HMACKey(from: secret), digestAlgorithm: digest)
    }

    func status(_ service: MLSService, _ token: String) -> Int {
        MLSCaller(service: service, token: token).call(.getConvos).status
    }

    func testTokensSignedByJWTKitAreAcceptedOrRefusedAsTheyShouldBe() async throws {
        let service = service()
        let valid = Claims(iss: "did:plc:erin", exp: ExpirationClaim(value: Date(timeIntervalSince1970: now + 600)))
        let token = try await keys(secret).sign(valid)
        XCTAssertEqual(status(service, token), 200)
        XCTAssertEqual(
            MLSCaller(service: service, token: token).call(.createConvo, ["cipherSuite": "MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519"])
                .body["convo"]?["creator"], "did:plc:erin")

        let expired = Claims(iss: "did:plc:erin", exp: ExpirationClaim(value: Date(timeIntervalSince1970: now - 1)))
        let refused = [
            "expired": try await keys(secret).sign(expired),
            "another key": try await keys("another-secret-also-of-32-bytes-or-more").sign(valid),
            "HS384": try await keys(secret, .sha384).sign(valid),
            "iss is not a DID": try await keys(secret).sign(Claims(iss: "erin", exp: valid.exp)),
        ]
        for (why, token) in refused { XCTAssertEqual(status(service, token), 401, why) }

        // One flipped character of the payload segment breaks the signature.
        var parts = token.split(separator: ".").map(String.init)
        parts[1] = String(parts[1].dropLast()) + (parts[1].last == "A" ? "B" : "A")
        XCTAssertEqual(status(service, parts.joined(separator: ".")), 401, "tampered")
    }

    /// The claims atproto service auth adds, and a header extension marked critical.
    struct ServiceClaims: JWTPayload {
        var iss: IssuerClaim
        var exp: ExpirationClaim
        var nbf: NotBeforeClaim?
        var lxm: String?

        func verify(using algorithm: some JWTAlgorithm) throws {}
    }

    /// Issue 42: a token not valid yet, one for another method (`lxm`) and one with a `crit` header were accepted.
    func testNotBeforeLexiconMethodAndCriticalHeaderAreChecked() async throws {
        let service = service()
        let exp = ExpirationClaim(value: Date(timeIntervalSince1970: now + 600))
        func sign(nbf: Double? = nil, lxm: String? = nil, crit: Bool = false) async throws -> String {
            var header = JWTHeader()
            if crit { header.crit = ["exp-ext"] }
            let claims = ServiceClaims(
                iss: "did:plc:erin", exp: exp, nbf: nbf.map { NotBeforeClaim(value: Date(timeIntervalSince1970: $0)) }, lxm: lxm)
            return try await keys(secret).sign(claims, header: header)
        }
        let valid = try await sign(nbf: now - 1, lxm: "blue.catbird.mls.getConvos")
        XCTAssertEqual(status(service, valid), 200)
        let refused = [
            "nbf in the future": try await sign(nbf: now + 60),
            "lxm of another method": try await sign(lxm: "blue.catbird.mls.sendMessage"),
            "a critical extension": try await sign(crit: true),
        ]
        for (why, token) in refused { XCTAssertEqual(status(service, token), 401, why) }
        // The MAC's 43 characters carry 2 spare bits: setting one spells the same bytes another way.
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var spelled = Array(valid)
        let last = try XCTUnwrap(alphabet.firstIndex(of: spelled[spelled.count - 1]))
        spelled[spelled.count - 1] = alphabet[last ^ 1]
        XCTAssertEqual(status(service, String(spelled)), 401, "a non-canonical MAC")
    }

    func testTokensTheMockMintsVerifyInJWTKit() async throws {
        let minted = try XCTUnwrap(service().mintToken(for: "did:plc:frank", validFor: 600))
        let claims = try await keys(secret).verify(minted, as: Claims.self)
        XCTAssertEqual(claims.iss.value, "did:plc:frank")
        XCTAssertEqual(claims.exp.value.timeIntervalSince1970, now + 600)
        do {
            _ = try await keys("another-secret-also-of-32-bytes-or-more").verify(minted, as: Claims.self)
            XCTFail("jwt-kit accepted the mock's token under another key")
        } catch {}
    }
}
