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
    }

    /// The KAS's public key, PEM (SubjectPublicKeyInfo).
    var publicKeyPEM: String {
        let key = try? P256.KeyAgreement.PrivateKey(rawRepresentation: kasKey.scalarBytes)
        return key.map { KASSessionKey.pem($0.publicKey.derRepresentation) } ?? ""
    }

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

    /// `Rewrap`: authentication, the signed request token, then one result per key access object.
    func rewrap(_ message: KASRewrapRequest, _ request: APIRequest) -> Result<KASRewrapResponse, KASCallError> {
        let checks = !faults.contains(.skipTokenChecks)
        if checks {
            let authorization = request.header("Authorization") ?? ""
            let scheme = authorization.prefix { $0 != " " }.lowercased()
            guard scheme == "bearer" || scheme == "dpop" else {
                return .failure(KASCallError(.unauthenticated, "missing authorization header"))
            }
            let bearer = authorization.drop { $0 != " " }.trimmingCharacters(in: .whitespaces)
            guard tokens.isValid(bearer, now: now()) else { return .failure(KASCallError(.unauthenticated, "invalid auth token")) }
        }
        let token: KASRequestToken
        let body: String
        do throws(KASMessageError) {
            token = try KASRequestToken(compact: message.signedRequestToken)
            body = try token.requestBody()
        } catch {
            let missingBody = error.description.hasSuffix("request body")
            return .failure(
                KASCallError(missingBody ? .invalidArgument : .unauthenticated, missingBody ? error.description : "could not parse token"))
        }
        if checks {
            // With a DPoP proof the token must be signed by the proof's key, as the platform does when DPoP binds the key.
            let dpop = request.header("DPoP").flatMap { try? KASRequestToken(compact: $0) }
            if request.header("DPoP") != nil {
                guard let dpop, let jwk = dpop.header["jwk"]?.objectValue, dpop.isSigned(by: jwk),
                    dpop.claims["htm"]?.stringValue == request.method
                else { return .failure(KASCallError(.unauthenticated, "invalid DPoP proof")) }
                guard token.isSigned(by: jwk) else { return .failure(KASCallError(.unauthenticated, "unable to verify request token")) }
            }
            if token.timeFailure(now: now()) != nil {
                return .failure(KASCallError(.unauthenticated, dpop == nil ? "could not parse token" : "unable to verify request token"))
            }
        }
        let unsigned: KASUnsignedRewrapRequest
        do throws(KASMessageError) {
            unsigned = try KASUnsignedRewrapRequest(requestBody: body)
        } catch {
            return .failure(KASCallError(.invalidArgument, "invalid request body"))
        }
        guard unsigned.clientPublicKey.contains("-----BEGIN") else {
            return .failure(KASCallError(.invalidArgument, "clientPublicKey failure"))
        }
        let session: (sessionPublicKey: String, wrap: ([UInt8]) -> [UInt8]?)
        do throws(KASSessionKey.Unusable) {
            session = try KASSessionKey.make(clientPEM: unsigned.clientPublicKey)
        } catch {
            return .failure(KASCallError(.invalidArgument, "clientPublicKey unsupported type"))
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
                            error: "invalid_argument: the mock KAS rewraps NanoTDFs only (algorithm ec:secp256r1)")
                    })
            }
        }
        guard unsigned.isV1 else { return .success(response) }
        // The v1 form is answered with the one key in entityWrappedKey, or the key access object's error as the call's.
        guard let result = response.responses.first?.results.first else {
            return .failure(KASCallError(.invalidArgument, "invalid request"))
        }
        guard let wrapped = result.kasWrappedKey else {
            let forbidden = result.error?.hasPrefix("permission_denied") ?? false
            return .failure(KASCallError(forbidden ? .permissionDenied : .invalidArgument, result.error ?? "invalid request"))
        }
        response.entityWrappedKey = wrapped
        return .success(response)
    }

    /// One NanoTDF policy request: its single key access object's header opened with the KAS key.
    private func nano(_ request: KASUnsignedRewrapRequest.PolicyRequest, wrap: ([UInt8]) -> [UInt8]?) -> KASRewrapResponse.PolicyResult {
        func fail(_ id: String, _ error: String) -> KASRewrapResponse.Result { .init(keyAccessObjectId: id, status: "fail", error: error) }
        guard request.keyAccessObjects.count == 1, let kao = request.keyAccessObjects.first else {
            return .init(
                policyId: request.policyId,
                results: request.keyAccessObjects.map { fail($0.id, "invalid_argument: NanoTDFs should not have multiple KAOs per Policy") }
            )
        }
        // An ECDSA binding may be in the spec's fixed-width form or Go's length-prefixed one, and a header in one form can
        // parse in the other; the form whose binding verifies is the one it was written in.
        let forms = [Container.ECDSABindingForm.fixedWidth, .goLengthPrefixed]
        let headers = forms.compactMap { try? Container.parseHeader(kao.header, ecdsaBindingForm: $0).header }
        guard let first = headers.first else {
            let reason: String
            do throws(NanoTDFError) {
                _ = try Container.parseHeader(kao.header)
                reason = "no form parses"
            } catch {
                reason = error.description
            }
            return .init(policyId: request.policyId, results: [fail(kao.id, "failed to parse NanoTDF header: \(reason)")])
        }
        let kid = String(decoding: first.kas.identifier, as: UTF8.self)
        guard kid.isEmpty || kid == Self.kid else {
            return .init(
                policyId: request.policyId,
                results: [fail(kao.id, "failed to generate symmetric key: no key with kid \(kid) (the mock's EC key is \(Self.kid))")])
        }
        let releases = headers.map { release.release($0) }
        let result: KASRewrapResponse.Result
        switch releases.first(where: { if case .success = $0 { true } else { false } }) ?? releases[0] {
        case .failure(.wrongCurve(let curve)): result = fail(kao.id, "failed to generate symmetric key: the KAS key is P-256, not \(curve)")
        case .failure(.badEphemeralKey): result = fail(kao.id, "failed to generate symmetric key: the ephemeral key is not on P-256")
        case .failure(.bindingMismatch): result = fail(kao.id, "policy binding verification failed")
        case .failure(.policyDenied): result = fail(kao.id, "permission_denied: forbidden")
        case .success(let keys):
            if faults.contains(.denyAll) {
                result = fail(kao.id, "permission_denied: forbidden")
            } else if let wrapped = wrap(keys.payloadKey) {
                result = .init(keyAccessObjectId: kao.id, status: "permit", kasWrappedKey: wrapped)
            } else {
                result = fail(kao.id, "permission_denied: forbidden")
            }
        }
        return .init(policyId: request.policyId, results: [result])
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

        /// The HTTP status of the code (Connect protocol, "Error Codes").
        var httpStatus: Int {
            switch self {
            case .invalidArgument: 400
            case .unauthenticated: 401
            case .permissionDenied: 403
            case .notFound: 404
            case .resourceExhausted: 429
            case .unimplemented: 501
            case .internalError: 500
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
