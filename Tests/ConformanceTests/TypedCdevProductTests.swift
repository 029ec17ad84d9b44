import CdevAuth
import WireCheckTesting
import WireCheckTestingCdev
import XCTest

/// `WireCheckTestingCdev`: the cdev builders over the product's own value types. A decoder written with them (here
/// the reference's, mapped member by member) conforms, the legacy payload included, which the reference type's
/// defaults once broke; one that fills in what the token lacks fails exactly the cases whose payload lacks it.
final class TypedCdevProductTests: XCTestCase {
    static func claims(_ payload: TokenPayload) -> CdevClaims {
        CdevClaims(
            v: payload.v, type: payload.type, serverId: payload.serverId, issuedAt: payload.issuedAt, expiresAt: payload.expiresAt,
            nonce: payload.nonce, mode: payload.mode, agentId: payload.agentId, deviceId: payload.deviceId, userId: payload.userId)
    }

    /// cdev's ops over CdevAuth, through the product's types; `fillingDefaults` is a decoder's bug: a missing `v`,
    /// `mode` or `agent_id` read as cdev would mint it.
    static func table(fillingDefaults: Bool) -> OpTable {
        OpTable(
            name: fillingDefaults ? "FillsDefaults" : "Decoder",
            [
                CdevOps.mint { claims, secret in
                    CdevToken.mint(
                        TokenPayload(
                            v: claims.v, type: claims.type, serverId: claims.serverId, issuedAt: claims.issuedAt,
                            expiresAt: claims.expiresAt, nonce: claims.nonce, mode: claims.mode, agentId: claims.agentId,
                            deviceId: claims.deviceId, userId: claims.userId), secret: secret)
                },
                CdevOps.validate { token, secret, serverId, now, revoked throws(ShimError) in
                    do throws(CdevTokenError) {
                        var claims = claims(
                            try CdevToken.validate(token, secret: secret, serverId: serverId, now: now, revokedNonces: revoked))
                        if fillingDefaults {
                            if claims.v == 0 { claims.v = 1 }
                            if claims.mode.isEmpty { claims.mode = "local" }
                            if claims.agentId.isEmpty { claims.agentId = claims.serverId }
                        }
                        return claims
                    } catch {
                        throw ShimError(code: error.code)
                    }
                },
                CdevOps.parsePairingInfo { json throws(ShimError) in
                    do throws(PairingJSONError) {
                        let info = try PairingInfo.parse(Array(json.utf8))
                        return CdevPairingInfo(
                            ws: info.ws, http: info.http, session: info.session, repo: info.repo, token: info.token,
                            tokenExpiresAt: info.tokenExpiresAt, authRequired: info.authRequired)
                    } catch {
                        throw ShimError(code: error.code)
                    }
                },
                CdevOps.parseTokenPair { json throws(ShimError) in
                    do throws(PairingJSONError) {
                        let pair = try TokenPairResponse.parse(Array(json.utf8))
                        return CdevTokenPair(
                            accessToken: pair.accessToken, accessTokenExpiresAt: pair.accessTokenExpiresAt, refreshToken: pair.refreshToken,
                            refreshTokenExpiresAt: pair.refreshTokenExpiresAt, tokenType: pair.tokenType, expiresIn: pair.expiresIn)
                    } catch {
                        throw ShimError(code: error.code)
                    }
                },
            ])
    }

    func testTheProductsTypesConformAndADefaultFillingDecoderFailsOnlyLegacyPayloads() throws {
        let selection = CaseSelection(only: ["cdev/tokens", "cdev/pairing"])
        let results = try ConformanceRun.run(Self.table(fillingDefaults: false), selection: selection, strict: true)
        XCTAssertEqual(results.filter(\.status.failsRun).map(\.id), [])
        XCTAssertEqual(results.filter { $0.status == .unimplemented }.map(\.id), [])
        XCTAssertGreaterThan(results.filter { $0.status == .pass }.count, 100)
        XCTAssertTrue(results.contains { $0.id == "cdev/tokens/validate-legacy-payload" && $0.status == .pass })

        let failed = try ConformanceRun.run(Self.table(fillingDefaults: true), selection: selection, strict: true).filter(\.status.failsRun)
        XCTAssertTrue(failed.map(\.id).contains("cdev/tokens/validate-legacy-payload"), "\(failed.map(\.id))")
        XCTAssertTrue(failed.allSatisfy { $0.id.hasPrefix("cdev/tokens/validate-") }, "\(failed.map(\.id))")
    }
}
