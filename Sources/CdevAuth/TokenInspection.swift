import WireCore

/// What can be read from a cdev token without the server secret: the layers of section 1.1
/// decoded, the payload, and the checks of section 2 that need no secret. Whether the HMAC is
/// right, the nonce revoked or the server id this server's cannot be told without the server.
public struct TokenInspection: Sendable {
    /// The prefix, when it is a known one.
    public var prefix: String?
    /// The payload, when it decodes.
    public var payload: TokenPayload?
    /// The payload bytes as text.
    public var payloadJSON: String?
    /// `s` decoded (the HMAC-SHA256 the token claims).
    public var mac: [UInt8]?
    /// The first step of section 2 that fails without a secret, as error class and reason.
    public var problem: (code: String, reason: String)?
    /// Step-8 and step-10 style observations that need no secret.
    public var notes: [String] = []

    /// Decodes `token` without the secret.
    public init(_ token: String, now: Int64? = nil) {
        guard let prefix = TokenType.prefix(of: token), token.utf8.count > prefix.utf8.count else {
            problem = (
                "invalid-format",
                token.hasPrefix("cdev_c_")
                    ? "cdev_c_ is a reserved prefix (cloud), not accepted" : "no cdev_p_/cdev_s_/cdev_r_ prefix with a body"
            )
            return
        }
        self.prefix = prefix
        do {
            let body = try Base64.decode(utf8: Array(token.utf8.dropFirst(prefix.utf8.count)), variant: CdevToken.base64)
            let outer = try GoJSONObject(body, fieldNames: ["p", "s"])
            let payloadBytes = try Base64.decode(try outer.string("p"), variant: CdevToken.base64)
            let mac = try Base64.decode(try outer.string("s"), variant: CdevToken.base64)
            self.mac = mac
            payloadJSON = String(decoding: payloadBytes, as: UTF8.self)
            if mac.count != 32 { notes.append("s is \(mac.count) bytes, an HMAC-SHA256 is 32: no server accepts it") }
            let payload = try TokenPayload(decoding: payloadBytes)
            self.payload = payload
            if !TokenType.accepts(prefix: prefix, type: payload.type) {
                problem = ("invalid-format", "type \(payload.type.debugDescription) does not match prefix \(prefix)")
            }
            if payload.bytes != payloadBytes {
                notes.append("payload bytes are not what cdev mints for these fields (key order, spacing or extra keys)")
            }
            if let type = TokenType(rawValue: payload.type), payload.expiresAt - payload.issuedAt != type.defaultLifetime {
                notes.append(
                    "lifetime \(payload.expiresAt - payload.issuedAt) s, cdev's default for \(type.rawValue) is \(type.defaultLifetime) s")
            }
            if let now, problem == nil, now > payload.expiresAt { problem = ("expired", "expired at \(payload.expiresAt), now \(now)") }
        } catch let error as CdevTokenError {
            problem = (error.code, error.description)
        } catch {
            problem = ("invalid-format", "\(error)")
        }
    }

    /// What this inspection cannot know, said once for every report.
    public static let limits = "without the server secret: the HMAC, the server id's owner and the revocation set are not checked"
}
