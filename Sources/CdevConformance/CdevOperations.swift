import CdevAuth
import ConformanceKit
import WireCore

/// The `cdev.*` shim operations over the CdevAuth module.
enum CdevOperations {
    static let all: [ShimOperation] = [
        CdevOps.mint { payload, secret in CdevToken.mint(payload, secret: secret) },
        CdevOps.validate { token, secret, serverId, now, revoked throws(ShimError) in
            do throws(CdevTokenError) {
                return try CdevToken.validate(token, secret: secret, serverId: serverId, now: now, revokedNonces: revoked)
            } catch {
                throw ShimError(error)
            }
        },
        CdevOps.parsePairingInfo { json throws(ShimError) in
            do throws(PairingJSONError) {
                return try PairingInfo.parse(Array(json.utf8))
            } catch {
                throw ShimError(error)
            }
        },
        CdevOps.parseTokenPair { json throws(ShimError) in
            do throws(PairingJSONError) {
                return try TokenPairResponse.parse(Array(json.utf8))
            } catch {
                throw ShimError(error)
            }
        },
    ]
}
