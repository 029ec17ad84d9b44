import ConformanceKit
import Crypto
import Foundation
import NanoTDF
import WireCore
import _CryptoExtras

/// `wirecheck check kas --url http://…`: probes a running OpenTDF KAS (`wirecheck serve kas`, or an OpenTDF platform
/// from before NanoTDF was removed) as a NanoTDF client uses it (spec section 9.5): discovery and a client-credentials
/// token, `PublicKey` over Connect JSON, Connect proto and REST (the same key each time), the rewrap of NanoTDFs
/// WireCheck makes for that key in each binding form and with an encrypted policy (each unwrapped and its payload
/// opened), an RSA client key (OAEP SHA-1), the REST and proto forms of the rewrap, and the refusals: no bearer token,
/// an expired request token, one signed by another key than its DPoP proof's, a tampered binding, a header that does
/// not parse, a body over 1 MiB. A refused fixed-width ECDSA binding or KIT "GMAC" tag is a finding: the platform reads
/// Go's length-prefixed ECDSA form and checks "GMAC" as the SHA-256 tail, so it refuses both (the mock does too).
public final class OpenTDFKASLiveChecker: LiveCheckSession {
    /// What to check.
    public struct Options: Sendable {
        /// The platform, `http://HOST:PORT`.
        public var baseURL: String
        /// A bearer token to use instead of client credentials.
        public var bearer: String?
        /// The client credentials (the mock's by default).
        public var clientID = "opentdf"
        /// The client secret.
        public var clientSecret = "secret"
        /// Seconds to wait for each answer.
        public var timeout: Double
        /// The suite (and case-id prefix) of the results.
        public var suite = "kas/opentdf-live"

        /// Options for a platform at `baseURL`.
        public init(baseURL: String, timeout: Double = 10) {
            self.baseURL = baseURL
            self.timeout = timeout
        }
    }

    let options: Options
    private var client: OpenTDFKASClient

    /// A checker; nothing is sent until `run()`.
    public init(options: Options, progress: @escaping (String) -> Void = { _ in }) throws(HTTPProbe.Failure) {
        self.options = options
        client = OpenTDFKASClient(http: try HTTPProbe(baseURL: options.baseURL, timeout: options.timeout))
        try super.init(
            baseURL: options.baseURL, timeout: options.timeout,
            naming: Naming(
                suite: options.suite, format: "kas-opentdf-live", specPrefix: "nanotdf ",
                rerunCommand: "wirecheck check kas --url \(options.baseURL)"),
            progress: progress)
    }

    /// The platform.
    public override var implementation: String { "OpenTDF KAS at \(http.baseURL)" }

    /// Every check, in order; the results.
    public func run() -> [CaseResult] {
        check("token", spec: ["9.5"]) {
            if let bearer = options.bearer {
                client.bearer = bearer
                return .skip("a bearer token was given (--token)")
            }
            lastReproducer = "curl -s \(http.baseURL)/.well-known/opentdf-configuration"
            try client.authenticate(clientID: options.clientID, clientSecret: options.clientSecret)
            return .pass("a bearer token from \(try client.tokenEndpoint()) by client credentials")
        }
        var kasKey: [UInt8]?
        check("public-key", spec: ["9.5"]) {
            let answer = try client.publicKey(codec: .json)
            guard let key = try? P256.KeyAgreement.PublicKey(pemRepresentation: answer.publicKey) else {
                return .fail("the ec:secp256r1 public key is not a P-256 key in PEM: \(answer.publicKey.prefix(80))")
            }
            kasKey = Array(key.compressedRepresentation)
            return .pass("a P-256 key, kid \(answer.kid.isEmpty ? "(none)" : answer.kid)")
        }
        check("public-key-proto", spec: ["9.5"]) {
            guard let kasKey else { return .skip("no KAS key") }
            let answer = try client.publicKey(codec: .proto)
            guard let key = try? P256.KeyAgreement.PublicKey(pemRepresentation: answer.publicKey) else {
                return .fail("the key over application/proto is not a P-256 key in PEM")
            }
            return Array(key.compressedRepresentation) == kasKey
                ? .pass("the same key over application/proto") : .fail("another key over application/proto than over JSON")
        }
        check("public-key-rest", spec: ["9.5"]) {
            guard let kasKey else { return .skip("no KAS key") }
            let reply = try request("GET", "/kas/v2/kas_public_key?algorithm=ec:secp256r1")
            guard reply.status == 200 else {
                return .fail("GET /kas/v2/kas_public_key was answered \(reply.status): \(reply.text.prefix(160))")
            }
            let answer = try KASPublicKeyResponse(decoding: reply.body, codec: .json)
            let key = try? P256.KeyAgreement.PublicKey(pemRepresentation: answer.publicKey)
            return key.map { Array($0.compressedRepresentation) } == kasKey
                ? .pass("the same key over REST") : .fail("REST answered another key, or none: \(reply.text.prefix(120))")
        }
        let forms: [(String, BindingVariant, Bool)] = [
            ("rewrap-ecdsa-go", .ecdsaGo, false), ("rewrap-ecdsa-fixed", .ecdsaFixed, false), ("rewrap-sha256-tail", .sha256Tail, false),
            ("rewrap-gmac-tag", .gmacTag, false), ("rewrap-encrypted-policy", .sha256Tail, true),
        ]
        for (name, binding, encrypted) in forms {
            check(name, spec: ["9.5", "9.4"]) {
                guard let kasKey else { return .skip("no KAS key") }
                let made = try Self.container(kasKey: kasKey, binding: binding, encryptedPolicy: encrypted)
                return try rewrap(made, refusalFinding: Self.platformRefuses[binding])
            }
        }
        check("rewrap-proto", spec: ["9.5"]) {
            guard let kasKey else { return .skip("no KAS key") }
            return try rewrap(Self.container(kasKey: kasKey, binding: .sha256Tail), codec: .proto)
        }
        check("rewrap-rest", spec: ["9.5"]) {
            guard let kasKey else { return .skip("no KAS key") }
            return try rewrap(Self.container(kasKey: kasKey, binding: .sha256Tail), rest: true)
        }
        check("rewrap-rsa-client-key", spec: ["9.5"]) {
            guard let kasKey else { return .skip("no KAS key") }
            let made = try Self.container(kasKey: kasKey, binding: .sha256Tail)
            let rsa = try _RSA.Encryption.PrivateKey(keySize: .bits2048)
            var request = OpenTDFKASClient.nanoRequest(header: made.header.bytes, kasURL: Self.kasURL, clientKey: .init())
            request.clientPublicKey = rsa.publicKey.pemRepresentation
            let (_, _, result) = try answer(client.rewrap(token: client.signedRequestToken(request)))
            guard let wrapped = result?.kasWrappedKey else { return .fail("refused: \(result?.error ?? "no result")") }
            guard let key = try? rsa.decrypt(wrapped, padding: .PKCS1_OAEP), made.openPayload(payloadKey: Array(key))?.0 == Self.plaintext
            else {
                return .fail("the kasWrappedKey does not decrypt (RSA-OAEP, SHA-1) to the payload key")
            }
            return .pass("RSA-OAEP (SHA-1) to the client's RSA key; the key opens the payload")
        }
        refusals(kasKey)
        return results
    }

    private func refusals(_ kasKey: [UInt8]?) {
        func request(_ kasKey: [UInt8], binding: BindingVariant = .sha256Tail) throws -> (Container, KASUnsignedRewrapRequest) {
            let made = try Self.container(kasKey: kasKey, binding: binding)
            return (made, OpenTDFKASClient.nanoRequest(header: made.header.bytes, kasURL: Self.kasURL, clientKey: .init()))
        }
        check("refuse-no-bearer", spec: ["9.5"]) {
            guard let kasKey else { return .skip("no KAS key") }
            var anonymous = client
            anonymous.bearer = nil
            let reply = try anonymous.rewrap(token: anonymous.signedRequestToken(request(kasKey).1))
            return reply.status == 401
                ? .pass("401 \(Self.code(reply))") : .fail("a rewrap without a bearer token was answered \(reply.status)")
        }
        check("refuse-expired-request-token", spec: ["9.5"]) {
            guard let kasKey else { return .skip("no KAS key") }
            let token = client.signedRequestToken(try request(kasKey).1, issuedAt: Date().addingTimeInterval(-4 * 3600), lifetime: 600)
            let reply = try client.rewrap(token: token)
            return reply.status == 401
                ? .pass("401 \(Self.code(reply))") : .fail("a request token that expired three hours ago was answered \(reply.status)")
        }
        check("refuse-wrongly-signed-request-token", spec: ["9.5"]) {
            guard let kasKey else { return .skip("no KAS key") }
            let token = client.signedRequestToken(try request(kasKey).1, key: Self.otherKey)
            let reply = try client.rewrap(token: token)
            return reply.status == 401
                ? .pass("401 \(Self.code(reply))")
                : .fail("a request token signed by another key than the DPoP proof's was answered \(reply.status)")
        }
        check("refuse-tampered-binding", spec: ["9.5", "9.4"]) {
            guard let kasKey else { return .skip("no KAS key") }
            var (made, unsigned) = try request(kasKey, binding: .ecdsaGo)
            made.header.policy.binding[made.header.policy.binding.count - 1] ^= 0x01
            unsigned.requests[0].keyAccessObjects[0].header = made.header.bytes
            let (status, _, result) = try answer(client.rewrap(token: client.signedRequestToken(unsigned)))
            if result?.kasWrappedKey != nil { return .fail("the binding does not verify, and the KAS released the key anyway") }
            return .pass(result.map { "\($0.status): \($0.error ?? "")" } ?? "refused, \(status)")
        }
        check("refuse-garbage-header", spec: ["9.5"]) {
            guard let kasKey else { return .skip("no KAS key") }
            var unsigned = try request(kasKey).1
            unsigned.requests[0].keyAccessObjects[0].header = [0x4C, 0x31, 0x4C, 0xFF, 0xFF]
            let (status, _, result) = try answer(client.rewrap(token: client.signedRequestToken(unsigned)))
            if result?.kasWrappedKey != nil { return .fail("a header that does not parse got a key") }
            return .pass(result.map { "\($0.status): \($0.error ?? "")" } ?? "refused, \(status)")
        }
        check("refuse-oversized-body", spec: ["9.5"]) {
            let body = [UInt8](repeating: 0x20, count: 2 << 20)
            lastReproducer = "(a 2 MiB JSON body to POST /kas.AccessService/Rewrap)"
            let reply: HTTPProbe.Reply
            do {
                reply = try client.call("/kas.AccessService/Rewrap", body, codec: .json)
            } catch {
                return .pass("the connection was closed: \(error)")
            }
            return [400, 413, 429].contains(reply.status)
                ? .pass("\(reply.status) \(Self.code(reply))") : .fail("a 2 MiB body was answered \(reply.status)")
        }
    }

    /// One rewrap in `codec` (or REST), unwrapped with the client key; the payload must open.
    private func rewrap(_ made: Container, codec: ConnectCodec = .json, rest: Bool = false, refusalFinding: String? = nil) throws
        -> Outcome
    {
        let clientKey = P256.KeyAgreement.PrivateKey()
        let unsigned = OpenTDFKASClient.nanoRequest(header: made.header.bytes, kasURL: Self.kasURL, clientKey: clientKey)
        let (status, response, result) = try answer(
            client.rewrap(token: client.signedRequestToken(unsigned), codec: codec, rest: rest), codec: rest ? .json : codec)
        guard let result else { return .fail("no result: the call was refused, \(status)") }
        guard let wrapped = result.kasWrappedKey else {
            let why = "refused (\(result.status)): \(result.error ?? "no error given")"
            if let refusalFinding, !(result.error ?? "").hasPrefix("permission_denied") { return .finding("\(why): \(refusalFinding)") }
            return .fail("a header whose binding verifies was " + why)
        }
        guard let response, let key = KASSessionKey.unwrap(wrapped, sessionPublicKey: response.sessionPublicKey, clientKey: clientKey)
        else {
            return .fail("the kasWrappedKey does not open under HKDF(ECDH with sessionPublicKey, salt SHA-256(\"L1L\")) and AES-GCM")
        }
        guard made.openPayload(payloadKey: key)?.0 == Self.plaintext else { return .fail("the key unwrapped does not open the payload") }
        return .pass("permit; the key opens the payload")
    }

    /// A rewrap's answer: its status, and for a 200 the response and its first result. A call refused as a whole with
    /// 400 or 403 (the platform's answer to a bad request or a denial) comes back without them; another status throws.
    private func answer(_ reply: HTTPProbe.Reply, codec: ConnectCodec = .json) throws -> (
        status: String, response: KASRewrapResponse?, result: KASRewrapResponse.Result?
    ) {
        guard reply.status == 200 else {
            if reply.status == 400 || reply.status == 403 { return ("\(reply.status) \(Self.code(reply))", nil, nil) }
            throw OpenTDFKASClientError(reply)
        }
        let response = try KASRewrapResponse(decoding: reply.body, codec: codec)
        return ("200", response, response.responses.first?.results.first)
    }

    /// The Connect code (or the gateway's number) of a refused call, or its text.
    static func code(_ reply: HTTPProbe.Reply) -> String {
        guard let code = (try? JSONParser.parse(reply.body))?["code"] else {
            return String(reply.text.prefix(60)).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return code.stringValue ?? "\(code)"
    }

    /// The binding forms the platform refuses although the spec allows them, and why: a refusal of these is a finding.
    static let platformRefuses: [BindingVariant: String] = [
        .ecdsaFixed: "the platform reads an ECDSA binding in Go's length-prefixed form only (spec section 0, fact 3)",
        .gmacTag: "the platform's \"GMAC\" binding is the SHA-256 tail; the KIT's AES-GCM tag does not verify there (spec 9.4)",
    ]

    static let plaintext = Array("wirecheck opentdf kas live check".utf8)
    /// A key that is not the DPoP proof's.
    static let otherKey = KASRequestToken.makeSigningKey()
    static let kasURL = "http://kas.wirecheck.test/kas"

    /// A NanoTDF for `kasKey` (kid e1) with a fresh ephemeral key.
    static func container(kasKey: [UInt8], binding: BindingVariant, encryptedPolicy: Bool = false) throws -> Container {
        let policy = Array(#"{"body":{"dataAttributes":[],"dissem":[]}}"#.utf8)
        return try Container.encrypt(
            EncryptionParameters(
                version: .l1l,
                kas: ResourceLocator(protocolCode: 0, body: Array("kas.wirecheck.test/kas".utf8), identifier: Array("e1".utf8)),
                kasPublicKey: kasKey, policy: encryptedPolicy ? .embeddedEncrypted(policy) : .embeddedPlaintext(policy),
                bindingVariant: binding,
                ephemeralKey: .generate(.secp256r1), iv: [0, 0, 1], plaintext: plaintext))
    }
}
