import ConformanceKit
import Foundation
import ModelExchange
import WireCore

/// The `flowdown.*` shim operations over the ModelExchange module (binary values hex, times Unix seconds).
package enum FlowDownOperations {
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
        ["kind": .string(kind), "fields": .object(JSONObject(fields.keys.sorted().map { ($0, JSONValue.string(fields[$0]!)) }))]
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

    /// The key pair of a seed; a seed that is not one is `bad-request`.
    static func keyPair(_ seed: [UInt8]) throws(ShimError) -> ModelExchangeKeyPair {
        do throws(ModelExchangeError) { return try ModelExchangeKeyPair(seed: seed) } catch {
            throw ShimError(code: ShimError.badRequestCode, message: error.description)
        }
    }

    static func publicKey(_ pk: String) throws(ShimError) -> ModelExchangePublicKey {
        do throws(ModelExchangeError) { return try ModelExchangePublicKey(encoded: pk) } catch { throw ShimError(error) }
    }

    static let all: [ShimOperation] = [
        FlowDownOps.publicKey { seed throws(ShimError) in try keyPair(seed).publicKey.encoded },
        FlowDownOps.handshakeURL { seed, callback throws(ShimError) in
            HandshakeRequest.url(publicKey: try keyPair(seed).publicKey, callbackScheme: callback)
        },
        FlowDownOps.exchangeURL { seed, request throws(ShimError) in
            guard let signed = try? request.signedURL(keyPair: try keyPair(seed)) else {
                throw ShimError(code: ShimError.badRequestCode, message: "signing failed")
            }
            return (signed.url, signed.canonical)
        },
        FlowDownOps.parseURL { text throws(ShimError) in
            do throws(ModelExchangeError) { return try resolve(text) } catch { throw ShimError(error) }
        },
        FlowDownOps.verifyExchange { url, pk, now throws(ShimError) in
            // FlowDown's order: the URL is parsed before the key is used (it was parsed at the handshake).
            let received: ReceivedExchange
            do throws(ModelExchangeError) { received = try ExchangeVerifier.exchange(in: url) } catch { throw ShimError(error) }
            let key = try publicKey(pk)
            do throws(ModelExchangeError) {
                return try ExchangeVerifier.verify(received, publicKey: key, clock: FixedClock(Double(now))).request
            } catch { throw ShimError(error) }
        },
        FlowDownOps.callbackURL { scheme, callback throws(ShimError) in
            do throws(ModelExchangeError) { return try callback.url(scheme: scheme) } catch { throw ShimError(error) }
        },
        FlowDownOps.session { models, sessions, steps in FlowDownSessionSuite.outcomes(models: models, sessions: sessions, steps: steps) },
        FlowDownOps.sealPayload { pk, session, plaintext, ephemeral, nonce throws(ShimError) in
            let recipient = try publicKey(pk)
            do throws(ModelExchangeError) {
                return try PayloadCipher.seal(plaintext, to: recipient, session: session, ephemeralPrivateKey: ephemeral, nonce: nonce)
                    .encoded
            } catch { throw ShimError(error) }
        },
        FlowDownOps.openPayload { seed, payload, expected throws(ShimError) in
            let pair = try keyPair(seed)
            do throws(ModelExchangeError) {
                let opened = try PayloadCipher.open(payload, keyPair: pair, expectedSession: expected)
                return (opened.session, opened.plaintext)
            } catch { throw ShimError(error) }
        },
        FlowDownOps.decodeModels { bytes throws(ShimError) in
            do throws(ModelExchangeError) { return try ModelsPlist.decode(bytes) } catch { throw ShimError(error) }
        },
        FlowDownOps.decodeModelsAsApp { bytes throws(ShimError) in
            do throws(ModelExchangeError) { return try AppModelsReading.decode(bytes) } catch { throw ShimError(error) }
        },
        FlowDownOps.encodeModels { models in ModelsPlist.encodeXML(models) },
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
