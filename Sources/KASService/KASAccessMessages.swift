import WireCore

/// The encodings a Connect unary call can carry (`Content-Type`): protobuf binary, what connect-python and connect-go
/// clients send unless told otherwise, and protobuf JSON, what a hand-written client or curl sends.
public enum ConnectCodec: String, Sendable {
    /// `application/proto`.
    case proto
    /// `application/json` (protojson: lowerCamelCase names, the proto names also accepted, bytes in Base64).
    case json

    /// The codec of a `Content-Type` value, parameters ignored; nil for anything else.
    public init?(contentType: String) {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch type {
        case "application/proto", "application/protobuf": self = .proto
        case "application/json": self = .json
        default: return nil
        }
    }

    /// The `Content-Type` of a body in this codec.
    public var contentType: String { "application/\(rawValue)" }
}

/// A request or response of `kas.AccessService` that does not decode: the field and, in binary, the byte offset.
public struct KASMessageError: Error, Sendable, CustomStringConvertible {
    /// What was wrong.
    public var description: String
}

/// `kas.PublicKeyRequest`: the key's algorithm (`rsa:2048`, `ec:secp256r1`, …), its format and the request version.
public struct KASPublicKeyRequest: Sendable, Equatable {
    /// The algorithm; the platform reads "" as `rsa:2048`.
    public var algorithm = ""
    /// The response format (`pkcs8`, `jwk`); the mock answers PEM whatever it is.
    public var fmt = ""
    /// The request version: "1" hides the kid, as the platform does for legacy clients.
    public var v = ""

    /// A request for `algorithm`.
    public init(algorithm: String = "") { self.algorithm = algorithm }

    /// The request in `body`.
    public init(decoding body: [UInt8], codec: ConnectCodec) throws(KASMessageError) {
        switch codec {
        case .proto:
            let fields = try ProtobufMessage.fields(body)
            algorithm = try ProtobufMessage.string(1, fields)
            fmt = try ProtobufMessage.string(2, fields)
            v = try ProtobufMessage.string(3, fields)
        case .json:
            let object = try ProtoJSON.object(body)
            algorithm = try ProtoJSON.string(object, "algorithm")
            fmt = try ProtoJSON.string(object, "fmt")
            v = try ProtoJSON.string(object, "v")
        }
    }

    /// The request in `codec`.
    public func encoded(_ codec: ConnectCodec) -> [UInt8] {
        switch codec {
        case .proto:
            var writer = ProtobufWire.Writer()
            writer.field(1, algorithm)
            writer.field(2, fmt)
            writer.field(3, v)
            return writer.bytes
        case .json:
            return ProtoJSON.encode(
                [("algorithm", algorithm), ("fmt", fmt), ("v", v)].filter { !$0.1.isEmpty }.map { ($0.0, .string($0.1)) })
        }
    }
}

/// `kas.PublicKeyResponse`: the KAS key in PEM and its kid.
public struct KASPublicKeyResponse: Sendable, Equatable {
    /// The public key, PEM (`-----BEGIN PUBLIC KEY-----`).
    public var publicKey: String
    /// The key's id, the identifier a NanoTDF's KAS locator carries.
    public var kid: String

    /// A response.
    public init(publicKey: String, kid: String) {
        self.publicKey = publicKey
        self.kid = kid
    }

    /// The response in `body`.
    public init(decoding body: [UInt8], codec: ConnectCodec) throws(KASMessageError) {
        switch codec {
        case .proto:
            let fields = try ProtobufMessage.fields(body)
            publicKey = try ProtobufMessage.string(1, fields)
            kid = try ProtobufMessage.string(2, fields)
        case .json:
            let object = try ProtoJSON.object(body)
            publicKey = try ProtoJSON.string(object, "publicKey", "public_key")
            kid = try ProtoJSON.string(object, "kid")
        }
    }

    /// The response in `codec` (empty fields left out, as protobuf does).
    public func encoded(_ codec: ConnectCodec) -> [UInt8] {
        switch codec {
        case .proto:
            var writer = ProtobufWire.Writer()
            writer.field(1, publicKey)
            writer.field(2, kid)
            return writer.bytes
        case .json:
            return ProtoJSON.encode([("publicKey", publicKey), ("kid", kid)].filter { !$0.1.isEmpty }.map { ($0.0, .string($0.1)) })
        }
    }
}

/// `kas.RewrapRequest`: the signed request token (a JWT whose `requestBody` claim is the unsigned request).
public struct KASRewrapRequest: Sendable, Equatable {
    /// The compact JWT.
    public var signedRequestToken: String

    /// A request carrying `signedRequestToken`.
    public init(signedRequestToken: String) { self.signedRequestToken = signedRequestToken }

    /// The request in `body`.
    public init(decoding body: [UInt8], codec: ConnectCodec) throws(KASMessageError) {
        switch codec {
        case .proto: signedRequestToken = try ProtobufMessage.string(1, ProtobufMessage.fields(body))
        case .json: signedRequestToken = try ProtoJSON.string(ProtoJSON.object(body), "signedRequestToken", "signed_request_token")
        }
    }

    /// The request in `codec`.
    public func encoded(_ codec: ConnectCodec) -> [UInt8] {
        switch codec {
        case .proto:
            var writer = ProtobufWire.Writer()
            writer.field(1, signedRequestToken)
            return writer.bytes
        case .json: return ProtoJSON.encode([("signedRequestToken", .string(signedRequestToken))])
        }
    }
}

/// `kas.RewrapResponse`: the session public key and, per policy, one result per key access object, each the
/// rewrapped key (`permit`) or an error (`fail`). `entityWrappedKey` is the v1 form's single key.
public struct KASRewrapResponse: Sendable, Equatable {
    /// One key access object's outcome (`kas.KeyAccessRewrapResult`).
    public struct Result: Sendable, Equatable {
        /// The request's `keyAccessObjectId`.
        public var keyAccessObjectId: String
        /// `permit` or `fail`.
        public var status: String
        /// The DEK wrapped for the client (permit).
        public var kasWrappedKey: [UInt8]?
        /// Why not (fail).
        public var error: String?

        /// A result.
        public init(keyAccessObjectId: String, status: String, kasWrappedKey: [UInt8]? = nil, error: String? = nil) {
            self.keyAccessObjectId = keyAccessObjectId
            self.status = status
            self.kasWrappedKey = kasWrappedKey
            self.error = error
        }
    }

    /// One policy's results (`kas.PolicyRewrapResult`).
    public struct PolicyResult: Sendable, Equatable {
        /// The request's policy id.
        public var policyId: String
        /// Its key access objects' results.
        public var results: [Result]

        /// A policy's results.
        public init(policyId: String, results: [Result]) {
            self.policyId = policyId
            self.results = results
        }
    }

    /// The key the wrapped keys are for the client under: the KAS's ephemeral EC key, or the client's own RSA key.
    public var sessionPublicKey = ""
    /// Per policy.
    public var responses: [PolicyResult] = []
    /// The v1 (legacy) form's key.
    public var entityWrappedKey: [UInt8] = []

    /// An empty response.
    public init() {}

    /// The response in `body`.
    public init(decoding body: [UInt8], codec: ConnectCodec) throws(KASMessageError) {
        switch codec {
        case .proto:
            let fields = try ProtobufMessage.fields(body)
            entityWrappedKey = fields.last { $0.number == 2 }?.bytes ?? []
            sessionPublicKey = try ProtobufMessage.string(3, fields)
            for policy in fields where policy.number == 5 {
                let policyFields = try ProtobufMessage.fields(policy.bytes)
                var results: [Result] = []
                for result in policyFields where result.number == 2 {
                    let resultFields = try ProtobufMessage.fields(result.bytes)
                    let wrapped = resultFields.last { $0.number == 4 }
                    let error = resultFields.last { $0.number == 5 }
                    results.append(
                        Result(
                            keyAccessObjectId: try ProtobufMessage.string(2, resultFields),
                            status: try ProtobufMessage.string(3, resultFields), kasWrappedKey: wrapped?.bytes,
                            error: error.map { String(decoding: $0.bytes, as: UTF8.self) }))
                }
                responses.append(PolicyResult(policyId: try ProtobufMessage.string(1, policyFields), results: results))
            }
        case .json:
            let object = try ProtoJSON.object(body)
            sessionPublicKey = try ProtoJSON.string(object, "sessionPublicKey", "session_public_key")
            entityWrappedKey = try ProtoJSON.bytes(object, "entityWrappedKey", "entity_wrapped_key") ?? []
            for policy in try ProtoJSON.objects(object, "responses") {
                var results: [Result] = []
                for result in try ProtoJSON.objects(policy, "results") {
                    results.append(
                        Result(
                            keyAccessObjectId: try ProtoJSON.string(result, "keyAccessObjectId", "key_access_object_id"),
                            status: try ProtoJSON.string(result, "status"),
                            kasWrappedKey: try ProtoJSON.bytes(result, "kasWrappedKey", "kas_wrapped_key"),
                            error: ProtoJSON.member(result, "error", "error")?.stringValue))
                }
                responses.append(PolicyResult(policyId: try ProtoJSON.string(policy, "policyId", "policy_id"), results: results))
            }
        }
    }

    /// The response in `codec`.
    public func encoded(_ codec: ConnectCodec) -> [UInt8] {
        switch codec {
        case .proto:
            var writer = ProtobufWire.Writer()
            writer.field(2, entityWrappedKey)
            writer.field(3, sessionPublicKey)
            for policy in responses {
                var policyWriter = ProtobufWire.Writer()
                policyWriter.field(1, policy.policyId)
                for result in policy.results {
                    var resultWriter = ProtobufWire.Writer()
                    resultWriter.field(2, result.keyAccessObjectId)
                    resultWriter.field(3, result.status)
                    // A oneof member is written even when empty: its presence is the answer.
                    if let wrapped = result.kasWrappedKey { resultWriter.message(4, wrapped) }
                    if let error = result.error { resultWriter.message(5, Array(error.utf8)) }
                    policyWriter.message(2, resultWriter.bytes)
                }
                writer.message(5, policyWriter.bytes)
            }
            return writer.bytes
        case .json:
            var members: [(String, JSONValue)] = []
            if !entityWrappedKey.isEmpty {
                members.append(("entityWrappedKey", .string(Base64.encode(entityWrappedKey, variant: .foundation))))
            }
            if !sessionPublicKey.isEmpty { members.append(("sessionPublicKey", .string(sessionPublicKey))) }
            if !responses.isEmpty {
                members.append(
                    (
                        "responses",
                        .array(
                            responses.map { policy in
                                .object(
                                    JSONObject([
                                        ("policyId", .string(policy.policyId)),
                                        ("results", .array(policy.results.map(Self.json))),
                                    ]))
                            })
                    ))
            }
            return ProtoJSON.encode(members)
        }
    }

    private static func json(_ result: Result) -> JSONValue {
        var members: [(String, JSONValue)] = [("keyAccessObjectId", .string(result.keyAccessObjectId)), ("status", .string(result.status))]
        if let wrapped = result.kasWrappedKey { members.append(("kasWrappedKey", .string(Base64.encode(wrapped, variant: .foundation)))) }
        if let error = result.error { members.append(("error", .string(error))) }
        return .object(JSONObject(members))
    }
}

/// The binary reads of these messages, with `WireError` turned into `KASMessageError`.
enum ProtobufMessage {
    static func fields(_ bytes: [UInt8]) throws(KASMessageError) -> [ProtobufWire.Field] {
        do throws(WireError) {
            return try ProtobufWire.fields(of: bytes)
        } catch {
            throw KASMessageError(description: "protobuf: \(error)")
        }
    }

    static func string(_ number: Int, _ fields: [ProtobufWire.Field]) throws(KASMessageError) -> String {
        do throws(WireError) {
            return try ProtobufWire.string(number, in: fields)
        } catch {
            throw KASMessageError(description: "protobuf: \(error)")
        }
    }
}
