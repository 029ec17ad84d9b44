import WireCore

/// Minting and validating cdev tokens, byte-exact with the Go implementation (cdev spec sections
/// 1.1 and 2): `prefix || B64URL_RAW({"p": B64URL_RAW(payload), "s": B64URL_RAW(HMAC-SHA256(secret, payload))})`.
public enum CdevToken {
    /// Go's `base64.RawURLEncoding`: URL alphabet, no padding, CR/LF skipped, trailing bits not checked.
    static let base64 = Base64Variant.goRawURL

    /// A token for `payload`, prefixed for its type.
    public static func mint(_ payload: TokenPayload, secret: [UInt8]) -> String {
        let payloadBytes = payload.bytes
        let mac = CdevSigning.mac(payloadBytes, secret: secret)
        let outer: JSONValue = [
            "p": .string(Base64.encode(payloadBytes, variant: base64)), "s": .string(Base64.encode(mac, variant: base64)),
        ]
        let prefix = TokenType(rawValue: payload.type)?.prefix ?? TokenType.sessionPrefix
        return prefix + Base64.encode(JSONWriter(options: .init(escapeHTML: true)).bytes(outer), variant: base64)
    }

    /// The validator: the ten steps of section 2, in order; the first failure is the answer.
    /// `revokedNonces` is a list, not a `Set<String>`: a Swift set merges canonically equivalent nonces, and Go's map
    /// of them does not (see `isExactly`).
    public static func validate(_ token: String, secret: [UInt8], serverId: String, now: Int64, revokedNonces: [String] = [])
        throws(CdevTokenError) -> TokenPayload
    {
        try validate(
            token, sign: { CdevSigning.mac($0, secret: secret) }, serverId: serverId, now: now, isRevoked: revokedNonces.containsExactly)
    }

    /// The validator under a secret prepared once (a server validating many tokens).
    public static func validate(
        _ token: String, key: CdevSigning.Key, serverId: String, now: Int64, revokedNonces: [String] = []
    ) throws(CdevTokenError) -> TokenPayload {
        try validate(token, sign: key.mac, serverId: serverId, now: now, isRevoked: revokedNonces.containsExactly)
    }

    /// The ten steps with revocation asked of the caller: `TokenManager` asks its own table, of which a
    /// `Set` of the nonces would be a copy on every call.
    static func validate(
        _ token: String, sign: ([UInt8]) -> [UInt8], serverId: String, now: Int64, isRevoked: (String) -> Bool
    ) throws(CdevTokenError) -> TokenPayload {
        // 1. Prefix, and something after it.
        guard let prefix = TokenType.prefix(of: token),
            token.utf8.count > prefix.utf8.count
        else { throw .invalidFormat("token must start with cdev_p_, cdev_s_ or cdev_r_ and carry a body") }
        // 2. The body is base64url without padding.
        let body: [UInt8]
        do { body = try Base64.decode(token.utf8.dropFirst(prefix.utf8.count), variant: base64) } catch {
            throw .invalidFormat("token body: \(error)")
        }
        // 3. {"p", "s"}; a missing key is an empty string.
        let outer = try GoJSONObject(body, fieldNames: ["p", "s"])
        // 4. p, then s, decode.
        let payloadBytes: [UInt8]
        let mac: [UInt8]
        do {
            payloadBytes = try Base64.decode(try outer.string("p"), variant: base64)
            mac = try Base64.decode(try outer.string("s"), variant: base64)
        } catch let error as CdevTokenError {
            throw error
        } catch {
            throw .invalidFormat("p or s: \(error)")
        }
        // 5. HMAC-SHA256 over the exact payload bytes, compared in constant time.
        let expected = sign(payloadBytes)
        guard constantTimeEqual(expected, mac) else { throw .invalidToken("signature mismatch") }
        // 6. The payload JSON.
        let payload = try TokenPayload(decoding: payloadBytes)
        // 7. This server's token.
        // Go compares the bytes: a `K` spelled with U+212A KELVIN SIGN is another server (Swift's `==` says equal).
        guard payload.serverId.isExactly(serverId) else { throw .invalidToken("server_id does not match") }
        // 8. The type the prefix allows.
        guard TokenType.accepts(prefix: prefix, type: payload.type) else {
            throw .invalidFormat("type \(payload.type.debugDescription) does not match prefix \(prefix)")
        }
        // 9. Not revoked.
        guard !isRevoked(payload.nonce) else { throw .revoked(nonce: payload.nonce) }
        // 10. Not expired: valid through the second equal to expires_at.
        guard now <= payload.expiresAt else { throw .expired(expiresAt: payload.expiresAt, now: now) }
        return payload
    }

    /// Go's `hmac.Equal`: the time depends only on the lengths.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
