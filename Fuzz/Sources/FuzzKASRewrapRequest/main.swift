import Foundation
import FuzzSupport
import HTTPExchange
import KASService
import NanoTDF
import WireCore

/// The mock KAS's OpenTDF requests (`wirecheck serve kas` over HTTP): the Connect and REST rewrap, whose body carries a
/// signed request token (a JWT whose `requestBody` claim is JSON holding a NanoTDF header), the public-key call and the
/// token endpoint. The first byte picks the call (bits 0-1: Connect Rewrap, REST rewrap, Connect PublicKey, token),
/// the codec (bit 2: proto, else JSON) and a gzip body (bit 3); the rest is the body, sent with a bearer token the
/// target keeps fresh. Oracles: the status is one the KAS answers with; a 200 rewrap decodes in its codec and each
/// result is a permit with a key and no error or a fail with an error and no key; an error body is the Connect (or
/// gateway) JSON error.
let kasKey = try! PrivateKey(scalar: (1...32).map(UInt8.init), curve: .secp256r1)
let service = KASService(config: KASServiceConfig(), kasKey: kasKey)
/// A bearer token from the service's own token endpoint, fetched again before it expires (tokens live 300 s; a long run
/// would otherwise see nothing but 401s after five minutes).
nonisolated(unsafe) var bearer = (token: "", issued: Date.distantPast)
func currentBearer() -> String {
    if Date().timeIntervalSince(bearer.issued) > 200 {
        let reply = service.handle(
            APIRequest(
                method: "POST", path: "/auth/token",
                body: Array("grant_type=client_credentials&client_id=opentdf&client_secret=secret".utf8)))
        bearer = ((try? JSONParser.parse(reply.body))?["access_token"]?.stringValue ?? "", Date())
    }
    return bearer.token
}
let paths = ["/kas.AccessService/Rewrap", "/kas/v2/rewrap", "/kas.AccessService/PublicKey", "/auth/token"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = inputBytes(start, count)
    guard let selector = bytes.first else { return 0 }
    let path = paths[Int(selector & 3)]
    let codec: ConnectCodec = selector & 4 != 0 && path.hasPrefix("/kas.") ? .proto : .json
    var headers: [(name: String, value: String)] = [("Authorization", "Bearer \(currentBearer())"), ("Content-Type", codec.contentType)]
    if selector & 8 != 0 { headers.append(("Content-Encoding", "gzip")) }
    let reply = service.handle(APIRequest(method: "POST", path: path, headers: headers, body: Array(bytes.dropFirst())))
    guard [200, 400, 401, 403, 404, 413, 429, 501].contains(reply.status) else { contractViolated("status \(reply.status) for \(path)") }
    guard reply.status == 200 else {
        guard let error = try? JSONParser.parse(reply.body), error["code"] != nil || error["error"] != nil else {
            contractViolated("a \(reply.status) whose body is not a JSON error: \(reply.bodyText.prefix(80))")
        }
        consume(error)
        return 0
    }
    if path == paths[0] || path == paths[1] {
        let response: KASRewrapResponse
        do {
            response = try KASRewrapResponse(decoding: reply.body, codec: codec)
        } catch {
            contractViolated("a 200 rewrap answer that does not decode: \(error)")
        }
        for result in response.responses.flatMap(\.results) {
            switch result.status {
            case "permit" where result.kasWrappedKey != nil && result.error == nil: consume(result.kasWrappedKey!)
            case "fail" where result.kasWrappedKey == nil && result.error != nil: consume(Array(result.error!.utf8))
            default: contractViolated("a result \(result.status) with key \(result.kasWrappedKey != nil), error \(result.error ?? "nil")")
            }
        }
    }
    return 0
}
