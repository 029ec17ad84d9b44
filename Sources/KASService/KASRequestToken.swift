import Crypto
import Foundation
import WireCore
import _CryptoExtras

/// A compact JWS as the KAS reads one: the rewrap's signed request token (claims `requestBody`, `iat`, `exp`) and the
/// DPoP proof whose header `jwk` is the key the token must be signed with. The platform parses the token without
/// verifying it, checks its times with a minute of skew, and verifies the signature only when the request came with a
/// DPoP key (`service/kas/access/rewrap.go`, `extractSRTBody`); the mock does the same. RS256 (otdf-python, the Go SDK)
/// and ES256 signatures are verified; another `alg` does not verify.
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

    /// Whether the signature verifies under `jwk` (an RSA key for RS256, a P-256 key for ES256).
    public func isSigned(by jwk: JSONObject) -> Bool {
        let algorithm = header["alg"]?.stringValue
        switch (algorithm, jwk["kty"]?.stringValue) {
        case ("RS256", "RSA"):
            guard let n = Self.field(jwk, "n"), let e = Self.field(jwk, "e"),
                let key = try? _RSA.Signing.PublicKey(n: n, e: e)
            else { return false }
            return key.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: signingInput), padding: .insecurePKCS1v1_5)
        case ("ES256", "EC"):
            guard jwk["crv"]?.stringValue == "P-256", let x = Self.field(jwk, "x"), let y = Self.field(jwk, "y"), x.count == 32,
                y.count == 32,
                let key = try? P256.Signing.PublicKey(x963Representation: [0x04] + x + y),
                let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signature)
            else { return false }
            return key.isValidSignature(signature, for: SHA256.hash(data: signingInput))
        default:
            return false
        }
    }

    private static func field(_ jwk: JSONObject, _ name: String) -> [UInt8]? {
        jwk[name]?.stringValue.flatMap { try? Base64.decode($0, variant: .goRawURL) }
    }

    /// `claims` signed ES256 under `key`, with `extraHeader` members (a DPoP proof's `typ` and `jwk`).
    public static func sign(_ claims: [(String, JSONValue)], with key: P256.Signing.PrivateKey, extraHeader: [(String, JSONValue)] = [])
        -> String
    {
        let header = JSONWriter.compact(.object(JSONObject([("alg", "ES256")] + extraHeader)))
        let payload = JSONWriter.compact(.object(JSONObject(claims)))
        let input = Base64.encode(Array(header.utf8), variant: .goRawURL) + "." + Base64.encode(Array(payload.utf8), variant: .goRawURL)
        let signature = (try? key.signature(for: SHA256.hash(data: Array(input.utf8))).rawRepresentation) ?? Data()
        return input + "." + Base64.encode(Array(signature), variant: .goRawURL)
    }

    /// The public JWK of `key` (`kty` EC, `crv` P-256, `x`, `y`).
    public static func jwk(of key: P256.Signing.PublicKey) -> JSONValue {
        let point = Array(key.x963Representation)
        return .object(
            JSONObject([
                ("kty", "EC"), ("crv", "P-256"), ("x", .string(Base64.encode(point[1..<33], variant: .goRawURL))),
                ("y", .string(Base64.encode(point[33..<65], variant: .goRawURL))),
            ]))
    }
}
