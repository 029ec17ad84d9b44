import ArkavoWire
import ConformanceKit
import NanoTDF
import NanoTDFConformance
import WireCore

/// The JSON form of a decoded frame (`arkavo.parseFrame`'s result), written through the declared
/// fields (`ArkavoFields`): `type` (the frame type's name, `nanotdf` for a bare NanoTDF), `form`
/// (which body the type's length or content gave), and the body's fields; NanoTDF headers and
/// containers as `nanotdf.parseHeader` and `nanotdf.parse` give them.
package enum ArkavoFrameJSON {
    typealias F = ArkavoFields

    package static func frame(_ frame: Frame) -> JSONObject {
        func container(_ c: Container) -> [FieldEntry] { [F.container(NanoTDFJSON.container(c, headerLength: c.header.bytes.count))] }
        func error(_ message: ErrorMessage) -> [FieldEntry] {
            var members = [F.errorType(message.errorType), F.message(message.message)]
            // Absent, not null, when the body has no details member; a body whose details are null keeps the null.
            if let details = message.details { members.append(F.details(details)) }
            return members + [F.knownErrorType(message.isKnownType)]
        }
        let (form, members): (FrameForm, [FieldEntry]) =
            switch frame {
            case .clientPublicKey(let key): (.clientKey, [F.publicKey(key)])
            case .serverPublicKey(let key, let salt): (.serverKeyAndSalt, [F.publicKey(key), F.salt(salt)])
            case .kasPublicKeyRequest: (.request, [])
            case .kasPublicKey(let key): (.kasKey, [F.publicKey(key)])
            case .rewrap(let header, let headerBytes, let trailing):
                (.header, [F.header(NanoTDFJSON.header(header, length: headerBytes.count)), F.trailing(trailing)])
            case .rewrappedKey(let key, let nonce, let wrapped, let tag):
                (.rewrapped, [F.ephemeralPublicKey(key), F.nonce(nonce), F.wrappedKey(wrapped), F.tag(tag)])
            case .rewrapDenied(let key): (.denied, [F.ephemeralPublicKey(key)])
            case .nats(let c), .bareNanoTDF(let c), .eventNanoTDF(let c): (.container, container(c))
            case .event(let event, _): (.event, [F.event(event.json)])
            case .eventOpaque(let body), .cbor(let body): (.opaque, [F.body(body)])
            case .error(let message, _): (.error, error(message))
            }
        return JSONObject(entries: [F.frameType(frame.type), F.form(form)] + members)
    }
}
