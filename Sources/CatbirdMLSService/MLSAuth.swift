import ATProtoLexicon
import Crypto
import Foundation
import WireCore

/// Who is calling: `Authorization: Bearer` with an opaque dev token mapped to a DID, or an HS256 JWT
/// whose `iss` is the caller's DID and whose `exp` is in the future (atproto inter-service auth, as
/// the mls-ds server reads it; catbird-mls.md section 5).
struct MLSAuth: Sendable {
    /// Opaque dev tokens and the DID each one stands for.
    let devTokens: [String: String]
    /// The HS256 secret; nil turns JWTs off.
    let jwtSecret: [UInt8]?

    /// The caller's DID, or the 401 to answer.
    func caller(authorization: String?, now: Double) throws(XRPCError) -> String {
        guard let authorization, authorization.hasPrefix("Bearer ") else {
            throw .authenticationRequired("missing Authorization: Bearer token")
        }
        let token = String(authorization.dropFirst("Bearer ".count))
        if let did = devTokens[token] { return did }
        guard let jwtSecret else { throw .authenticationRequired("unknown token") }
        return try Self.verifyHS256(token, secret: jwtSecret, now: now)
    }

    /// The `iss` of a valid HS256 JWT.
    static func verifyHS256(_ token: String, secret: [UInt8], now: Double) throws(XRPCError) -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let header = decodeSegment(parts[0]), let payload = decodeSegment(parts[1]),
            let signature = try? Base64.decode(parts[2], variant: Base64Variant(.url, .raw, .strict))
        else { throw .authenticationRequired("malformed JWT") }
        guard header["alg"]?.stringValue == "HS256" else { throw .authenticationRequired("JWT alg must be HS256") }
        // Compared in constant time by swift-crypto.
        let signed = Array("\(parts[0]).\(parts[1])".utf8)
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signed, using: SymmetricKey(data: secret)) else {
            throw .authenticationRequired("JWT signature does not verify")
        }
        guard let exp = payload["exp"]?.doubleValue, exp > now else { throw .authenticationRequired("JWT expired or without exp") }
        guard let iss = payload["iss"]?.stringValue, StringFormat.did.isValid(iss) else {
            throw .authenticationRequired("JWT iss must be the caller's DID")
        }
        return iss
    }

    static func decodeSegment(_ text: String) -> JSONValue? {
        guard let bytes = try? Base64.decode(text, variant: Base64Variant(.url, .raw, .strict)) else { return nil }
        return try? JSONParser.parse(bytes)
    }

    /// An HS256 JWT for `did`, for tests and `serve mls --print-token`.
    static func mintHS256(iss did: String, exp: Int64, secret: [UInt8]) -> String {
        let variant = Base64Variant(.url, .raw, .strict)
        let header = Base64.encode(Array(JSONWriter.compact(["alg": "HS256", "typ": "JWT"]).utf8), variant: variant)
        let payload = Base64.encode(Array(JSONWriter.compact(["iss": .string(did), "exp": .int(exp)]).utf8), variant: variant)
        let mac = HMAC<SHA256>.authenticationCode(for: Array("\(header).\(payload)".utf8), using: SymmetricKey(data: secret))
        return "\(header).\(payload).\(Base64.encode(Array(mac), variant: variant))"
    }
}
