import WireCore

/// `kas.UnsignedRewrapRequest`, the `requestBody` claim of a rewrap's signed request token (protobuf JSON): the client's
/// public key and, per policy, its key access objects and algorithm (`ec:secp256r1` for a NanoTDF, whose key access
/// object carries the whole header in `header`). A body without `requests` is the v1 form (`keyAccess`, `policy`,
/// `algorithm` at the top), read into one request as the platform does.
public struct KASUnsignedRewrapRequest: Sendable, Equatable {
    /// One key access object: its id, and what a NanoTDF needs of it.
    public struct KeyAccessObject: Sendable, Equatable {
        /// `keyAccessObjectId`.
        public var id: String
        /// `keyAccessObject.header`: the NanoTDF header bytes.
        public var header: [UInt8]
        /// `keyAccessObject.url` (`kasUrl`).
        public var kasURL: String

        /// A key access object.
        public init(id: String, header: [UInt8], kasURL: String) {
            self.id = id
            self.header = header
            self.kasURL = kasURL
        }
    }

    /// One policy's request.
    public struct PolicyRequest: Sendable, Equatable {
        /// `policy.id`.
        public var policyId: String
        /// `policy.body` (Base64 of the policy JSON; a NanoTDF's policy is in its header instead).
        public var policyBody: String
        /// `algorithm`: `ec:secp256r1` selects the NanoTDF rewrap.
        public var algorithm: String
        /// `keyAccessObjects`.
        public var keyAccessObjects: [KeyAccessObject]

        /// A policy request.
        public init(policyId: String, policyBody: String = "", algorithm: String, keyAccessObjects: [KeyAccessObject]) {
            self.policyId = policyId
            self.policyBody = policyBody
            self.algorithm = algorithm
            self.keyAccessObjects = keyAccessObjects
        }
    }

    /// `clientPublicKey`, PEM.
    public var clientPublicKey: String
    /// `requests`.
    public var requests: [PolicyRequest]
    /// Whether the body was the v1 form (answered with `entityWrappedKey`).
    public var isV1: Bool

    /// A v2 request.
    public init(clientPublicKey: String, requests: [PolicyRequest]) {
        self.clientPublicKey = clientPublicKey
        self.requests = requests
        self.isV1 = false
    }

    /// The request in the JSON text of a `requestBody` claim.
    public init(requestBody: String) throws(KASMessageError) {
        let object = try ProtoJSON.object(Array(requestBody.utf8))
        clientPublicKey = try ProtoJSON.string(object, "clientPublicKey", "client_public_key")
        var requests: [PolicyRequest] = []
        for request in try ProtoJSON.objects(object, "requests") {
            let policy = ProtoJSON.member(request, "policy")
            guard policy == nil || policy?.objectValue != nil else { throw KASMessageError(description: "JSON: policy is not an object") }
            var objects: [KeyAccessObject] = []
            for kao in try ProtoJSON.objects(request, "keyAccessObjects", "key_access_objects") {
                let access = try Self.keyAccess(ProtoJSON.member(kao, "keyAccessObject", "key_access_object"))
                objects.append(
                    KeyAccessObject(
                        id: try ProtoJSON.string(kao, "keyAccessObjectId", "key_access_object_id"), header: access.header,
                        kasURL: access.kasURL))
            }
            requests.append(
                PolicyRequest(
                    policyId: try policy?.objectValue.map { o throws(KASMessageError) in try ProtoJSON.string(o, "id") } ?? "",
                    policyBody: try policy?.objectValue.map { o throws(KASMessageError) in try ProtoJSON.string(o, "body") } ?? "",
                    algorithm: try ProtoJSON.string(request, "algorithm"), keyAccessObjects: objects))
        }
        if requests.isEmpty {
            // The v1 body: one key access object, the policy as a Base64 string, the algorithm beside them.
            let access = try Self.keyAccess(ProtoJSON.member(object, "keyAccess", "key_access"))
            requests = [
                PolicyRequest(
                    policyId: "policy-1", policyBody: try ProtoJSON.string(object, "policy"),
                    algorithm: try ProtoJSON.string(object, "algorithm"),
                    keyAccessObjects: [KeyAccessObject(id: "kao-0", header: access.header, kasURL: access.kasURL)])
            ]
            isV1 = true
        } else {
            isV1 = false
        }
        self.requests = requests
    }

    private static func keyAccess(_ value: JSONValue?) throws(KASMessageError) -> (header: [UInt8], kasURL: String) {
        guard let value else { return ([], "") }
        guard let object = value.objectValue else { throw KASMessageError(description: "JSON: keyAccessObject is not an object") }
        return (try ProtoJSON.bytes(object, "header") ?? [], try ProtoJSON.string(object, "url", "kas_url"))
    }

    /// The request as a `requestBody` claim's JSON (v2 form).
    public var requestBody: String {
        let requests: [JSONValue] = requests.map { request in
            var policy: [(String, JSONValue)] = [("id", .string(request.policyId))]
            if !request.policyBody.isEmpty { policy.append(("body", .string(request.policyBody))) }
            return .object(
                JSONObject([
                    (
                        "keyAccessObjects",
                        .array(
                            request.keyAccessObjects.map { kao in
                                .object(
                                    JSONObject([
                                        ("keyAccessObjectId", .string(kao.id)),
                                        (
                                            "keyAccessObject",
                                            .object(
                                                JSONObject([
                                                    ("header", .string(Base64.encode(kao.header, variant: .foundation))),
                                                    ("url", .string(kao.kasURL)),
                                                    ("protocol", "kas"), ("type", "wrapped"),
                                                ]))
                                        ),
                                    ]))
                            })
                    ),
                    ("policy", .object(JSONObject(policy))),
                    ("algorithm", .string(request.algorithm)),
                ]))
        }
        return JSONWriter.compact(.object(JSONObject([("clientPublicKey", .string(clientPublicKey)), ("requests", .array(requests))])))
    }
}
