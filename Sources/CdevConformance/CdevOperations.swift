import CdevAuth
import ConformanceKit
import WireCore

/// The `cdev.*` shim operations over the CdevAuth module.
enum CdevOperations {
    static let all: [ShimOperation] = [
        CdevTokenSuite.mint.operation { args throws(ShimError) in
            let type = try args.string("type")
            guard TokenType(rawValue: type) != nil else { throw ShimError(code: ShimError.badRequestCode, message: "unknown type \(type)") }
            let payload = TokenPayload(
                type: type, serverId: try args.string("serverId"), issuedAt: try args.int("issuedAt"),
                expiresAt: try args.int("expiresAt"), nonce: try args.string("nonce"),
                deviceId: args["deviceId"]?.stringValue ?? "", userId: args["userId"]?.stringValue ?? "")
            return ["token": .string(CdevToken.mint(payload, secret: try args.hex("secret")))]
        },
        CdevTokenSuite.validate.operation { args throws(ShimError) in
            let (token, secret, serverId, now) = (
                try args.string("token"), try args.hex("secret"), try args.string("serverId"), try args.int("now")
            )
            let revoked = Set((args["revokedNonces"]?.arrayValue ?? []).compactMap(\.stringValue))
            do throws(CdevTokenError) {
                let payload = try CdevToken.validate(token, secret: secret, serverId: serverId, now: now, revokedNonces: revoked)
                return ["payload": .object(payload.json)]
            } catch {
                throw ShimError(error)
            }
        },
        CdevPairingSuite.pairingInfo.operation { args throws(ShimError) in
            let json = try args.string("json")
            do throws(PairingJSONError) {
                let info = try PairingInfo.parse(Array(json.utf8))
                var result: JSONObject = [
                    "ws": .string(info.ws), "http": .string(info.http), "session": .string(info.session), "repo": .string(info.repo),
                ]
                if let token = info.token { result["token"] = .string(token) }
                if let at = info.tokenExpiresAt { result["tokenExpiresAt"] = .int(at) }
                if let flag = info.authRequired { result["authRequired"] = .bool(flag) }
                return result
            } catch {
                throw ShimError(error)
            }
        },
        CdevPairingSuite.tokenPair.operation { args throws(ShimError) in
            let json = try args.string("json")
            do throws(PairingJSONError) {
                return CdevPairingSuite.expected(try TokenPairResponse.parse(Array(json.utf8)))
            } catch {
                throw ShimError(error)
            }
        },
    ]
}
