import ConformanceKit
import CrossCheck
import Crypto
import Foundation
import HTTPExchange
import KASService
import Logging
import MockServers
import NanoTDF
import WireCore
import XCTest
import _CryptoExtras

/// The OpenTDF half of the mock KAS (issue 40): discovery, client credentials, `PublicKey` and `Rewrap` over Connect
/// (proto and JSON) and REST, the key wrapped for an EC client key (opened here with OpenSSL's HKDF and AES-GCM) or an
/// RSA one (RSA-OAEP SHA-1), and each refusal with the platform's code and text. Most calls go to `handle` directly;
/// one test runs a real server, so the Host header, gzip-free framing and the CLI client are covered end to end.
final class OpenTDFKASMockTests: XCTestCase {
    let kasKey = PrivateKey.generate(.secp256r1)
    /// Request-token and DPoP keys (RS256, the one algorithm the platform verifies); made once, RSA keys are slow to make.
    static let signer = KASRequestToken.makeSigningKey()
    static let otherSigner = KASRequestToken.makeSigningKey()

    func service(_ faults: Set<KASFault> = []) -> KASService {
        var config = KASServiceConfig()
        config.port = 0
        config.faults = faults
        config.deniedPolicyText = "forbidden-attribute"
        return KASService(config: config, kasKey: kasKey)
    }

    /// A NanoTDF for the mock's key, kid `e1` unless given.
    func container(binding: BindingVariant = .sha256Tail, policy: String = #"{"body":{}}"#, kid: String = "e1") throws -> Container {
        try Container.encrypt(
            EncryptionParameters(
                version: .l1l, kas: ResourceLocator(protocolCode: 0, body: Array("127.0.0.1/kas".utf8), identifier: Array(kid.utf8)),
                kasPublicKey: kasKey.publicKey, policy: .embeddedPlaintext(Array(policy.utf8)), bindingVariant: binding,
                ephemeralKey: .generate(.secp256r1), iv: [0, 0, 1], plaintext: Array("opentdf \(binding)".utf8)))
    }

    func call(_ kas: KASService, _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = [], query: String = "")
        -> APIResponse
    {
        kas.handle(
            APIRequest(
                method: method, path: path, query: query, headers: [(name: "Host", value: "kas.test:80")] + headers.map { ($0.0, $0.1) },
                body: body))
    }

    func bearer(_ kas: KASService) throws -> String {
        let reply = call(
            kas, "POST", "/auth/token", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Array("grant_type=client_credentials&client_id=opentdf&client_secret=secret".utf8))
        XCTAssertEqual(reply.status, 200, reply.bodyText)
        return try XCTUnwrap(JSONParser.parse(reply.body)["access_token"]?.stringValue)
    }

    /// A Connect rewrap of `requests`' body signed by `signer`, with a DPoP proof of `dpopKey` when given.
    func rewrap(
        _ kas: KASService, _ request: KASUnsignedRewrapRequest, bearer: String?, signer: _RSA.Signing.PrivateKey = signer,
        dpopKey: _RSA.Signing.PrivateKey? = nil, issuedAt: Date = Date(), codec: ConnectCodec = .json
    ) -> APIResponse {
        let iat = Int64(issuedAt.timeIntervalSince1970)
        let token = KASRequestToken.sign(
            [("requestBody", .string(request.requestBody)), ("iat", .int(iat)), ("exp", .int(iat + 120))], with: signer)
        var headers = [("Content-Type", codec.contentType)]
        if let bearer { headers.append(("Authorization", "Bearer \(bearer)")) }
        if let dpopKey {
            headers.append(
                (
                    "DPoP",
                    KASRequestToken.sign(
                        [("htm", "POST"), ("htu", "http://kas.test/kas.AccessService/Rewrap")], with: dpopKey,
                        extraHeader: [("typ", "dpop+jwt"), ("jwk", KASRequestToken.jwk(of: dpopKey.publicKey))])
                ))
        }
        return call(
            kas, "POST", "/kas.AccessService/Rewrap", headers: headers, body: KASRewrapRequest(signedRequestToken: token).encoded(codec))
    }

    func result(_ reply: APIResponse, codec: ConnectCodec = .json) throws -> (KASRewrapResponse, KASRewrapResponse.Result) {
        XCTAssertEqual(reply.status, 200, reply.bodyText)
        let response = try KASRewrapResponse(decoding: reply.body, codec: codec)
        return (response, try XCTUnwrap(response.responses.first?.results.first))
    }

    func testAnECClientKeyGetsTheKeyUnderHKDFOfTheSessionKeyInEachBindingAndCodec() throws {
        let kas = service()
        let token = try bearer(kas)
        // The binding forms the platform verifies; the KIT's GMAC tag and the fixed-width ECDSA form it refuses.
        for binding in [BindingVariant.gmacTag, .ecdsaFixed] {
            let made = try container(binding: binding)
            let request = OpenTDFKASClient.nanoRequest(header: made.header.bytes, kasURL: "http://127.0.0.1/kas", clientKey: .init())
            let result = try self.result(rewrap(kas, request, bearer: token)).1
            XCTAssertEqual(result.status, "fail", "\(binding)")
            XCTAssertNil(result.kasWrappedKey, "\(binding)")
        }
        for (binding, codec) in [
            (BindingVariant.sha256Tail, ConnectCodec.json), (.sha256Tail, .proto), (.ecdsaGo, .json), (.ecdsaGo, .proto),
        ] {
            let made = try container(binding: binding)
            let clientKey = P256.KeyAgreement.PrivateKey()
            let request = OpenTDFKASClient.nanoRequest(header: made.header.bytes, kasURL: "http://127.0.0.1/kas", clientKey: clientKey)
            let (response, result) = try self.result(
                rewrap(kas, request, bearer: token, dpopKey: Self.signer, codec: codec), codec: codec)
            XCTAssertEqual(result.status, "permit", "\(binding): \(result.error ?? "")")
            XCTAssertEqual(result.keyAccessObjectId, "kao-0")
            let dek = try XCTUnwrap(open(XCTUnwrap(result.kasWrappedKey), session: response.sessionPublicKey, clientKey: clientKey))
            XCTAssertEqual(made.openPayload(payloadKey: dek)?.0, Array("opentdf \(binding)".utf8), "\(binding)")
        }
    }

    /// An EC-wrapped key opened apart from the mock's code: OpenSSL's HKDF (salt SHA-256("L1L"), no info) and AES-GCM
    /// over nonce ‖ ciphertext ‖ tag.
    func open(_ wrapped: [UInt8], session: String, clientKey: P256.KeyAgreement.PrivateKey) throws -> [UInt8]? {
        guard wrapped.count >= 28 else { return nil }
        let secret = try clientKey.sharedSecretFromKeyAgreement(with: P256.KeyAgreement.PublicKey(pemRepresentation: session))
            .withUnsafeBytes { Array($0) }
        guard let key = OpenSSL.hkdfSHA256(ikm: secret, salt: OpenSSL.sha256(Array("L1L".utf8)), info: [], length: 32) else { return nil }
        return OpenSSL.aes256GCMOpen(
            key: key, nonce: Array(wrapped[..<12]), ciphertext: Array(wrapped[12..<(wrapped.count - 16)]), tag: Array(wrapped.suffix(16)))
    }

    func testAnRSAClientKeyGetsTheKeyUnderOAEPSHA1AsOtdfPythonExpects() throws {
        let kas = service()
        let made = try container()
        let clientKey = try _RSA.Encryption.PrivateKey(keySize: .bits2048)
        var request = OpenTDFKASClient.nanoRequest(header: made.header.bytes, kasURL: "http://127.0.0.1/kas", clientKey: .init())
        request.clientPublicKey = clientKey.publicKey.pemRepresentation
        let (response, result) = try self.result(rewrap(kas, request, bearer: try bearer(kas)))
        let dek = try clientKey.decrypt(XCTUnwrap(result.kasWrappedKey), padding: .PKCS1_OAEP)
        XCTAssertEqual(made.openPayload(payloadKey: Array(dek))?.0, Array("opentdf sha256Tail".utf8))
        // The platform names the client's own key as the session key on this path.
        XCTAssertEqual(
            try _RSA.Encryption.PublicKey(pemRepresentation: response.sessionPublicKey).derRepresentation,
            clientKey.publicKey.derRepresentation)
    }

    func testDiscoveryPublicKeyAndDecryptThroughARealServer() throws {
        var log = Logger(label: "test")
        log.logLevel = .critical
        let server = try BackgroundServer(MockHTTPServer(service: service(), logger: log))
        defer { server.stop() }
        var client = try OpenTDFKASClient(baseURL: "http://127.0.0.1:\(server.port)")
        XCTAssertEqual(try client.tokenEndpoint(), "http://127.0.0.1:\(server.port)/auth/token", "the Host the client sent")
        try client.authenticate(clientID: "opentdf", clientSecret: "secret")
        let json = try client.publicKey(codec: .json)
        XCTAssertEqual(json, try client.publicKey(codec: .proto))
        XCTAssertEqual(json.kid, "e1")
        XCTAssertEqual(
            Array(try P256.KeyAgreement.PublicKey(pemRepresentation: json.publicKey).compressedRepresentation), kasKey.publicKey)
        let made = try container(binding: .ecdsaGo)
        XCTAssertEqual(made.openPayload(payloadKey: try client.payloadKey(for: made))?.0, Array("opentdf ecdsaGo".utf8))
        XCTAssertThrowsError(try client.publicKey(algorithm: "rsa:2048")) { error in
            XCTAssertTrue("\(error)".contains("404"), "\(error)")
        }
    }

    func testEachRefusalHasThePlatformsCodeOrResultText() throws {
        let kas = service()
        let token = try bearer(kas)
        let made = try container()
        let clientKey = P256.KeyAgreement.PrivateKey()
        let good = OpenTDFKASClient.nanoRequest(header: made.header.bytes, kasURL: "http://127.0.0.1/kas", clientKey: clientKey)
        func code(_ reply: APIResponse) -> String? { (try? JSONParser.parse(reply.body))?["code"]?.stringValue }

        XCTAssertEqual(code(rewrap(kas, good, bearer: nil)), "unauthenticated")
        XCTAssertEqual(code(rewrap(kas, good, bearer: "not-issued")), "unauthenticated")
        XCTAssertEqual(code(rewrap(kas, good, bearer: token, issuedAt: Date().addingTimeInterval(-3 * 3600))), "unauthenticated", "expired")
        let wronglySigned = rewrap(kas, good, bearer: token, signer: Self.otherSigner, dpopKey: Self.signer)
        XCTAssertEqual(wronglySigned.status, 401)
        XCTAssertEqual(
            (try? JSONParser.parse(wronglySigned.body))?["message"]?.stringValue,
            "request error\nrpc error: code = Unauthenticated desc = unable to verify request token")
        XCTAssertEqual(rewrap(kas, good, bearer: token, dpopKey: Self.signer).status, 200, "signed by the proof's key")

        var tampered = made.header
        tampered.policy.content = Array(#"{"body":{"x":1}}"#.utf8)
        let failures: [(String, KASUnsignedRewrapRequest, String)] = [
            (
                "binding", .init(clientPublicKey: good.clientPublicKey, requests: [nano(tampered.bytes)]),
                "policy binding verification failed"
            ),
            (
                "garbage", .init(clientPublicKey: good.clientPublicKey, requests: [nano([0x4C, 0x31, 0x4C, 0xFF])]),
                "failed to parse NanoTDF header"
            ),
            (
                "kid", .init(clientPublicKey: good.clientPublicKey, requests: [nano(try container(kid: "r1").header.bytes)]),
                "no key with kid r1"
            ),
            (
                "policy",
                .init(
                    clientPublicKey: good.clientPublicKey,
                    requests: [
                        nano(try container(policy: #"{"body":{"dataAttributes":[{"attribute":"forbidden-attribute"}]}}"#).header.bytes)
                    ]),
                "permission_denied: request error\nrpc error: code = PermissionDenied desc = forbidden"
            ),
            (
                "two",
                .init(
                    clientPublicKey: good.clientPublicKey,
                    requests: [
                        .init(
                            policyId: "p", algorithm: "ec:secp256r1",
                            keyAccessObjects: good.requests[0].keyAccessObjects
                                + good.requests[0].keyAccessObjects.map {
                                    var k = $0
                                    k.id = "kao-1"
                                    return k
                                })
                    ]),
                "multiple KAOs"
            ),
        ]
        for (name, request, text) in failures {
            let (response, result) = try self.result(rewrap(kas, request, bearer: token))
            XCTAssertEqual(result.status, "fail", name)
            XCTAssertNil(result.kasWrappedKey, name)
            XCTAssertTrue(result.error?.contains(text) ?? false, "\(name): \(result.error ?? "nil")")
            if name == "two" { XCTAssertEqual(response.responses[0].results.count, 2) }
        }
        var badKey = good
        badKey.clientPublicKey = "not a key"
        XCTAssertEqual(code(rewrap(kas, badKey, bearer: token)), "invalid_argument")
        XCTAssertEqual(
            call(kas, "POST", "/kas.AccessService/Rewrap", headers: [("Content-Type", "text/plain")], body: [1]).status, 415)
        XCTAssertEqual(
            code(
                call(kas, "POST", "/kas.AccessService/Rewrap", headers: [("Content-Type", "application/proto")], body: [0x0A, 0x05, 0x41])),
            "invalid_argument", "a truncated protobuf field")
        // REST: the gateway's error shape, with the gRPC number.
        let rest = call(
            kas, "POST", "/kas/v2/rewrap", headers: [("Authorization", "Bearer \(token)")],
            body: Array(#"{"signedRequestToken":"x.y.z"}"#.utf8))
        XCTAssertEqual(rest.status, 401)
        XCTAssertEqual(try JSONParser.parse(rest.body)["code"]?.intValue, 16)
        XCTAssertEqual(call(kas, "GET", "/kas/v2/kas_public_key", query: "algorithm=rsa:2048").status, 404)
        XCTAssertEqual(
            call(kas, "POST", "/auth/token", body: Array("grant_type=client_credentials&client_id=opentdf&client_secret=no".utf8)).status,
            401)
    }

    func nano(_ header: [UInt8]) -> KASUnsignedRewrapRequest.PolicyRequest {
        .init(policyId: "policy", algorithm: "ec:secp256r1", keyAccessObjects: [.init(id: "kao-0", header: header, kasURL: "")])
    }

    func testTheV1FormRESTAndGzipAreAnswered() throws {
        let kas = service()
        let token = try bearer(kas)
        let made = try container()
        let clientKey = P256.KeyAgreement.PrivateKey()
        // v1: keyAccess at the top; answered in entityWrappedKey.
        let v1 = JSONWriter.compact([
            "clientPublicKey": .string(clientKey.publicKey.pemRepresentation), "algorithm": "ec:secp256r1",
            "keyAccess": ["header": .string(Base64.encode(made.header.bytes, variant: .foundation)), "url": "http://127.0.0.1/kas"],
        ])
        let signed = KASRequestToken.sign(
            [("requestBody", .string(v1)), ("exp", .int(Int64(Date().timeIntervalSince1970) + 60))], with: Self.signer)
        let reply = call(
            kas, "POST", "/kas/v2/rewrap", headers: [("Authorization", "Bearer \(token)")],
            body: KASRewrapRequest(signedRequestToken: signed).encoded(.json))
        XCTAssertEqual(reply.status, 200, reply.bodyText)
        let response = try KASRewrapResponse(decoding: reply.body, codec: .json)
        let dek = try XCTUnwrap(open(response.entityWrappedKey, session: response.sessionPublicKey, clientKey: clientKey))
        XCTAssertEqual(made.openPayload(payloadKey: dek)?.0, Array("opentdf sha256Tail".utf8), "the v1 entityWrappedKey opens")
        // gzip, as connect-python sends: the body is inflated; one that inflates past 1 MiB is refused.
        let publicKey = call(
            kas, "POST", "/kas.AccessService/PublicKey", headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
            body: try gzip(Array(#"{"algorithm":"ec:secp256r1"}"#.utf8)))
        XCTAssertEqual(publicKey.status, 200, publicKey.bodyText)
        let bomb = call(
            kas, "POST", "/kas.AccessService/PublicKey", headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
            body: try gzip([UInt8](repeating: 0x20, count: 2 << 20)))
        XCTAssertEqual(bomb.status, 429, bomb.bodyText)
    }

    /// gzip by the system's own tool, independent of the mock's zlib use.
    func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(Data(bytes))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(compressed)
    }

    func testFaultsDenyAcceptAnyTokenAndExpireAccessTokens() throws {
        let made = try container()
        let request = OpenTDFKASClient.nanoRequest(header: made.header.bytes, kasURL: "", clientKey: .init())
        let deny = service([.denyAll])
        XCTAssertEqual(
            try result(rewrap(deny, request, bearer: try bearer(deny))).1.error,
            "permission_denied: request error\nrpc error: code = PermissionDenied desc = forbidden")
        let lax = service([.skipTokenChecks])
        XCTAssertEqual(try result(rewrap(lax, request, bearer: nil, issuedAt: Date().addingTimeInterval(-9000))).1.status, "permit")
        let expiring = service([.expiredAccessToken])
        XCTAssertEqual(rewrap(expiring, request, bearer: try bearer(expiring)).status, 401)
    }

    func testTheLiveCheckerPassesTheMockAndFailsWhatEachFaultBreaks() throws {
        let expected: [Set<KASFault>: [String]] = [
            []: [],
            [.skipTokenChecks]: ["refuse-no-bearer", "refuse-expired-request-token", "refuse-wrongly-signed-request-token"],
            [.ignoreBinding]: ["refuse-tampered-binding"],
            // The forms the platform refuses anyway (GMAC tag, fixed-width ECDSA) are refused for their binding first: findings.
            [.denyAll]: [
                "rewrap-ecdsa-go", "rewrap-sha256-tail", "rewrap-encrypted-policy", "rewrap-proto", "rewrap-rest", "rewrap-rsa-client-key",
            ],
        ]
        var log = Logger(label: "test")
        log.logLevel = .critical
        for (faults, failing) in expected {
            let server = try BackgroundServer(MockHTTPServer(service: service(faults), logger: log))
            defer { server.stop() }
            let results = try OpenTDFKASLiveChecker(options: .init(baseURL: "http://127.0.0.1:\(server.port)", timeout: 5)).run()
            XCTAssertEqual(results.count, 18)
            let failed = results.filter { $0.status == .fail }.map { String($0.id.split(separator: "/").last ?? "") }
            XCTAssertEqual(Set(failed), Set(failing), "\(faults): \(results.filter { $0.status == .fail }.map(\.reason))")
        }
    }
}
