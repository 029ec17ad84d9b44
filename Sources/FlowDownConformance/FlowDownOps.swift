import ConformanceKit
// Re-exported: the types of the builders' functions, so one import does.
@_exported import ModelExchange
import WireCore

/// The `flowdown.*` ops as typed functions over ModelExchange's types, for `WireCheckTesting`'s
/// `OpSet`: you write the function, the builder reads the case's arguments (hex to bytes, the models'
/// JSON form to `CloudModel`s) and writes the result the vectors compare. Throw `ShimError(code:)`
/// with the vectors' error class to refuse. The reference implementation is built the same way.
public enum FlowDownOps {
    /// `flowdown.publicKey`: the encoded X25519 + Ed25519 public key of the key pair of `seed`.
    public static func publicKey(_ derive: @escaping @Sendable (_ seed: [UInt8]) throws(ShimError) -> String) -> ShimOperation {
        FlowDownKeysSuite.publicKey.operation { args throws(ShimError) in ["pk": .string(try derive(try args.hex("seed")))] }
    }

    /// `flowdown.handshakeURL`: the handshake URL for the key pair of `seed` and the requester's `callback` scheme.
    public static func handshakeURL(
        _ build: @escaping @Sendable (_ seed: [UInt8], _ callback: String) throws(ShimError) -> String
    ) -> ShimOperation {
        FlowDownKeysSuite.handshakeURL.operation { args throws(ShimError) in
            ["url": .string(try build(try args.hex("seed"), try args.string("callback")))]
        }
    }

    /// `flowdown.exchangeURL`: `request` signed with the key pair of `seed`: the URL and the canonical
    /// string that was signed. An unknown capability is refused by the builder (`unknown-capability`).
    public static func exchangeURL(
        _ sign: @escaping @Sendable (_ seed: [UInt8], _ request: ExchangeRequest) throws(ShimError) -> (url: String, canonical: String)
    ) -> ShimOperation {
        FlowDownExchangeURLSuite.exchangeURL.operation { args throws(ShimError) in
            var capabilities: [Capability] = []
            for value in try args.array("capabilities") {
                guard let name = value.stringValue, let capability = Capability(rawValue: name) else {
                    throw ShimError(code: "unknown-capability", message: "\(value)")
                }
                capabilities.append(capability)
            }
            let request = ExchangeRequest(
                session: try args.string("session"), appName: try args.string("appName"), reason: try args.string("reason"),
                capabilities: capabilities, multipleSelection: try args.bool("multipleSelection"),
                timestamp: Double(try args.int("timestamp")))
            let signed = try sign(try args.hex("seed"), request)
            return ["url": .string(signed.url), "canonical": .string(signed.canonical)]
        }
    }

    /// `flowdown.parseURL`: what `url` is (`handshake`, `exchange`, `cancel` or `callback`) and its
    /// fields (lower-cased names, first value).
    public static func parseURL(
        _ parse: @escaping @Sendable (_ url: String) throws(ShimError) -> (kind: String, fields: [String: String])
    ) -> ShimOperation {
        FlowDownParseURLSuite.parseURL.operation { args throws(ShimError) in
            let parsed = try parse(try args.string("url"))
            return FlowDownOperations.json(kind: parsed.kind, fields: parsed.fields)
        }
    }

    /// `flowdown.verifyExchange`: the request of the signed exchange `url`, verified against `pk` at `now` (Unix seconds).
    public static func verifyExchange(
        _ verify: @escaping @Sendable (_ url: String, _ pk: String, _ now: Int64) throws(ShimError) -> ExchangeRequest
    ) -> ShimOperation {
        FlowDownVerifySuite.verifyExchange.operation { args throws(ShimError) in
            FlowDownOperations.json(try verify(try args.string("url"), try args.string("pk"), try args.int("now")))
        }
    }

    /// `flowdown.callbackURL`: the callback URL FlowDown opens for `callback` on the requester's
    /// `scheme`. The builder reads `stage` with its extras (`pk` for verification, `payload` for
    /// completed, whose format is always `plist`); refuse an invalid scheme with `bad-callback-scheme`.
    public static func callbackURL(
        _ build: @escaping @Sendable (_ scheme: String, _ callback: Callback) throws(ShimError) -> String
    ) -> ShimOperation {
        FlowDownCallbackURLSuite.callbackURL.operation { args throws(ShimError) in
            let session = try args.string("session")
            let callback: Callback
            switch try args.string("stage") {
            case "verification": callback = .verification(session: session, pk: try args.string("pk"))
            case "completed": callback = .completed(session: session, format: "plist", payload: try args.string("payload"))
            default: callback = .cancelled(session: session)
            }
            return ["url": .string(try build(try args.string("scheme"), callback))]
        }
    }

    /// `flowdown.session`: the outcome of each step of a scenario (`verification S`, `picker S`,
    /// `completed S N`, `cancelled S` or `none`), FlowDown holding one model per entry of `models` (its
    /// plist capabilities) and handing `sessions` to handshakes in order.
    public static func session(
        _ run:
            @escaping @Sendable (_ models: [[String]], _ sessions: [String], _ steps: [FlowDownSessionStep]) throws(ShimError) -> [String]
    ) -> ShimOperation {
        FlowDownSessionSuite.session.operation { args throws(ShimError) in
            let models = try args.array("models").map { ($0.arrayValue ?? []).compactMap(\.stringValue) }
            let sessions = try args.array("sessions").compactMap(\.stringValue)
            var steps: [FlowDownSessionStep] = []
            for value in try args.array("steps") {
                guard let step = FlowDownSessionStep(json: value) else {
                    throw ShimError(code: ShimError.badRequestCode, message: "a step is {open, now}, {confirm} or {dismiss}: \(value)")
                }
                steps.append(step)
            }
            return ["outcomes": .array(try run(models, sessions, steps).map { .string($0) })]
        }
    }

    /// `flowdown.sealPayload`: the encoded payload wrapper of `plaintext` for `pk`, with the given
    /// ephemeral private key and nonce.
    public static func sealPayload(
        _ seal:
            @escaping @Sendable (_ pk: String, _ session: String, _ plaintext: [UInt8], _ ephemeralPrivateKey: [UInt8], _ nonce: [UInt8])
            throws(ShimError) -> String
    ) -> ShimOperation {
        FlowDownPayloadSuite.seal.operation { args throws(ShimError) in
            let payload = try seal(
                try args.string("pk"), try args.string("session"), try args.hex("plaintext"), try args.hex("ephemeralPrivateKey"),
                try args.hex("nonce"))
            return ["payload": .string(payload)]
        }
    }

    /// `flowdown.openPayload`: the session and plaintext of `payload`, opened with the key pair of
    /// `seed`; `expectedSession`, when given, must match.
    public static func openPayload(
        _ open:
            @escaping @Sendable (_ seed: [UInt8], _ payload: String, _ expectedSession: String?) throws(ShimError)
            -> (session: String, plaintext: [UInt8])
    ) -> ShimOperation {
        FlowDownPayloadSuite.open.operation { args throws(ShimError) in
            let opened = try open(try args.hex("seed"), try args.string("payload"), args["expectedSession"]?.stringValue)
            return ["session": .string(opened.session), "plaintext": .string(Hex.encode(opened.plaintext))]
        }
    }

    /// `flowdown.decodeModels`: the models of a plist (XML or binary).
    public static func decodeModels(_ decode: @escaping @Sendable (_ plist: [UInt8]) throws(ShimError) -> [CloudModel]) -> ShimOperation {
        models(of: FlowDownModelsSuite.decodeModels, decode)
    }

    /// `flowdown.decodeModelsAsApp`: the models of a plist as FlowDown's own `CloudModel` decoder reads them
    /// (`AppModelsReading`): defaults for missing keys only, and a refusal of the whole array for one bad value.
    public static func decodeModelsAsApp(_ decode: @escaping @Sendable (_ plist: [UInt8]) throws(ShimError) -> [CloudModel])
        -> ShimOperation
    {
        models(of: FlowDownModelsSuite.decodeModelsAsApp, decode)
    }

    /// An op of `kind` that reads `{plist}` and answers `{models}` in the vectors' JSON form.
    private static func models(of kind: GroupKind, _ decode: @escaping @Sendable ([UInt8]) throws(ShimError) -> [CloudModel])
        -> ShimOperation
    {
        kind.operation { args throws(ShimError) in
            ["models": .array(try decode(try args.hex("plist")).map { ModelJSON.json(.dict(ModelsPlist.dictionary($0))) })]
        }
    }

    /// `flowdown.encodeModels`: the XML plist of `models`.
    public static func encodeModels(_ encode: @escaping @Sendable (_ models: [CloudModel]) throws(ShimError) -> [UInt8]) -> ShimOperation {
        FlowDownModelsSuite.encodeModels.operation { args throws(ShimError) in
            var models: [CloudModel] = []
            for value in try args.array("models") {
                guard case .dict(let dict)? = ModelJSON.plist(value) else {
                    throw ShimError(code: ShimError.badRequestCode, message: "each model must be an object")
                }
                models.append(ModelsPlist.model(from: dict))
            }
            return ["plist": .string(Hex.encode(try encode(models)))]
        }
    }
}
