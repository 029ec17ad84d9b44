import ATProtoLexicon
import Crypto
import Foundation
import JWTKit
import WireCore

/// Who is calling: `Authorization: Bearer` with an opaque dev token mapped to a DID, or an HS256 JWT
/// whose `iss` is the caller's DID and whose `exp` is in the future (atproto inter-service auth, as
/// the mls-ds server reads it; catbird-mls.md section 5).
struct MLSAuth: Sendable {
    /// Opaque dev tokens and the DID each one stands for.
    let devTokens: [String: String]
    /// The HS256 secret; nil turns JWTs off.
    let jwtSecret: [UInt8]?

    /// The caller's DID for a call of `method` (an NSID), or the 401 to answer.
    func caller(authorization: String?, method: String, now: Double) throws(XRPCError) -> String {
        guard let authorization, authorization.hasPrefix("Bearer ") else {
            throw .authenticationRequired("missing Authorization: Bearer token")
        }
        let token = String(authorization.dropFirst("Bearer ".count))
        if let did = devTokens[token] { return did }
        guard let jwtSecret else { throw .authenticationRequired("unknown token") }
        return try Self.verifyHS256(token, secret: jwtSecret, method: method, now: now)
    }

    /// The claims the mock reads: `iss` (the caller's DID) and `exp`; `nbf` and atproto's `lxm` (the one method the token
    /// is for) when present.
    struct Claims: JWTPayload {
        var iss: IssuerClaim
        var exp: ExpirationClaim
        var nbf: NotBeforeClaim?
        var lxm: String?

        /// Checked in `verifyHS256` against the service's clock, not here against the wall clock.
        func verify(using algorithm: some JWTAlgorithm) throws {}
    }

    /// The `iss` of a valid HS256 JWT. vapor/jwt-kit splits the token and decodes its header and
    /// claims (its parser and claim types are synchronous; its key collection, which would also
    /// check the MAC, is an actor and so async, which this synchronous service cannot await); the
    /// MAC over the signing input is swift-crypto's constant-time check.
    static func verifyHS256(_ token: String, secret: [UInt8], method: String, now: Double) throws(XRPCError) -> String {
        let parser = DefaultJWTParser()
        let bytes = Array(token.utf8)
        guard let parts = try? parser.getTokenParts(bytes), let (header, claims, signature) = try? parser.parse(bytes, as: Claims.self)
        else { throw .authenticationRequired("malformed JWT") }
        guard header.alg == "HS256" else { throw .authenticationRequired("JWT alg must be HS256") }
        // RFC 7515 section 4.1.11: a token naming critical extensions the receiver does not understand is refused.
        guard header[dynamicMember: "crit"] == nil else { throw .authenticationRequired("JWT crit names extensions not understood") }
        let signed = Array(parts.header) + [UInt8(ascii: ".")] + Array(parts.payload)
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signed, using: SymmetricKey(data: secret)) else {
            throw .authenticationRequired("JWT signature does not verify")
        }
        // Only the one spelling of the MAC (base64url, no padding, zero trailing bits): jwt-kit's decoder also takes
        // others, which would make several texts of one token, all accepted.
        let segment = token.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        guard Base64.encode(Array(signature), variant: Base64Variant(.url, .raw, .strict)) == segment else {
            throw .authenticationRequired("JWT signature is not canonical base64url")
        }
        do {
            try claims.exp.verifyNotExpired(currentDate: Date(timeIntervalSince1970: now))
        } catch {
            throw .authenticationRequired("JWT expired")
        }
        if let nbf = claims.nbf, nbf.value.timeIntervalSince1970 > now { throw .authenticationRequired("JWT not valid yet (nbf)") }
        if let lxm = claims.lxm, lxm != method { throw .authenticationRequired("JWT lxm is \(lxm), not \(method)") }
        guard StringFormat.did.isValid(claims.iss.value) else { throw .authenticationRequired("JWT iss must be the caller's DID") }
        return claims.iss.value
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
