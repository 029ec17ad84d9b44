import ConformanceKit
import Foundation
// Re-exported: the types of the builders' functions, so one import does.
@_exported import ModelExchange
import WireCore

/// The `flowdown.*` ops: a typed builder per op, and the reference table made of them.
///
/// A builder takes a function over ModelExchange's types, reads the case's arguments through the
/// declared fields (`FlowDownFields`; the models' JSON form to `CloudModel`s) and writes the result the
/// vectors compare; `WireCheckTesting` users give it their own function (throw `ShimError(code:)` with
/// the vectors' error class to refuse).
public enum FlowDownOps {
    typealias F = FlowDownFields

    /// `flowdown.publicKey`: the encoded X25519 + Ed25519 public key of the key pair of `seed`.
    public static func publicKey(_ derive: @escaping @Sendable (_ seed: [UInt8]) throws(ShimError) -> String) -> ShimOperation {
        FlowDownKeysSuite.publicKey.operation { args throws(ShimError) in JSONObject(F.pk(try derive(try args.read(F.seed)))) }
    }

    /// `flowdown.handshakeURL`: the handshake URL for the key pair of `seed` and the requester's `callback` scheme.
    public static func handshakeURL(
        _ build: @escaping @Sendable (_ seed: [UInt8], _ callback: String) throws(ShimError) -> String
    ) -> ShimOperation {
        FlowDownKeysSuite.handshakeURL.operation { args throws(ShimError) in
            JSONObject(F.handshakeURL(try build(try args.read(F.seed), try args.read(F.callback))))
        }
    }

    /// `flowdown.exchangeURL`: `request` signed with the key pair of `seed`: the URL and the canonical
    /// string that was signed. An unknown capability is refused by the builder (`unknown-capability`).
    public static func exchangeURL(
        _ sign: @escaping @Sendable (_ seed: [UInt8], _ request: ExchangeRequest) throws(ShimError) -> (url: String, canonical: String)
    ) -> ShimOperation {
        FlowDownExchangeURLSuite.exchangeURL.operation { args throws(ShimError) in
            // Every argument is read before the capabilities are judged: arguments the harness cannot use are a bad
            // request whatever else is wrong, so `wirecheck fuzz` never sends them (an unusable seed with an unknown
            // capability was an `unknown-capability` answer to hold a shim to).
            let seed = try args.read(F.seed)
            let listed = try args.read(F.capabilities)
            let (session, appName, reason) = (try args.read(F.session), try args.read(F.appName), try args.read(F.reason))
            let (multipleSelection, timestamp) = (try args.read(F.multipleSelection), try args.read(F.timestamp))
            // Not an enum field: an unknown capability is the protocol's own refusal, not a bad request.
            var capabilities: [Capability] = []
            for value in listed {
                guard let name = value.stringValue, let capability = Capability(rawValue: name) else {
                    throw ShimError(code: "unknown-capability", message: "\(value)")
                }
                capabilities.append(capability)
            }
            let request = ExchangeRequest(
                session: session, appName: appName, reason: reason, capabilities: capabilities, multipleSelection: multipleSelection,
                timestamp: Double(timestamp))
            let signed = try sign(seed, request)
            return JSONObject(F.signedURL(signed.url), F.canonical(signed.canonical))
        }
    }

    /// `flowdown.parseURL`: what `url` is (`handshake`, `exchange`, `cancel` or `callback`) and its
    /// fields (lower-cased names, first value).
    public static func parseURL(
        _ parse: @escaping @Sendable (_ url: String) throws(ShimError) -> (kind: String, fields: [String: String])
    ) -> ShimOperation {
        FlowDownParseURLSuite.parseURL.operation { args throws(ShimError) in
            let parsed = try parse(try args.read(F.parsedURL))
            return FlowDownJSON.json(kind: parsed.kind, fields: parsed.fields)
        }
    }

    /// `flowdown.verifyExchange`: the request of the signed exchange `url`, verified against `pk` at `now` (Unix seconds).
    public static func verifyExchange(
        _ verify: @escaping @Sendable (_ url: String, _ pk: String, _ now: Int64) throws(ShimError) -> ExchangeRequest
    ) -> ShimOperation {
        FlowDownVerifySuite.verifyExchange.operation { args throws(ShimError) in
            FlowDownJSON.json(try verify(try args.read(F.exchangeURL), try args.read(F.handshakePK), try args.read(F.now)))
        }
    }

    /// `flowdown.callbackURL`: the callback URL FlowDown opens for `callback` on the requester's
    /// `scheme`. The builder reads `stage` with its extras (`pk` for verification, `payload` for
    /// completed, whose format is always `plist`); refuse an invalid scheme with `bad-callback-scheme`.
    public static func callbackURL(
        _ build: @escaping @Sendable (_ scheme: String, _ callback: Callback) throws(ShimError) -> String
    ) -> ShimOperation {
        FlowDownCallbackURLSuite.callbackURL.operation { args throws(ShimError) in
            let session = try args.read(F.session)
            let callback: Callback
            switch try args.read(F.stage) {
            case .verification: callback = .verification(session: session, pk: try args.read(F.callbackPK))
            case .completed: callback = .completed(session: session, format: "plist", payload: try args.read(F.callbackPayload))
            case .cancelled: callback = .cancelled(session: session)
            }
            return JSONObject(F.callbackURL(try build(try args.read(F.scheme), callback)))
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
            let models = try args.read(F.heldModels).map { ($0.arrayValue ?? []).compactMap(\.stringValue) }
            let sessions = try args.read(F.sessions).compactMap(\.stringValue)
            var steps: [FlowDownSessionStep] = []
            for value in try args.read(F.steps) {
                guard let step = FlowDownSessionStep(json: value) else {
                    throw ShimError(code: ShimError.badRequestCode, message: "a step is {open, now}, {confirm} or {dismiss}: \(value)")
                }
                steps.append(step)
            }
            return JSONObject(F.outcomes(try run(models, sessions, steps).map { .string($0) }))
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
                try args.read(F.recipientPK), try args.read(F.payloadSession), try args.read(F.plaintext),
                try args.read(F.ephemeralPrivateKey), try args.read(F.nonce))
            return JSONObject(F.payload(payload))
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
            let opened = try open(try args.read(F.seed), try args.read(F.payload), try args.readIfPresent(F.expectedSession))
            return JSONObject(F.payloadSession(opened.session), F.plaintext(opened.plaintext))
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
            JSONObject(F.models(try decode(try args.read(F.plist)).map { ModelJSON.json(.dict(ModelsPlist.dictionary($0))) }))
        }
    }

    /// `flowdown.encodeModels`: the XML plist of `models`.
    public static func encodeModels(_ encode: @escaping @Sendable (_ models: [CloudModel]) throws(ShimError) -> [UInt8]) -> ShimOperation {
        FlowDownModelsSuite.encodeModels.operation { args throws(ShimError) in
            JSONObject(F.plist(try encode(try cloudModels(try args.read(F.models)))))
        }
    }

    /// The models of `flowdown.encodeModels`'s argument (each must be an object), dates read as `ModelJSON.plist` does.
    static func cloudModels(_ values: [JSONValue], canonicalDatesOnly: Bool = false) throws(ShimError) -> [CloudModel] {
        var models: [CloudModel] = []
        for value in values {
            guard case .dict(let dict)? = ModelJSON.plist(value, canonicalDatesOnly: canonicalDatesOnly) else {
                throw ShimError(code: ShimError.badRequestCode, message: "each model must be an object")
            }
            models.append(ModelsPlist.model(from: dict))
        }
        return models
    }

    /// The reference over the ModelExchange module (binary values hex, times Unix seconds).
    public static let reference = OpTable(
        name: ReferenceShim.name,
        [
            publicKey { seed throws(ShimError) in try keyPair(seed).publicKey.encoded },
            handshakeURL { seed, callback throws(ShimError) in
                HandshakeRequest.url(publicKey: try keyPair(seed).publicKey, callbackScheme: callback)
            },
            exchangeURL { seed, request throws(ShimError) in
                guard let signed = try? request.signedURL(keyPair: try keyPair(seed)) else {
                    throw ShimError(code: ShimError.badRequestCode, message: "signing failed")
                }
                return (signed.url, signed.canonical)
            },
            parseURL { text throws(ShimError) in
                do throws(ModelExchangeError) { return try FlowDownJSON.resolve(text) } catch { throw ShimError(error) }
            },
            verifyExchange { url, pk, now throws(ShimError) in
                // FlowDown's order: the URL is parsed before the key is used (it was parsed at the handshake).
                let received: ReceivedExchange
                do throws(ModelExchangeError) { received = try ExchangeVerifier.exchange(in: url) } catch { throw ShimError(error) }
                let key = try publicKey(pk)
                do throws(ModelExchangeError) {
                    return try ExchangeVerifier.verify(received, publicKey: key, clock: FixedClock(Double(now))).request
                } catch { throw ShimError(error) }
            },
            callbackURL { scheme, callback throws(ShimError) in
                do throws(ModelExchangeError) { return try callback.url(scheme: scheme) } catch { throw ShimError(error) }
            },
            session { models, sessions, steps throws(ShimError) in
                try FlowDownSessionSuite.outcomes(models: models, sessions: sessions, steps: steps)
            },
            sealPayload { pk, session, plaintext, ephemeral, nonce throws(ShimError) in
                let recipient = try publicKey(pk)
                do throws(ModelExchangeError) {
                    return try PayloadCipher.seal(plaintext, to: recipient, session: session, ephemeralPrivateKey: ephemeral, nonce: nonce)
                        .encoded
                } catch { throw ShimError(error) }
            },
            openPayload { seed, payload, expected throws(ShimError) in
                let pair = try keyPair(seed)
                do throws(ModelExchangeError) {
                    let opened = try PayloadCipher.open(payload, keyPair: pair, expectedSession: expected)
                    return (opened.session, opened.plaintext)
                } catch { throw ShimError(error) }
            },
            decodeModels { bytes throws(ShimError) in
                do throws(ModelExchangeError) { return try ModelsPlist.decode(bytes) } catch { throw ShimError(error) }
            },
            decodeModelsAsApp { bytes throws(ShimError) in
                do throws(ModelExchangeError) { return try AppModelsReading.decode(bytes) } catch { throw ShimError(error) }
            },
            encodeModels { models in ModelsPlist.encodeXML(models) },
        ])

    /// The key pair of a seed; a seed that is not one is `bad-request`.
    static func keyPair(_ seed: [UInt8]) throws(ShimError) -> ModelExchangeKeyPair {
        do throws(ModelExchangeError) { return try ModelExchangeKeyPair(seed: seed) } catch {
            throw ShimError(code: ShimError.badRequestCode, message: error.description)
        }
    }

    static func publicKey(_ pk: String) throws(ShimError) -> ModelExchangePublicKey {
        do throws(ModelExchangeError) { return try ModelExchangePublicKey(encoded: pk) } catch { throw ShimError(error) }
    }
}

/// The JSON of `flowdown.parseURL`'s and `flowdown.verifyExchange`'s results, written through the
/// declared fields; the CLI's `parse` and `verify` print the same.
package enum FlowDownJSON {
    typealias F = FlowDownFields

    /// What a URL of the protocol is, and its fields (lower-cased names, first value). `flowdown://`
    /// URLs are resolved as FlowDown does (the app routes only that scheme there); others are callbacks.
    package static func resolve(_ text: String) throws(ModelExchangeError) -> (kind: String, fields: [String: String]) {
        let url = try ModelExchangeURL(string: text)
        let kind: String
        if url.scheme == "flowdown" {
            switch try InboundRequest.resolve(url) {
            case .cancelled: kind = "cancel"
            case .handshake: kind = "handshake"
            case .exchange: kind = "exchange"
            }
        } else {
            _ = try Callback.parse(url)
            kind = "callback"
        }
        return (kind, url.parameters)
    }

    /// `resolve`'s answer as the shim and the CLI report it: `{kind, fields}`, fields sorted by name.
    package static func parse(_ text: String) throws(ModelExchangeError) -> JSONObject {
        let resolved = try resolve(text)
        return json(kind: resolved.kind, fields: resolved.fields)
    }

    static func json(kind: String, fields: [String: String]) -> JSONObject {
        JSONObject(F.kind(kind), F.fields(JSONObject(fields.keys.sorted().map { ($0, JSONValue.string(fields[$0]!)) })))
    }

    /// A verified request as the shim and the CLI report it (timestamp an integer when it is one).
    package static func json(_ request: ExchangeRequest) -> JSONObject {
        JSONObject(
            F.session(request.session), F.appName(request.appName), F.reason(request.reason),
            F.capabilities(request.capabilities.map { .string($0.rawValue) }), F.multipleSelection(request.multipleSelection),
            F.verifiedTimestamp(request.timestamp))
    }
}

/// The normalised JSON form of models in vectors and shim results: plist keys as they are, dates
/// as `{"date": "<ISO 8601>"}`, data as `{"data": "<hex>"}`, everything else as itself.
public enum ModelJSON {
    typealias F = FlowDownFields

    /// A plist value in the vectors' JSON form.
    public static func json(_ value: PlistValue) -> JSONValue {
        switch value {
        case .string(let s): .string(s)
        case .integer(let i): .int(i)
        case .real(let d): .double(d)
        case .bool(let b): .bool(b)
        case .date(let seconds): .object(JSONObject(F.plistDate(ModelsPlist.iso8601(seconds))))
        case .data(let bytes): .object(JSONObject(F.plistData(bytes)))
        case .array(let a): .array(a.map(json))
        case .dict(let d): .object(JSONObject(d.keys.sorted().map { ($0, json(d[$0]!)) }))
        }
    }

    /// A vectors' JSON value as a plist value (null is dropped). `{"date": text}` is a date when Foundation's
    /// `ISO8601DateFormatter` reads the text, or with `canonicalDatesOnly` only when the text is what it writes.
    public static func plist(_ value: JSONValue, canonicalDatesOnly: Bool = false) -> PlistValue? {
        switch value {
        case .string(let s): return .string(s)
        case .int(let i): return .integer(i)
        case .double(let d): return .real(d)
        case .bool(let b): return .bool(b)
        case .null: return nil
        case .array(let a): return .array(a.compactMap { plist($0, canonicalDatesOnly: canonicalDatesOnly) })
        case .object(let o):
            if o.count == 1, let text = o[F.plistDate], let seconds = dateSeconds(text),
                !canonicalDatesOnly || ModelsPlist.iso8601(seconds).isExactly(text)
            {
                return .date(seconds)
            }
            if o.count == 1, let bytes = o[F.plistData] { return .data(bytes) }
            var dict: [String: PlistValue] = [:]
            for (key, member) in o { if let converted = plist(member, canonicalDatesOnly: canonicalDatesOnly) { dict[key] = converted } }
            return .dict(dict)
        }
    }

    /// The whole seconds of a date text as Foundation's `ISO8601DateFormatter` reads it, or nil.
    static func dateSeconds(_ text: String) -> Int64? {
        ISO8601DateFormatter().date(from: text).flatMap { Int64(exactly: $0.timeIntervalSince1970.rounded(.down)) }
    }
}
