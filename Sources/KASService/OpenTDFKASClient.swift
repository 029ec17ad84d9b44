import ConformanceKit
import Crypto
import Foundation
import NanoTDF
import WireCore
import _CryptoExtras

/// A NanoTDF client of an OpenTDF KAS, written from the protocol (spec section 9.5) for `wirecheck nanotdf decrypt
/// --kas http://…` and `check kas`: discovery of the token endpoint (`/.well-known/opentdf-configuration`), client
/// credentials for a bearer token, `PublicKey`, and `Rewrap` with an EC client key, the request token signed RS256 (the
/// only algorithm the platform verifies) under a DPoP key whose proof is sent beside it, the answer unwrapped with
/// HKDF(ECDH, SHA-256("L1L")) and AES-GCM.
public struct OpenTDFKASClient: Sendable {
    /// The platform (`http://HOST:PORT`).
    public let http: HTTPProbe
    /// The bearer token sent with a rewrap (from `authenticate`, or given).
    public var bearer: String?
    /// The key the request token is signed with; its public JWK goes in the DPoP proof.
    public let dpopKey = KASRequestToken.makeSigningKey()

    /// A client of the platform at `baseURL`.
    public init(baseURL: String, timeout: Double = 10) throws(OpenTDFKASClientError) {
        do {
            http = try HTTPProbe(baseURL: baseURL, timeout: timeout)
        } catch {
            throw OpenTDFKASClientError(description: error.description)
        }
    }

    /// A client over `http`.
    public init(http: HTTPProbe) { self.http = http }

    /// The token endpoint named by the platform's well-known configuration (`idp.token_endpoint`, else the
    /// `platform_issuer`'s OpenID configuration).
    public func tokenEndpoint() throws(OpenTDFKASClientError) -> String {
        let configuration = try json(http, "GET", "/.well-known/opentdf-configuration")
        let document = configuration["configuration"]?.objectValue ?? configuration
        if let endpoint = document["idp"]?["token_endpoint"]?.stringValue { return endpoint }
        guard let issuer = document["platform_issuer"]?.stringValue else {
            throw OpenTDFKASClientError(description: "the well-known configuration names neither idp.token_endpoint nor platform_issuer")
        }
        let (probe, path) = try Self.split(issuer)
        guard let endpoint = try json(probe, "GET", path + "/.well-known/openid-configuration")["token_endpoint"]?.stringValue else {
            throw OpenTDFKASClientError(description: "the issuer's OpenID configuration has no token_endpoint")
        }
        return endpoint
    }

    /// A bearer token for `clientID`/`clientSecret` (client credentials), kept in `bearer`.
    public mutating func authenticate(clientID: String, clientSecret: String) throws(OpenTDFKASClientError) {
        let (probe, path) = try Self.split(tokenEndpoint())
        let form = URLQueryEncoding.encode([
            QueryItem("grant_type", "client_credentials"), QueryItem("client_id", clientID), QueryItem("client_secret", clientSecret),
        ])
        let answer = try json(probe, "POST", path, headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array(form.utf8))
        guard let token = answer["access_token"]?.stringValue else {
            throw OpenTDFKASClientError(description: "the token answer has no access_token")
        }
        bearer = token
    }

    /// `PublicKey` over Connect for `algorithm`.
    public func publicKey(algorithm: String = "ec:secp256r1", codec: ConnectCodec = .json) throws(OpenTDFKASClientError)
        -> KASPublicKeyResponse
    {
        let reply = try call("/kas.AccessService/PublicKey", KASPublicKeyRequest(algorithm: algorithm).encoded(codec), codec: codec)
        guard reply.status == 200 else { throw OpenTDFKASClientError(reply) }
        do {
            return try KASPublicKeyResponse(decoding: reply.body, codec: codec)
        } catch {
            throw OpenTDFKASClientError(description: "the PublicKey answer does not decode: \(error)")
        }
    }

    /// The request token for `request`, signed with `key` (the DPoP key unless another is given), issued at `issuedAt`
    /// and valid for `lifetime` seconds.
    public func signedRequestToken(
        _ request: KASUnsignedRewrapRequest, key: _RSA.Signing.PrivateKey? = nil, issuedAt: Date = Date(), lifetime: TimeInterval = 120
    ) -> String {
        let iat = Int64(issuedAt.timeIntervalSince1970)
        return KASRequestToken.sign(
            [("requestBody", .string(request.requestBody)), ("iat", .int(iat)), ("exp", .int(iat + Int64(lifetime)))], with: key ?? dpopKey)
    }

    /// A DPoP proof (RFC 9449) for `method` on `path`, carrying the DPoP key's public JWK.
    public func dpopProof(_ method: String, _ path: String) -> String {
        KASRequestToken.sign(
            [
                ("jti", .string(UUID().uuidString)), ("htm", .string(method)), ("htu", .string(http.baseURL + path)),
                ("iat", .int(Int64(Date().timeIntervalSince1970))),
            ], with: dpopKey, extraHeader: [("typ", "dpop+jwt"), ("jwk", KASRequestToken.jwk(of: dpopKey.publicKey))])
    }

    /// A rewrap request for one NanoTDF header, for the client key `clientKey`.
    public static func nanoRequest(header: [UInt8], kasURL: String, clientKey: P256.KeyAgreement.PrivateKey) -> KASUnsignedRewrapRequest {
        KASUnsignedRewrapRequest(
            clientPublicKey: clientKey.publicKey.pemRepresentation,
            requests: [
                .init(
                    policyId: "policy", algorithm: "ec:secp256r1",
                    keyAccessObjects: [.init(id: "kao-0", header: header, kasURL: kasURL)])
            ])
    }

    /// `Rewrap` with `token`: over Connect in `codec`, or over REST (`POST /kas/v2/rewrap`) when `rest`; the reply as sent.
    public func rewrap(token: String, codec: ConnectCodec = .json, rest: Bool = false, dpop: Bool = true) throws(OpenTDFKASClientError)
        -> HTTPProbe.Reply
    {
        let path = rest ? "/kas/v2/rewrap" : "/kas.AccessService/Rewrap"
        let body = KASRewrapRequest(signedRequestToken: token).encoded(rest ? .json : codec)
        return try call(path, body, codec: rest ? .json : codec, dpop: dpop)
    }

    /// The payload key of `container` from this KAS: a rewrap with a fresh EC client key, unwrapped.
    public func payloadKey(for container: Container) throws(OpenTDFKASClientError) -> [UInt8] {
        let clientKey = P256.KeyAgreement.PrivateKey()
        let kasURL = "\(container.header.kas.protocolName)://\(String(decoding: container.header.kas.body, as: UTF8.self))"
        let request = Self.nanoRequest(header: container.header.bytes, kasURL: kasURL, clientKey: clientKey)
        let reply = try rewrap(token: signedRequestToken(request))
        guard reply.status == 200 else { throw OpenTDFKASClientError(reply) }
        let response: KASRewrapResponse
        do {
            response = try KASRewrapResponse(decoding: reply.body, codec: .json)
        } catch {
            throw OpenTDFKASClientError(description: "the Rewrap answer does not decode: \(error)")
        }
        guard let result = response.responses.first?.results.first else {
            throw OpenTDFKASClientError(description: "the Rewrap answer has no result")
        }
        guard let wrapped = result.kasWrappedKey else {
            throw OpenTDFKASClientError(description: "the KAS refused the rewrap (\(result.status)): \(result.error ?? "no error given")")
        }
        guard let key = KASSessionKey.unwrap(wrapped, sessionPublicKey: response.sessionPublicKey, clientKey: clientKey) else {
            throw OpenTDFKASClientError(
                description: "the kasWrappedKey does not open under the session key (HKDF salt SHA-256(\"L1L\"), AES-GCM)")
        }
        return key
    }

    /// A Connect (or REST) POST with the bearer and, when `dpop`, a DPoP proof.
    public func call(_ path: String, _ body: [UInt8], codec: ConnectCodec, dpop: Bool = false) throws(OpenTDFKASClientError)
        -> HTTPProbe.Reply
    {
        var headers = [("Content-Type", codec.contentType), ("Connect-Protocol-Version", "1")]
        if let bearer { headers.append(("Authorization", "Bearer \(bearer)")) }
        if dpop { headers.append(("DPoP", dpopProof("POST", path))) }
        do {
            return try http.send("POST", path, headers: headers, body: body)
        } catch {
            throw OpenTDFKASClientError(description: "POST \(path): \(error)")
        }
    }

    private func json(
        _ probe: HTTPProbe, _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8]? = nil
    ) throws(OpenTDFKASClientError) -> JSONObject {
        let reply: HTTPProbe.Reply
        do {
            reply = try probe.send(method, path, headers: headers, body: body)
        } catch {
            throw OpenTDFKASClientError(description: "\(method) \(path): \(error)")
        }
        guard reply.status == 200 else {
            throw OpenTDFKASClientError(description: "\(method) \(path) was answered \(reply.status): \(reply.text.prefix(200))")
        }
        guard let object = (try? JSONParser.parse(reply.body))?.objectValue else {
            throw OpenTDFKASClientError(description: "\(method) \(path) did not answer a JSON object")
        }
        return object
    }

    /// `http://host:port/path` as a probe of its origin and the path.
    static func split(_ url: String) throws(OpenTDFKASClientError) -> (HTTPProbe, String) {
        guard let parsed = URL(string: url), let scheme = parsed.scheme, let host = parsed.host else {
            throw OpenTDFKASClientError(description: "not a URL: \(url)")
        }
        do {
            let probe = try HTTPProbe(baseURL: "\(scheme)://\(host)" + (parsed.port.map { ":\($0)" } ?? ""))
            return (probe, parsed.path.isEmpty ? "/" : parsed.path)
        } catch {
            throw OpenTDFKASClientError(description: "\(url): \(error.description) (only http:// is supported)")
        }
    }
}

/// Why the OpenTDF KAS gave no answer or no key.
public struct OpenTDFKASClientError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// An error of `description`.
    public init(description: String) { self.description = description }

    /// A refused call: its status and the Connect (or gateway) error message.
    init(_ reply: HTTPProbe.Reply) {
        let error = try? JSONParser.parse(reply.body)
        let message = error?["message"]?.stringValue ?? String(reply.text.prefix(200))
        let code = error?["code"].map { "\($0)" } ?? ""
        description = "the KAS answered \(reply.status)" + (code.isEmpty ? "" : " \(code)") + ": \(message)"
    }
}
