import CdevAuth
import FuzzSupport
import WireCore

let secret = (0..<32).map(UInt8.init)
let serverId = "AbCdEfGhIjKlMnOp"
let strictURL = Base64Variant(.url, .raw, .strict)

/// cdev token validation with a fixed secret. Oracles: a token that validates, minted again from
/// its payload, validates to the same payload; and a token that uses none of Go's leniencies (its
/// bytes are what strict parsing writes back at every level) re-mints to exactly the same string.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let token = String(decoding: inputBytes(start, count), as: UTF8.self)
    let payload: TokenPayload
    do {
        payload = try CdevToken.validate(token, secret: secret, serverId: serverId, now: 1_735_516_800)
    } catch {
        consume(error.code)
        return 0
    }
    let again = CdevToken.mint(payload, secret: secret)
    guard let revalidated = try? CdevToken.validate(again, secret: secret, serverId: serverId, now: 1_735_516_800) else {
        contractViolated("re-minted token does not validate: \(again)")
    }
    require(revalidated == payload, "re-minted token validates to another payload")
    if isCanonical(token, payload: payload) {
        require(again == token, "a canonical token re-mints differently: \(token.debugDescription) -> \(again)")
    }
    return 0
}

/// Strict decoding at every level gives back exactly the input's bytes when written again.
func isCanonical(_ token: String, payload: TokenPayload) -> Bool {
    guard let body = try? Base64.decode(utf8: Array(token.utf8.dropFirst(7)), variant: strictURL),
        let outer = (try? JSONParser.parse(body))?.objectValue, outer.count == 2,
        let p = outer["p"]?.stringValue, let s = outer["s"]?.stringValue,
        JSONWriter(options: .init(escapeHTML: true)).bytes(["p": .string(p), "s": .string(s)]) == body,
        let payloadBytes = try? Base64.decode(p, variant: strictURL), (try? Base64.decode(s, variant: strictURL)) != nil
    else { return false }
    // Only the prefix Go mints for the type is canonical (cdev_s_ carries both session and access).
    return payloadBytes == payload.bytes && token.hasPrefix(TokenType(rawValue: payload.type)?.prefix ?? "cdev_s_")
}
