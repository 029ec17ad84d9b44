import CdevAuth
import ConformanceKit
import WireCore

extension CdevTokenSuite {
    /// Tokens minted by the reference from random payloads and secrets, validated at a random moment: every
    /// type under its own prefix or another, a server id that matches or differs by a character, times around
    /// expiry (now = expires_at and one off), nonces that are or are not revoked, ids with non-ASCII text.
    public func fuzzGenerators(of kind: GroupKind) -> [FuzzGenerator] {
        guard kind.type == Self.validate.type else { return [] }
        return [
            FuzzGenerator("token") { random in
                let secret = random.bytes(random.pick([32, 32, 32, 16, 64, 1]))
                let server = random.pick(["AbCdEfGhIjKlMnOp", "server-\(random.below(100))", "sérveur", "a"])
                let type = random.pick(TokenType.allCases.map(\.rawValue) + ["Access", "admin", ""])
                let issued = Int64(1_735_516_800 + random.below(1000))
                let expires = issued + Int64(random.pick([0, 1, 60, 900, 604_800]))
                let nonce = random.pick(["n-\(random.below(1000))", "", "nonce with space", "ñ"])
                let payload = TokenPayload(
                    v: random.chance(10) ? 2 : 1, type: type, serverId: server, issuedAt: issued, expiresAt: expires, nonce: nonce,
                    mode: random.pick(["local", "remote", ""]), deviceId: random.pick(["", "device-1", "📱"]),
                    userId: random.pick(["", "user-1"]))
                var token = CdevToken.mint(payload, secret: secret)
                // A third of the time under another type's prefix.
                if random.chance(3) { token = random.pick(TokenType.prefixes) + token.dropFirst(7) }
                let now = random.pick([issued - 1, issued, expires - 1, expires, expires + 1, expires + 3600])
                var input = JSONObject(
                    F.tokenToValidate(token), F.secret(secret), F.validatingServerId(random.chance(5) ? server + "x" : server), F.now(now))
                if random.chance(4) { input.set(F.revokedNonces, [.string(random.chance(2) ? nonce : "other")]) }
                return FuzzGenerator.Made(
                    input: input,
                    comment: "a \(type) token of \(server), expiring \(expires - now) s after now, secret \(secret.count) bytes")
            }
        ]
    }
}
