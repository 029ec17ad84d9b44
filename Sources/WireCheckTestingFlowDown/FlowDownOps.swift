import ConformanceKit
import FlowDownConformance
import ModelExchange

/// The `flowdown.*` ops as typed functions over plain Swift values and this product's own types, for an `OpTable` of
/// `WireCheckTesting`: `OpTable(name: "MyRequester", [FlowDownOps.openPayload { seed, payload, expected in … }])`.
/// Each builder reads the case's arguments (binary values as bytes, keys and payloads as the text FlowDown writes),
/// calls your function and writes its answer as the vectors compare it; throw `ShimError(code:)` with the vectors'
/// error class to refuse.
public enum FlowDownOps {
    private typealias Reference = FlowDownConformance.FlowDownOps

    /// `flowdown.publicKey`: the 88-character `pk` of the key pair of `seed`.
    public static func publicKey(_ derive: @escaping @Sendable (_ seed: [UInt8]) throws(ShimError) -> String) -> ShimOperation {
        Reference.publicKey(derive)
    }

    /// `flowdown.handshakeURL`: the handshake URL for the key pair of `seed` and the requester's `callback` scheme.
    public static func handshakeURL(_ build: @escaping @Sendable (_ seed: [UInt8], _ callback: String) throws(ShimError) -> String)
        -> ShimOperation
    {
        Reference.handshakeURL(build)
    }

    /// `flowdown.exchangeURL`: `request` signed with the key pair of `seed`: the URL and the canonical string signed.
    public static func exchangeURL(
        _ sign:
            @escaping @Sendable (_ seed: [UInt8], _ request: FlowDownExchangeRequest) throws(ShimError) -> (url: String, canonical: String)
    ) -> ShimOperation {
        Reference.exchangeURL { seed, request throws(ShimError) in try sign(seed, FlowDownExchangeRequest(request)) }
    }

    /// `flowdown.parseURL`: what `url` is (`handshake`, `exchange`, `cancel` or `callback`) and its fields.
    public static func parseURL(
        _ parse: @escaping @Sendable (_ url: String) throws(ShimError) -> (kind: String, fields: [String: String])
    ) -> ShimOperation {
        Reference.parseURL(parse)
    }

    /// `flowdown.verifyExchange`: the request of the exchange URL `url`, verified with `pk` at `now`.
    public static func verifyExchange(
        _ verify: @escaping @Sendable (_ url: String, _ pk: String, _ now: Int64) throws(ShimError) -> FlowDownExchangeRequest
    ) -> ShimOperation {
        Reference.verifyExchange { url, pk, now throws(ShimError) in try ExchangeRequest(try verify(url, pk, now)) }
    }

    /// `flowdown.callbackURL`: the URL FlowDown opens on the requester's `scheme` for `callback`.
    public static func callbackURL(
        _ build: @escaping @Sendable (_ scheme: String, _ callback: FlowDownCallback) throws(ShimError) -> String
    )
        -> ShimOperation
    {
        Reference.callbackURL { scheme, callback throws(ShimError) in try build(scheme, FlowDownCallback(callback)) }
    }

    /// `flowdown.session`: the outcome of each step of a scenario, FlowDown holding one model per entry of `models`
    /// (its capabilities) and handing `sessions` to handshakes in order.
    public static func session(
        _ run: @escaping @Sendable (_ models: [[String]], _ sessions: [String], _ steps: [FlowDownStep]) throws(ShimError) -> [String]
    ) -> ShimOperation {
        Reference.session { models, sessions, steps throws(ShimError) in try run(models, sessions, steps.map(FlowDownStep.init)) }
    }

    /// `flowdown.sealPayload`: the encoded payload wrapper of `plaintext` for `pk`, with the given ephemeral private
    /// key and nonce.
    public static func sealPayload(
        _ seal:
            @escaping @Sendable (_ pk: String, _ session: String, _ plaintext: [UInt8], _ ephemeralPrivateKey: [UInt8], _ nonce: [UInt8])
            throws(ShimError) -> String
    ) -> ShimOperation {
        Reference.sealPayload(seal)
    }

    /// `flowdown.openPayload`: the session and plaintext of `payload`, opened with the key pair of `seed`;
    /// `expectedSession`, when given, must match.
    public static func openPayload(
        _ open:
            @escaping @Sendable (_ seed: [UInt8], _ payload: String, _ expectedSession: String?) throws(ShimError)
            -> (session: String, plaintext: [UInt8])
    ) -> ShimOperation {
        Reference.openPayload(open)
    }

    /// `flowdown.decodeModels`: the models of a plist (XML or binary) as WireCheck's reading of it, lenient where the
    /// vectors say (`FoundationPlist`).
    public static func decodeModels(_ decode: @escaping @Sendable (_ plist: [UInt8]) throws(ShimError) -> [FlowDownModel])
        -> ShimOperation
    {
        Reference.decodeModels { plist throws(ShimError) in try decode(plist).map(CloudModel.init) }
    }

    /// `flowdown.decodeModelsAsApp`: the models of a plist as FlowDown's own `CloudModel` decoder reads them (its
    /// defaults filled in, one bad value refusing the whole array).
    public static func decodeModelsAsApp(_ decode: @escaping @Sendable (_ plist: [UInt8]) throws(ShimError) -> [FlowDownModel])
        -> ShimOperation
    {
        Reference.decodeModelsAsApp { plist throws(ShimError) in try decode(plist).map(CloudModel.init) }
    }

    /// `flowdown.encodeModels`: the XML plist of `models` (compared after decoding, capabilities as a set).
    public static func encodeModels(_ encode: @escaping @Sendable (_ models: [FlowDownModel]) throws(ShimError) -> [UInt8])
        -> ShimOperation
    {
        Reference.encodeModels { models throws(ShimError) in try encode(models.map(FlowDownModel.init)) }
    }
}

// The family's types and these, member by member.
extension FlowDownExchangeRequest {
    init(_ request: ExchangeRequest) {
        self.init(
            session: request.session, appName: request.appName, reason: request.reason, capabilities: request.capabilities.map(\.rawValue),
            multipleSelection: request.multipleSelection, timestamp: request.timestamp)
    }
}

extension ExchangeRequest {
    /// A verified request as the family writes it; a capability FlowDown does not know cannot have been verified.
    init(_ request: FlowDownExchangeRequest) throws(ShimError) {
        var capabilities: [Capability] = []
        for name in request.capabilities {
            guard let capability = Capability(rawValue: name) else {
                throw ShimError(code: "unknown-capability", message: "the verified request names capability '\(name)'")
            }
            capabilities.append(capability)
        }
        self.init(
            session: request.session, appName: request.appName, reason: request.reason, capabilities: capabilities,
            multipleSelection: request.multipleSelection, timestamp: request.timestamp)
    }
}

extension FlowDownCallback {
    init(_ callback: Callback) {
        switch callback {
        case .verification(let session, let pk): self = .verification(session: session, pk: pk)
        case .completed(let session, let format, let payload): self = .completed(session: session, format: format, payload: payload)
        case .cancelled(let session): self = .cancelled(session: session)
        }
    }
}

extension FlowDownStep {
    init(_ step: FlowDownSessionStep) {
        switch step {
        case .open(let url, let now): self = .open(url: url, now: now)
        case .confirm(let session): self = .confirm(session: session)
        case .dismiss(let session): self = .dismiss(session: session)
        }
    }
}

extension FlowDownModel {
    init(_ model: CloudModel) {
        self.init()
        objectId = model.objectId
        deviceId = model.deviceId
        modelIdentifier = model.modelIdentifier
        modelListEndpoint = model.modelListEndpoint
        creation = model.creation
        modified = model.modified
        removed = model.removed
        endpoint = model.endpoint
        token = model.token
        headers = model.headers
        bodyFields = model.bodyFields
        capabilities = model.capabilities
        context = model.context
        responseFormat = model.responseFormat
        comment = model.comment
        name = model.name
        temperaturePreference = model.temperaturePreference
        extensionStorage = model.extensionStorage
        unknown = model.unknown.mapValues(ModelJSON.json)
    }
}

extension CloudModel {
    init(_ model: FlowDownModel) {
        self.init()
        objectId = model.objectId
        deviceId = model.deviceId
        modelIdentifier = model.modelIdentifier
        modelListEndpoint = model.modelListEndpoint
        creation = model.creation
        modified = model.modified
        removed = model.removed
        endpoint = model.endpoint
        token = model.token
        headers = model.headers
        bodyFields = model.bodyFields
        capabilities = model.capabilities
        context = model.context
        responseFormat = model.responseFormat
        comment = model.comment
        name = model.name
        temperaturePreference = model.temperaturePreference
        extensionStorage = model.extensionStorage
        // A JSON value with no plist form (null) has no key in the plist either.
        unknown = model.unknown.compactMapValues { ModelJSON.plist($0) }
    }
}
