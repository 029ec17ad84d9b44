import ConformanceKit
import Foundation
import ModelExchange
import WireCore

/// The `flowdown.*` shim operations over the ModelExchange module (binary values hex, times Unix seconds).
package enum FlowDownOperations {
    /// What a URL of the protocol is, and its fields (lower-cased names, first value). `flowdown://`
    /// URLs are resolved as FlowDown does (the app routes only that scheme there); others are callbacks.
    package static func parse(_ text: String) throws(ModelExchangeError) -> JSONObject {
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
        let parameters = url.parameters
        let fields = parameters.keys.sorted().map { ($0, JSONValue.string(parameters[$0]!)) }
        return ["kind": .string(kind), "fields": .object(JSONObject(fields))]
    }

    /// A verified request as the shim and the CLI report it (timestamp an integer when it is one).
    package static func json(_ request: ExchangeRequest) -> JSONObject {
        [
            "session": .string(request.session), "appName": .string(request.appName), "reason": .string(request.reason),
            "capabilities": .array(request.capabilities.map { .string($0.rawValue) }),
            "multipleSelection": .bool(request.multipleSelection),
            "timestamp": Int64(exactly: request.timestamp).map { .int($0) } ?? .double(request.timestamp),
        ]
    }

    static func keyPair(_ args: JSONObject) throws(ShimError) -> ModelExchangeKeyPair {
        let seed = try args.hex("seed")
        do throws(ModelExchangeError) { return try ModelExchangeKeyPair(seed: seed) } catch {
            throw ShimError(code: ShimError.badRequestCode, message: error.description)
        }
    }

    static func publicKey(_ args: JSONObject) throws(ShimError) -> ModelExchangePublicKey {
        let pk = try args.string("pk")
        do throws(ModelExchangeError) { return try ModelExchangePublicKey(encoded: pk) } catch { throw ShimError(error) }
    }

    static let all: [ShimOperation] = [
        FlowDownKeysSuite.publicKey.operation { args throws(ShimError) in
            ["pk": .string(try keyPair(args).publicKey.encoded)]
        },
        FlowDownKeysSuite.handshakeURL.operation { args throws(ShimError) in
            let callback = try args.string("callback")
            return ["url": .string(HandshakeRequest.url(publicKey: try keyPair(args).publicKey, callbackScheme: callback))]
        },
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
            guard let signed = try? request.signedURL(keyPair: try keyPair(args)) else {
                throw ShimError(code: ShimError.badRequestCode, message: "signing failed")
            }
            return ["url": .string(signed.url), "canonical": .string(signed.canonical)]
        },
        FlowDownParseURLSuite.parseURL.operation { args throws(ShimError) in
            let text = try args.string("url")
            do throws(ModelExchangeError) { return try parse(text) } catch { throw ShimError(error) }
        },
        FlowDownVerifySuite.verifyExchange.operation { args throws(ShimError) in
            let url = try args.string("url")
            let now = Double(try args.int("now"))
            let key = try publicKey(args)
            do throws(ModelExchangeError) {
                return json(try ExchangeVerifier.verify(url, publicKey: key, clock: FixedClock(now)).request)
            } catch { throw ShimError(error) }
        },
        FlowDownPayloadSuite.seal.operation { args throws(ShimError) in
            let recipient = try publicKey(args)
            let (plaintext, session) = (try args.hex("plaintext"), try args.string("session"))
            let (ephemeral, nonce) = (try args.hex("ephemeralPrivateKey"), try args.hex("nonce"))
            do throws(ModelExchangeError) {
                let wrapper = try PayloadCipher.seal(
                    plaintext, to: recipient, session: session, ephemeralPrivateKey: ephemeral, nonce: nonce)
                return ["payload": .string(wrapper.encoded)]
            } catch { throw ShimError(error) }
        },
        FlowDownPayloadSuite.open.operation { args throws(ShimError) in
            let pair = try keyPair(args)
            let payload = try args.string("payload")
            let expected = args["expectedSession"]?.stringValue
            do throws(ModelExchangeError) {
                let opened = try PayloadCipher.open(payload, keyPair: pair, expectedSession: expected)
                return ["session": .string(opened.session), "plaintext": .string(Hex.encode(opened.plaintext))]
            } catch { throw ShimError(error) }
        },
        FlowDownModelsSuite.decodeModels.operation { args throws(ShimError) in
            let bytes = try args.hex("plist")
            do throws(ModelExchangeError) {
                return ["models": .array(try ModelsPlist.decode(bytes).map { ModelJSON.json(.dict(ModelsPlist.dictionary($0))) })]
            } catch { throw ShimError(error) }
        },
        FlowDownModelsSuite.encodeModels.operation { args throws(ShimError) in
            var models: [CloudModel] = []
            for value in try args.array("models") {
                guard case .dict(let dict)? = ModelJSON.plist(value) else {
                    throw ShimError(code: ShimError.badRequestCode, message: "each model must be an object")
                }
                models.append(ModelsPlist.model(from: dict))
            }
            return ["plist": .string(Hex.encode(ModelsPlist.encodeXML(models)))]
        },
    ]
}

/// The normalised JSON form of models in vectors and shim results: plist keys as they are, dates
/// as `{"date": "<ISO 8601>"}`, data as `{"data": "<hex>"}`, everything else as itself.
public enum ModelJSON {
    /// A plist value in the vectors' JSON form.
    public static func json(_ value: PlistValue) -> JSONValue {
        switch value {
        case .string(let s): .string(s)
        case .integer(let i): .int(i)
        case .real(let d): .double(d)
        case .bool(let b): .bool(b)
        case .date(let seconds): ["date": .string(ModelsPlist.iso8601(seconds))]
        case .data(let bytes): ["data": .string(Hex.encode(bytes))]
        case .array(let a): .array(a.map(json))
        case .dict(let d): .object(JSONObject(d.keys.sorted().map { ($0, json(d[$0]!)) }))
        }
    }

    /// A vectors' JSON value as a plist value (null is dropped).
    public static func plist(_ value: JSONValue) -> PlistValue? {
        switch value {
        case .string(let s): return .string(s)
        case .int(let i): return .integer(i)
        case .double(let d): return .real(d)
        case .bool(let b): return .bool(b)
        case .null: return nil
        case .array(let a): return .array(a.compactMap(plist))
        case .object(let o):
            if o.count == 1, let iso = o["date"]?.stringValue, let date = ISO8601DateFormatter().date(from: iso),
                let seconds = Int64(exactly: date.timeIntervalSince1970.rounded(.down))
            {
                return .date(seconds)
            }
            if o.count == 1, let hex = o["data"]?.stringValue, let bytes = try? Hex.decode(hex) { return .data(bytes) }
            var dict: [String: PlistValue] = [:]
            for (key, member) in o { if let converted = plist(member) { dict[key] = converted } }
            return .dict(dict)
        }
    }
}
