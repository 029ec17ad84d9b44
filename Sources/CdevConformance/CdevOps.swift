// Re-exported: the types of the builders' functions, so one import does.
@_exported import CdevAuth
import ConformanceKit
import WireCore

/// The `cdev.*` ops: a typed builder per op over CdevAuth's types, and the reference table made of them.
///
/// A builder takes a function, reads the case's arguments through the declared fields (`CdevFields`)
/// and writes the result the vectors compare; `WireCheckTesting` users give it their own function
/// (throw `ShimError(code:)` with the vectors' error class, `invalid-token`, `expired`, …, to refuse).
public enum CdevOps {
    typealias F = CdevFields

    /// `cdev.mint`: the token for `payload`, signed with `secret`. Any `type` is minted, as cdev's Go
    /// mints one: `pairing` under `cdev_p_`, `refresh` under `cdev_r_`, every other under `cdev_s_`.
    public static func mint(_ mint: @escaping @Sendable (_ payload: TokenPayload, _ secret: [UInt8]) throws(ShimError) -> String)
        -> ShimOperation
    {
        CdevTokenSuite.mint.operation { args throws(ShimError) in
            let payload = TokenPayload(
                type: try args.read(F.type), serverId: try args.read(F.serverId), issuedAt: try args.read(F.issuedAt),
                expiresAt: try args.read(F.expiresAt), nonce: try args.read(F.nonce),
                deviceId: try args.readIfPresent(F.deviceId) ?? "", userId: try args.readIfPresent(F.userId) ?? "")
            return JSONObject(F.token(try mint(payload, try args.read(F.secret))))
        }
    }

    /// `cdev.validate`: the payload of `token` if it is valid for `serverId` at `now` (Unix seconds)
    /// and its nonce is not in `revokedNonces`.
    public static func validate(
        _ validate:
            @escaping @Sendable (_ token: String, _ secret: [UInt8], _ serverId: String, _ now: Int64, _ revokedNonces: [String])
            throws(ShimError) -> TokenPayload
    ) -> ShimOperation {
        CdevTokenSuite.validate.operation { args throws(ShimError) in
            let revoked = (try args.readIfPresent(F.revokedNonces) ?? []).compactMap(\.stringValue)
            let payload = try validate(
                try args.read(F.tokenToValidate), try args.read(F.secret), try args.read(F.validatingServerId), try args.read(F.now),
                revoked)
            return JSONObject(F.payload(payload.json))
        }
    }

    /// `cdev.parsePairingInfo`: the QR pairing JSON (as text) read.
    public static func parsePairingInfo(_ parse: @escaping @Sendable (_ json: String) throws(ShimError) -> PairingInfo) -> ShimOperation {
        CdevPairingSuite.pairingInfo.operation { args throws(ShimError) in CdevPairingSuite.expected(try parse(try args.read(F.json))) }
    }

    /// `cdev.parseTokenPair`: the pairing exchange's token-pair JSON (as text) read.
    public static func parseTokenPair(_ parse: @escaping @Sendable (_ json: String) throws(ShimError) -> TokenPairResponse) -> ShimOperation
    {
        CdevPairingSuite.tokenPair.operation { args throws(ShimError) in CdevPairingSuite.expected(try parse(try args.read(F.json))) }
    }

    /// The reference: CdevAuth's Go-compatible minting, validation and pairing parsers.
    public static let reference = OpTable(
        name: ReferenceShim.name,
        [
            mint { payload, secret in CdevToken.mint(payload, secret: secret) },
            validate { token, secret, serverId, now, revoked throws(ShimError) in
                do throws(CdevTokenError) {
                    return try CdevToken.validate(token, secret: secret, serverId: serverId, now: now, revokedNonces: revoked)
                } catch {
                    throw ShimError(error)
                }
            },
            parsePairingInfo { json throws(ShimError) in
                do throws(PairingJSONError) {
                    return try PairingInfo.parse(Array(json.utf8))
                } catch {
                    throw ShimError(error)
                }
            },
            parseTokenPair { json throws(ShimError) in
                do throws(PairingJSONError) {
                    return try TokenPairResponse.parse(Array(json.utf8))
                } catch {
                    throw ShimError(error)
                }
            },
        ])
}
