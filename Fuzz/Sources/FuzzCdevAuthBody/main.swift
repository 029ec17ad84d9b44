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

/// Deterministic bytes from one word of state (SplitMix64). SeededRandom keeps 32 bytes, more than an
/// `any RandomSource` holds inline, so each of the three places that keep one (the manager, the pairing
/// code, the approvals) boxed it on the heap: three allocations per input, which under ASan are among
/// the dearest steps of a short input. What the nonces are does not matter here, only that they repeat.
struct WordRandom: RandomSource {
    var state: UInt64
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = start.load(as: UInt8.self)
    let profile: CdevProfile = selector & 0x10 == 0 ? .baseline : .head
    let path = paths[Int(selector & 0x03)]
    let clock = FixedClock(1_735_516_800)
    let tokens = TokenManager(identity: identity, profile: profile, clock: clock, random: WordRandom(state: 1), signingKey: signingKey)
    let service = CdevService(
        config: CdevServiceConfig(profile: profile, requireAuth: true, sessionId: "s", repositoryRoot: "/nonexistent"),
        tokens: tokens, clock: clock, random: WordRandom(state: 2))
    // Copied once, straight from the input (not the whole input first, then all of it but the selector).
    let body = Array(UnsafeRawBufferPointer(start: start + 1, count: count - 1))
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
