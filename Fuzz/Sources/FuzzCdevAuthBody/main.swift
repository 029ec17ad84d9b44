import CdevAuth
import CdevService
import FuzzSupport
import HTTPExchange
import WireCore

/// Request bodies of the cdev auth API through the real handlers, no sockets. The first byte
/// picks the endpoint and profile; the rest is the body. Oracles: every answer is one of the
/// documented statuses with a JSON body ending in a newline; a refusal is exactly
/// `{"error":…}`; a 200 carries a token pair that validates on this server, and the token
/// that bought it is spent (a second exchange or refresh of it is refused).
let identity = SecretFile(serverId: "AbCdEfGhIjKlMnOp", secret: (0..<32).map(UInt8.init))
/// The secret prepared for HMAC once; every input still gets a fresh manager (no state carried over).
let signingKey = CdevSigning.Key(secret: identity.secret)
let paths = ["/api/auth/exchange", "/api/auth/refresh", "/api/auth/revoke", "/api/pair/code"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = inputBytes(start, count)
    guard let selector = bytes.first else { return 0 }
    let profile: CdevProfile = selector & 0x10 == 0 ? .baseline : .head
    let path = paths[Int(selector & 0x03)]
    let clock = FixedClock(1_735_516_800)
    let tokens = TokenManager(identity: identity, profile: profile, clock: clock, random: SeededRandom(seed: 1), signingKey: signingKey)
    let service = CdevService(
        config: CdevServiceConfig(profile: profile, requireAuth: true, sessionId: "s", repositoryRoot: "/nonexistent"),
        tokens: tokens, clock: clock, random: SeededRandom(seed: 2))
    let body = Array(bytes.dropFirst())
    let response = service.handle(APIRequest(method: "POST", path: path, body: body))
    if profile == .baseline && (path == "/api/auth/revoke" || path == "/api/pair/code") {
        require(response.status == 404, "baseline has no \(path), got \(response.status)")
        return 0
    }
    require([200, 400, 401].contains(response.status), "\(path) answered \(response.status)")
    require(response.body.last == 0x0A, "body without the trailing newline of json.Encoder")
    guard let object = (try? JSONParser.parse(response.body))?.objectValue else {
        contractViolated("body is not a JSON object: \(response.bodyText)")
    }
    guard response.status == 200 else {
        require(object.count == 1 && object["error"]?.stringValue != nil, "a refusal must be {\"error\":…}: \(response.bodyText)")
        return 0
    }
    switch path {
    case "/api/auth/exchange", "/api/auth/refresh":
        guard let access = object["access_token"]?.stringValue, let refresh = object["refresh_token"]?.stringValue,
            (try? tokens.validate(access))?.type == "access", (try? tokens.validate(refresh))?.type == "refresh"
        else { contractViolated("200 without a valid token pair: \(response.bodyText)") }
        let again = service.handle(APIRequest(method: "POST", path: path, body: body))
        require(again.status == 401, "the token of a successful \(path) was not spent: second call gave \(again.status)")
    default:
        break
    }
    return 0
}
