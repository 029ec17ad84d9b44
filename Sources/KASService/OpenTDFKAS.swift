import Crypto
import Foundation
import HTTPExchange
import NanoTDF
import WireCore

/// The OpenTDF half of the mock KAS: what an OpenTDF SDK calls to read a NanoTDF, as the platform answered before it
/// dropped NanoTDF (opentdf/platform 90ff7ce50^, `service/kas/access`), plus the discovery and token endpoints an SDK
/// needs to get there without a real identity provider.
///
/// - `GET /.well-known/opentdf-configuration`: `platform_issuer` and `idp.token_endpoint`.
/// - `GET /auth/.well-known/openid-configuration` and `POST /auth/token`: client credentials (`opentdf` / `secret`) for
///   an opaque bearer token.
/// - `kas.AccessService/PublicKey` and `/Rewrap` over Connect (POST, `application/proto` or `application/json`), and
///   their REST forms `GET /kas/v2/kas_public_key` and `POST /kas/v2/rewrap` (spec section 9.5).
///
/// A rewrap needs a bearer token from `/auth/token` and a signed request token whose `requestBody` asks for
/// `ec:secp256r1` with the NanoTDF header in its key access object; the key released is wrapped for the client key (EC or
/// RSA, `KASSessionKey`). What the platform refuses as a whole call is a Connect error (or gRPC-gateway JSON over REST);
/// what it refuses per key access object is a `fail` result with the platform's error text.
struct OpenTDFKAS: Sendable {
    /// The kid of the KAS's EC key (the platform's development configuration calls its EC key `e1`).
    static let kid = "e1"
    /// The algorithm of a NanoTDF rewrap and of the EC public key.
    static let nanoAlgorithm = "ec:secp256r1"
    /// The fixed test credentials of the token endpoint (the platform's development client).
    static let clientID = "opentdf"
    static let clientSecret = "secret"

    let kasKey: PrivateKey
    let faults: Set<KASFault>
    /// The binding and policy checks; `deny-all` is applied after them, as the platform's access decision is.
    let release: NanoTDFKeyRelease
    let tokens: KASAccessTokens
    let now: @Sendable () -> Date

    init(kasKey: PrivateKey, faults: Set<KASFault>, deniedPolicyText: String?, now: @escaping @Sendable () -> Date = Date.init) {
        self.kasKey = kasKey
        self.faults = faults
        self.release = NanoTDFKeyRelease(
            kasKey: kasKey, faults: faults.subtracting([.denyAll]), deniedPolicyText: deniedPolicyText.map { Array($0.utf8) })
        self.tokens = KASAccessTokens(lifetime: faults.contains(.expiredAccessToken) ? 0 : 300)
        self.now = now
        let key = try? P256.KeyAgreement.PrivateKey(rawRepresentation: kasKey.scalarBytes)
        self.publicKeyPEM = key.map { KASSessionKey.pem($0.publicKey.derRepresentation) } ?? ""
    }

    /// The KAS's public key, PEM (SubjectPublicKeyInfo), made once: every `PublicKey` call answers it.
    let publicKeyPEM: String

    /// The answer to `request` when its path is one of these endpoints; nil otherwise. The URLs the discovery documents
    /// name are on the host the client asked for (`Host`), else on `authority`, the address the server is bound to.
    func handle(_ request: APIRequest, authority: String) -> APIResponse? {
        let base = "http://" + (request.header("Host") ?? authority)
        switch request.path {
        case "/.well-known/opentdf-configuration":
            guard request.method == "GET" else { return Self.methodNotAllowed }
            let idp: JSONValue = .object(
                JSONObject([("issuer", .string(base + "/auth")), ("token_endpoint", .string(base + "/auth/token"))]))
            return Self.json(
                200,
                .object(
                    JSONObject([
                        (
                            "configuration",
                            .object(
                                JSONObject([
                                    ("health", .object(JSONObject([("endpoint", "/healthz")]))), ("idp", idp),
                                    ("platform_issuer", .string(base + "/auth")),
                                ]))
                        )
                    ])))
        case "/auth/.well-known/openid-configuration":
            guard request.method == "GET" else { return Self.methodNotAllowed }
            return Self.json(
                200,
                .object(
                    JSONObject([
                        ("issuer", .string(base + "/auth")), ("token_endpoint", .string(base + "/auth/token")),
                        ("grant_types_supported", ["client_credentials"]),
                        ("token_endpoint_auth_methods_supported", ["client_secret_post", "client_secret_basic"]),
                    ])))
        case "/auth/token":
            guard request.method == "POST" else { return Self.methodNotAllowed }
            return token(request)
        case "/kas.AccessService/PublicKey", "/kas.AccessService/Rewrap", "/kas.AccessService/LegacyPublicKey":
            return connect(request)
        case "/kas/v2/kas_public_key":
            guard request.method == "GET" else { return Self.methodNotAllowed }
            var message = KASPublicKeyRequest(algorithm: request.queryValue("algorithm") ?? "")
            message.fmt = request.queryValue("fmt") ?? ""
            message.v = request.queryValue("v") ?? ""
            return rest(publicKey(message).map { $0.encoded(.json) })
        case "/kas/v2/rewrap":
            guard request.method == "POST" else { return Self.methodNotAllowed }
            do throws(KASMessageError) {
                let message = try KASRewrapRequest(decoding: Self.body(of: request), codec: .json)
                return rest(rewrap(message, request).map { $0.encoded(.json) })
            } catch {
                return rest(.failure(KASCallError(.invalidArgument, "invalid request body: \(error)")))
            }
        default:
            return nil
        }
    }

    // MARK: Token endpoint

    /// Client credentials from the form body or HTTP Basic; an RFC 6749 error otherwise.
    private func token(_ request: APIRequest) -> APIResponse {
        let form = URLQueryEncoding.decode(String(decoding: request.body, as: UTF8.self))
        func value(_ name: String) -> String? { form.last { $0.name == name }?.value ?? nil }
        guard value("grant_type") == "client_credentials" else {
            return Self.json(400, ["error": "unsupported_grant_type", "error_description": "only client_credentials is served"])
        }
        var id = value("client_id")
        var secret = value("client_secret")
        if let basic = request.header("Authorization"), basic.lowercased().hasPrefix("basic "),
            let decoded = Data(base64Encoded: String(basic.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":")
        {
            id = String(pair[..<colon]).removingPercentEncoding
            secret = String(pair[pair.index(after: colon)...]).removingPercentEncoding
        }
        guard id == Self.clientID, secret == Self.clientSecret else {
            return Self.json(401, ["error": "invalid_client", "error_description": "the mock's client is opentdf / secret"])
        }
        let issued = tokens.issue(now: now())
        return Self.json(
            200,
            .object(
                JSONObject([("access_token", .string(issued)), ("token_type", "Bearer"), ("expires_in", .int(Int64(tokens.lifetime)))])))
    }

    // MARK: Connect and REST

    private func connect(_ request: APIRequest) -> APIResponse {
        guard request.method == "POST" else { return Self.connectError(KASCallError(.unimplemented, "only POST unary calls are served")) }
        guard let codec = ConnectCodec(contentType: request.header("Content-Type") ?? "") else {
            return APIResponse(
                status: 415, headers: [("Accept-Post", "application/json, application/proto")],
                body: Array("unsupported content type\n".utf8))
        }
        let outcome: Result<[UInt8], KASCallError>
        do throws(KASMessageError) {
            let body = try Self.body(of: request)
            switch request.path {
            case "/kas.AccessService/PublicKey":
                outcome = publicKey(try KASPublicKeyRequest(decoding: body, codec: codec)).map { $0.encoded(codec) }
            case "/kas.AccessService/Rewrap":
                outcome = rewrap(try KASRewrapRequest(decoding: body, codec: codec), request).map { $0.encoded(codec) }
            default:
                outcome = .failure(KASCallError(.unimplemented, "LegacyPublicKey is not served; use PublicKey"))
            }
        } catch {
            outcome = .failure(
                KASCallError(error.description.hasPrefix("gzip") ? .resourceExhausted : .invalidArgument, "unmarshal message: \(error)"))
        }
        switch outcome {
        case .success(let body): return APIResponse(status: 200, headers: [("Content-Type", codec.contentType)], body: body)
        case .failure(let error): return Self.connectError(error)
        }
    }

    /// The body as sent, or inflated when `Content-Encoding: gzip` (identity otherwise; another encoding is refused).
    static func body(of request: APIRequest) throws(KASMessageError) -> [UInt8] {
        switch request.header("Content-Encoding")?.lowercased() ?? "identity" {
        case "identity", "": return request.body
        case "gzip":
            switch GzipBody.inflate(request.body, limit: maximumBody) {
            case .success(let body): return body
            case .failure(.tooLarge(let limit)): throw KASMessageError(description: "gzip: the body inflates past \(limit) bytes")
            case .failure(.malformed(let reason)): throw KASMessageError(description: "the gzip body does not inflate: \(reason)")
            }
        case let other: throw KASMessageError(description: "the content encoding \(other) is not supported (gzip or identity)")
        }
    }

    /// The largest request body, sent or inflated: 1 MiB, the mock's HTTP limit.
    static let maximumBody = 1 << 20

    private func rest(_ outcome: Result<[UInt8], KASCallError>) -> APIResponse {
        switch outcome {
        case .success(let body): return APIResponse(status: 200, headers: [("Content-Type", "application/json")], body: body)
        case .failure(let error):
            return Self.json(
                error.code.httpStatus,
                .object(JSONObject([("code", .int(Int64(error.code.grpcCode))), ("message", .string(error.message)), ("details", [])])))
        }
    }

    // MARK: The two calls

    /// `PublicKey`: the EC key for `ec:secp256r1`; the mock has no RSA key (the platform's default algorithm is
    /// `rsa:2048`, which is then `not_found`).
    func publicKey(_ message: KASPublicKeyRequest) -> Result<KASPublicKeyResponse, KASCallError> {
        let algorithm = message.algorithm.isEmpty ? "rsa:2048" : message.algorithm
        guard algorithm == Self.nanoAlgorithm else {
            return .failure(KASCallError(.notFound, "no key for algorithm \(algorithm): the mock KAS holds one EC key (ec:secp256r1)"))
        }
        return .success(KASPublicKeyResponse(publicKey: publicKeyPEM, kid: message.v == "1" ? "" : Self.kid))
    }

    /// `Rewrap`: authentication, the signed request token, then one result per key access object. The refusals carry the
    /// platform's messages (`platformText`); the authentication interceptor's is `unauthenticated`.
    func rewrap(_ message: KASRewrapRequest, _ request: APIRequest) -> Result<KASRewrapResponse, KASCallError> {
        func refuse(_ code: KASCallError.Code, _ description: String) -> Result<KASRewrapResponse, KASCallError> {
            .failure(KASCallError(code, Self.platformText(code, description)))
        }
        let checks = !faults.contains(.skipTokenChecks)
        if checks {
            // The platform's interceptor takes `Bearer` or `DPoP`, as written.
            let authorization = request.header("Authorization") ?? ""
            let scheme = authorization.prefix { $0 != " " }
            let bearer = authorization.drop { $0 != " " }.trimmingCharacters(in: .whitespaces)
            guard scheme == "Bearer" || scheme == "DPoP", tokens.isValid(bearer, now: now()) else {
                return .failure(KASCallError(.unauthenticated, "unauthenticated"))
            }
        }
        let token: KASRequestToken
        let body: String
        do throws(KASMessageError) {
            token = try KASRequestToken(compact: message.signedRequestToken)
            body = try token.requestBody()
        } catch {
            return error.description.hasSuffix("request body")
                ? refuse(.invalidArgument, error.description) : refuse(.unauthenticated, "could not parse token")
        }
        if checks {
            // A request with a DPoP proof is taken as bound to the proof's key: the token must be signed with it (RS256).
            let dpop = request.header("DPoP").flatMap { try? KASRequestToken(compact: $0) }
            if request.header("DPoP") != nil {
                guard let dpop, let jwk = dpop.header["jwk"]?.objectValue, dpop.isSigned(by: jwk),
                    dpop.claims["htm"]?.stringValue == request.method
                else { return .failure(KASCallError(.unauthenticated, "unauthenticated")) }
                guard token.isSigned(by: jwk) else { return refuse(.unauthenticated, "unable to verify request token") }
            }
            if token.timeFailure(now: now()) != nil {
                return refuse(.unauthenticated, dpop == nil ? "could not parse token" : "unable to verify request token")
            }
        }
        let unsigned: KASUnsignedRewrapRequest
        do throws(KASMessageError) {
            unsigned = try KASUnsignedRewrapRequest(requestBody: body)
        } catch {
            return refuse(.invalidArgument, "invalid request body")
        }
        guard unsigned.clientPublicKey.contains("-----BEGIN") else { return refuse(.invalidArgument, "clientPublicKey failure") }
        let session: (sessionPublicKey: String, wrap: ([UInt8]) -> [UInt8]?)
        do throws(KASSessionKey.Unusable) {
            session = try KASSessionKey.make(clientPEM: unsigned.clientPublicKey)
        } catch {
            return refuse(.invalidArgument, "clientPublicKey unsupported type")
        }
        var response = KASRewrapResponse()
        // The platform rewraps NanoTDF requests only when none of the call's requests is for another algorithm.
        let standard = unsigned.requests.filter { $0.algorithm != Self.nanoAlgorithm }
        if standard.isEmpty {
            response.sessionPublicKey = session.sessionPublicKey
            response.responses = unsigned.requests.map { nano($0, wrap: session.wrap) }
        } else {
            response.responses = standard.map { request in
                KASRewrapResponse.PolicyResult(
                    policyId: request.policyId,
                    results: request.keyAccessObjects.map {
                        .init(
                            keyAccessObjectId: $0.id, status: "fail",
                            error: Self.platformText(
                                .invalidArgument, "the mock KAS rewraps NanoTDFs only (algorithm ec:secp256r1)", prefixed: true))
                    })
            }
        }
        guard unsigned.isV1 else { return .success(response) }
        // The v1 form is answered with the one key in entityWrappedKey, or with the key access object's error as the call's:
        // a Connect error keeps its code, a plain one (a binding or parse failure) is `unknown`, as connect-go sends it.
        guard let result = response.responses.first?.results.first else { return refuse(.invalidArgument, "invalid request") }
        guard let wrapped = result.kasWrappedKey else {
            let error = result.error ?? ""
            for code in [KASCallError.Code.permissionDenied, .invalidArgument] where error.hasPrefix(code.rawValue + ": ") {
                return .failure(KASCallError(code, String(error.dropFirst(code.rawValue.count + 2))))
            }
            return .failure(KASCallError(.unknown, error))
        }
        response.entityWrappedKey = wrapped
        return .success(response)
    }

    /// One NanoTDF policy request: its single key access object's header read as the platform's Go SDK reads it (an
    /// ECDSA binding only in Go's length-prefixed form), the key derived, the policy read as JSON, the binding verified
    /// in the forms the platform verifies (SHA-256 tail, Go ECDSA), then the access decision.
    private func nano(_ request: KASUnsignedRewrapRequest.PolicyRequest, wrap: ([UInt8]) -> [UInt8]?) -> KASRewrapResponse.PolicyResult {
        func fail(_ id: String, _ error: String) -> KASRewrapResponse.Result { .init(keyAccessObjectId: id, status: "fail", error: error) }
        guard request.keyAccessObjects.count == 1, let kao = request.keyAccessObjects.first else {
            return .init(
                policyId: request.policyId,
                results: request.keyAccessObjects.map {
                    fail($0.id, Self.platformText(.invalidArgument, "NanoTDFs should not have multiple KAOs per Policy", prefixed: true))
                })
        }
        return .init(policyId: request.policyId, results: [nano(kao, wrap: wrap, fail: { fail(kao.id, $0) })])
    }

    private func nano(
        _ kao: KASUnsignedRewrapRequest.KeyAccessObject, wrap: ([UInt8]) -> [UInt8]?, fail: (String) -> KASRewrapResponse.Result
    ) -> KASRewrapResponse.Result {
        let header: Header
        do throws(NanoTDFError) {
            header = try Container.parseHeader(kao.header, ecdsaBindingForm: .goLengthPrefixed).header
        } catch {
            return fail("failed to parse NanoTDF header: \(error)")
        }
        guard header.policy.kind == .embeddedPlaintext || header.policy.kind == .embeddedEncrypted else {
            return fail("failed to parse NanoTDF header: unsupported policy mode: \(header.policy.kind.rawValue)")
        }
        let kid = String(decoding: header.kas.identifier, as: UTF8.self)
        guard kid.isEmpty || kid == Self.kid else {
            return fail("failed to generate symmetric key: no key with kid \(kid) (the mock's EC key is \(Self.kid))")
        }
        switch release.release(header) {
        case .failure(.wrongCurve(let curve)): return fail("failed to generate symmetric key: the KAS key is P-256, not \(curve)")
        case .failure(.badEphemeralKey): return fail("failed to generate symmetric key: the ephemeral key is not on P-256")
        case .failure(.bindingMismatch): return fail("policy binding verification failed")
        case .failure(.policyDenied): return fail(Self.platformText(.permissionDenied, "forbidden", prefixed: true))
        case .success(let keys):
            let container = Container(header: header, payload: Payload(iv: [], ciphertext: [], tag: []))
            // The platform decrypts an encrypted policy under a zero IV, and reads either kind as a JSON object.
            let policy =
                header.policy.kind == .embeddedPlaintext
                ? header.policy.content : container.openPolicy(key: kasKey, payloadKey: keys.payloadKey, convention: .zeroPrefix)
            guard let policy else { return fail("Error extracting policy: error decrypting policy body: message authentication failed") }
            guard let value = try? JSONParser.parse(policy), value.objectValue != nil || value.isNull else {
                let kind = header.policy.kind == .embeddedPlaintext ? "plaintext" : "encrypted"
                return fail("Error extracting policy: error unmarshalling \(kind) policy")
            }
            // The platform's "GMAC" check is the SHA-256 tail; an AES-GCM tag (the KIT's form) or a fixed-width ECDSA binding
            // does not verify there.
            guard faults.contains(.ignoreBinding) || keys.binding == .sha256Tail || keys.binding == .ecdsaGo else {
                return fail("policy binding verification failed")
            }
            if faults.contains(.denyAll) { return fail(Self.platformText(.permissionDenied, "forbidden", prefixed: true)) }
            guard let wrapped = wrap(keys.payloadKey) else {
                return fail(Self.platformText(.permissionDenied, "forbidden", prefixed: true))
            }
            return .init(keyAccessObjectId: kao.id, status: "permit", kasWrappedKey: wrapped)
        }
    }

    /// The text of the platform's `err400`/`err401`/`err403`: "request error", then the gRPC status; as a per-KAO error the
    /// Connect code comes first (`permission_denied: request error\nrpc error: code = PermissionDenied desc = forbidden`).
    static func platformText(_ code: KASCallError.Code, _ description: String, prefixed: Bool = false) -> String {
        (prefixed ? "\(code.rawValue): " : "") + "request error\nrpc error: code = \(code.grpcName) desc = \(description)"
    }

    // MARK: Answers

    static let methodNotAllowed = APIResponse(
        status: 405, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("Method Not Allowed\n".utf8))

    static func json(_ status: Int, _ value: JSONValue) -> APIResponse {
        APIResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(JSONWriter.compact(value).utf8))
    }

    /// A Connect unary error: the code's HTTP status and `{"code","message"}`.
    static func connectError(_ error: KASCallError) -> APIResponse {
        json(error.code.httpStatus, .object(JSONObject([("code", .string(error.code.rawValue)), ("message", .string(error.message))])))
    }
}

/// A KAS call refused as a whole: a Connect error code and its message.
struct KASCallError: Error, Equatable {
    /// The Connect codes the KAS answers with.
    enum Code: String {
        case invalidArgument = "invalid_argument"
        case unauthenticated
        case permissionDenied = "permission_denied"
        case notFound = "not_found"
        case unimplemented
        case resourceExhausted = "resource_exhausted"
        case internalError = "internal"
        case unknown

        /// The HTTP status of the code (Connect protocol, "Error Codes").
        var httpStatus: Int {
            switch self {
            case .invalidArgument: 400
            case .unauthenticated: 401
            case .permissionDenied: 403
            case .notFound: 404
            case .resourceExhausted: 429
            case .unimplemented: 501
            case .internalError, .unknown: 500
            }
        }

        /// The gRPC status number, what the REST gateway puts in `code`.
        var grpcCode: Int {
            switch self {
            case .invalidArgument: 3
            case .notFound: 5
            case .permissionDenied: 7
            case .resourceExhausted: 8
            case .unimplemented: 12
            case .internalError: 13
            case .unauthenticated: 16
            case .unknown: 2
            }
        }

        /// The gRPC status name, as Go's `status.Error` writes it in a message.
        var grpcName: String {
            switch self {
            case .invalidArgument: "InvalidArgument"
            case .unauthenticated: "Unauthenticated"
            case .permissionDenied: "PermissionDenied"
            case .notFound: "NotFound"
            case .unimplemented: "Unimplemented"
            case .resourceExhausted: "ResourceExhausted"
            case .internalError: "Internal"
            case .unknown: "Unknown"
            }
        }
    }

    var code: Code
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
