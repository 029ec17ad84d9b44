import ArkavoWire
import NanoTDF
import NanoTDFConformance
import WireCore

/// The JSON form of a decoded frame (`arkavo.parseFrame`'s result): `type` (the frame type's name,
/// `nanotdf` for a bare NanoTDF), `form` (which body the type's length or content gave), and the
/// body's fields; NanoTDF headers and containers as `nanotdf.parseHeader` and `nanotdf.parse` give them.
package enum ArkavoFrameJSON {
    package static func frame(_ frame: Frame) -> JSONObject {
        var object: JSONObject = ["type": .string(frame.type?.name ?? "nanotdf")]
        func hex(_ bytes: [UInt8]) -> JSONValue { .string(Hex.encode(bytes)) }
        func container(_ c: Container) -> JSONValue { .object(NanoTDFJSON.container(c, headerLength: c.header.bytes.count)) }
        switch frame {
        case .clientPublicKey(let key):
            object["form"] = "client-key"
            object["publicKey"] = hex(key)
        case .serverPublicKey(let key, let salt):
            object["form"] = "server-key-and-salt"
            object["publicKey"] = hex(key)
            object["salt"] = hex(salt)
        case .kasPublicKeyRequest: object["form"] = "request"
        case .kasPublicKey(let key):
            object["form"] = "kas-key"
            object["publicKey"] = hex(key)
        case .rewrap(let header, let headerBytes, let trailing):
            object["form"] = "header"
            object["header"] = .object(NanoTDFJSON.header(header, length: headerBytes.count))
            object["trailing"] = hex(trailing)
        case .rewrappedKey(let key, let nonce, let wrapped, let tag):
            object["form"] = "rewrapped"
            object["ephemeralPublicKey"] = hex(key)
            object["nonce"] = hex(nonce)
            object["wrappedKey"] = hex(wrapped)
            object["tag"] = hex(tag)
        case .rewrapDenied(let key):
            object["form"] = "denied"
            object["ephemeralPublicKey"] = hex(key)
        case .nats(let c), .bareNanoTDF(let c), .eventNanoTDF(let c):
            object["form"] = "container"
            object["container"] = container(c)
        case .event(let event, _):
            object["form"] = "event"
            object["event"] = .object(event.json)
        case .eventOpaque(let body), .cbor(let body):
            object["form"] = "opaque"
            object["body"] = hex(body)
        case .error(let message, _):
            object["form"] = "error"
            object["errorType"] = .string(message.errorType)
            object["message"] = .string(message.message)
            if let details = message.details { object["details"] = details }
            object["knownErrorType"] = .bool(message.isKnownType)
        }
        return object
    }
}
