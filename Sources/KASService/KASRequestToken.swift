import Crypto
import Foundation
import WireCore
import _CryptoExtras

/// A compact JWS as the KAS reads one: the rewrap's signed request token (claims `requestBody`, `iat`, `exp`) and the
/// DPoP proof whose header `jwk` is the key the token must be signed with. The platform parses the token without
/// verifying it, checks its times with a minute of skew, and verifies the signature only when the request is bound to a
/// DPoP key, and then as RS256 only (`service/kas/access/rewrap.go`, `extractSRTBody`, `verifySRTSignature`); the mock
/// takes a request that carries a DPoP proof as bound to the proof's key.
public struct KASRequestToken: Sendable {
    /// The protected header.
    public var header: JSONObject
    /// The claims.
    public var claims: JSONObject
    let signingInput: [UInt8]
    let signature: [UInt8]

    /// The clock skew the platform accepts by default (`DefaultUnsafeClockSkew`).
    public static let acceptableSkew: TimeInterval = 60

    /// The token in `compact` (`header.claims.signature`, Base64url without padding).
    public init(compact: String) throws(KASMessageError) {
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw KASMessageError(description: "a JWS has 3 dot-separated parts; this has \(parts.count)") }
        func decode(_ part: Substring, _ name: String) throws(KASMessageError) -> [UInt8] {
            guard let bytes = try? Base64.decode(part.utf8, variant: .goRawURL) else {
                throw KASMessageError(description: "the JWS \(name) is not unpadded Base64url")
            }
            return bytes
        }
        header = try ProtoJSON.object(decode(parts[0], "header"))
        claims = try ProtoJSON.object(decode(parts[1], "claims"))
        signature = try decode(parts[2], "signature")
        signingInput = Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8)
    }

    /// The `requestBody` claim (a JSON string), or why not.
    public func requestBody() throws(KASMessageError) -> String {
        guard let value = claims["requestBody"] else { throw KASMessageError(description: "missing request body") }
        guard let text = value.stringValue else { throw KASMessageError(description: "invalid request body") }
        return text
    }

    /// Nil when `iat`, `nbf` and `exp` (those present) hold at `now`, with `acceptableSkew`; else which one fails.
    public func timeFailure(now: Date) -> String? {
        let seconds = now.timeIntervalSince1970
        func claim(_ name: String) -> Double? { claims[name]?.doubleValue }
        if let exp = claim("exp"), seconds - Self.acceptableSkew >= exp { return "exp: the token expired" }
        if let iat = claim("iat"), iat > seconds + Self.acceptableSkew { return "iat: the token is issued in the future" }
        if let nbf = claim("nbf"), nbf > seconds + Self.acceptableSkew { return "nbf: the token is not valid yet" }
        return nil
    }

    /// Whether the signature is RS256 and verifies under the RSA key `jwk`.
    public func isSigned(by jwk: JSONObject) -> Bool {
        guard header["alg"]?.stringValue == "RS256", jwk["kty"]?.stringValue == "RSA", let n = Self.field(jwk, "n"),
            let e = Self.field(jwk, "e"), let key = try? _RSA.Signing.PublicKey(n: n, e: e)
        else { return false }
        return key.isValidSignature(
            _RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: signingInput), padding: .insecurePKCS1v1_5)
    }

    private static func field(_ jwk: JSONObject, _ name: String) -> [UInt8]? {
        jwk[name]?.stringValue.flatMap { try? Base64.decode($0, variant: .goRawURL) }
    }

    /// `claims` signed RS256 under `key`, with `extraHeader` members (a DPoP proof's `typ` and `jwk`).
    public static func sign(_ claims: [(String, JSONValue)], with key: _RSA.Signing.PrivateKey, extraHeader: [(String, JSONValue)] = [])
        -> String
    {
        let header = JSONWriter.compact(.object(JSONObject([("alg", "RS256")] + extraHeader)))
        let payload = JSONWriter.compact(.object(JSONObject(claims)))
        let input = Base64.encode(Array(header.utf8), variant: .goRawURL) + "." + Base64.encode(Array(payload.utf8), variant: .goRawURL)
        let signature =
            (try? key.signature(for: SHA256.hash(data: Array(input.utf8)), padding: .insecurePKCS1v1_5).rawRepresentation) ?? Data()
        return input + "." + Base64.encode(Array(signature), variant: .goRawURL)
    }

    /// The public JWK of `key` (`kty` RSA, `n`, `e`).
    public static func jwk(of key: _RSA.Signing.PublicKey) -> JSONValue {
        guard let primitives = try? key.getKeyPrimitives() else { return .object(JSONObject()) }
        return .object(
            JSONObject([
                ("kty", "RSA"), ("n", .string(Base64.encode(Array(primitives.modulus), variant: .goRawURL))),
                ("e", .string(Base64.encode(Array(primitives.publicExponent), variant: .goRawURL))),
            ]))
    }

    /// A fresh 2048-bit RSA key for signing request tokens and DPoP proofs. BoringSSL's key generation does not fail on a
    /// working machine; if it ever did, nothing could be signed, so it stops the process with the reason.
    public static func makeSigningKey() -> _RSA.Signing.PrivateKey {
        do {
            return try _RSA.Signing.PrivateKey(keySize: .bits2048)
        } catch {
            fatalError("RSA key generation failed: \(error)")
        }
    }
}
