// Re-exported: the types of the builders' functions, so one import does.
@_exported import CdevAuth
import ConformanceKit
import WireCore

/// The `cdev.*` ops as typed functions over CdevAuth's types, for `WireCheckTesting`'s `OpSet`: you
/// write the function, the builder reads the case's arguments and writes the result the vectors
/// compare. Throw `ShimError(code:)` with the vectors' error class (`invalid-token`, `expired`, …)
/// to refuse. The reference implementation is built the same way.
public enum CdevOps {
    /// `cdev.mint`: the token for `payload`, signed with `secret`. Any `type` is minted, as cdev's Go
    /// mints one: `pairing` under `cdev_p_`, `refresh` under `cdev_r_`, every other under `cdev_s_`.
    public static func mint(_ mint: @escaping @Sendable (_ payload: TokenPayload, _ secret: [UInt8]) throws(ShimError) -> String)
        -> ShimOperation
    {
        CdevTokenSuite.mint.operation { args throws(ShimError) in
            let payload = TokenPayload(
                type: try args.string("type"), serverId: try args.string("serverId"), issuedAt: try args.int("issuedAt"),
                expiresAt: try args.int("expiresAt"), nonce: try args.string("nonce"),
                deviceId: args["deviceId"]?.stringValue ?? "", userId: args["userId"]?.stringValue ?? "")
            return ["token": .string(try mint(payload, try args.hex("secret")))]
        }
    }

    /// `cdev.validate`: the payload of `token` if it is valid for `serverId` at `now` (Unix seconds)
    /// and its nonce is not in `revokedNonces`.
    public static func validate(
        _ validate:
            @escaping @Sendable (_ token: String, _ secret: [UInt8], _ serverId: String, _ now: Int64, _ revokedNonces: Set<String>)
            throws(ShimError) -> TokenPayload
    ) -> ShimOperation {
        CdevTokenSuite.validate.operation { args throws(ShimError) in
            let revoked = Set((args["revokedNonces"]?.arrayValue ?? []).compactMap(\.stringValue))
            let payload = try validate(
                try args.string("token"), try args.hex("secret"), try args.string("serverId"), try args.int("now"), revoked)
            return ["payload": .object(payload.json)]
        }
    }

    /// `cdev.parsePairingInfo`: the QR pairing JSON (as text) read.
    public static func parsePairingInfo(_ parse: @escaping @Sendable (_ json: String) throws(ShimError) -> PairingInfo) -> ShimOperation {
        CdevPairingSuite.pairingInfo.operation { args throws(ShimError) in CdevPairingSuite.expected(try parse(try args.string("json"))) }
    }

    /// `cdev.parseTokenPair`: the pairing exchange's token-pair JSON (as text) read.
    public static func parseTokenPair(_ parse: @escaping @Sendable (_ json: String) throws(ShimError) -> TokenPairResponse) -> ShimOperation
    {
        CdevPairingSuite.tokenPair.operation { args throws(ShimError) in CdevPairingSuite.expected(try parse(try args.string("json"))) }
    }
}
