import CdevAuth
import ConformanceKit
import Crypto

/// A whole cdev token validation next to the HMAC-SHA256 of the same payload bytes.
enum CdevBench {
    static let set = BenchSet(summary: "token validation next to raw HMAC-SHA256") { _ in
        let secret = (0..<32).map(UInt8.init)
        let payload = TokenPayload(
            type: "access", serverId: "AbCdEfGhIjKlMnOp", issuedAt: 1_735_516_800, expiresAt: 1_735_517_700,
            nonce: "AcCeSsNoNcE_0123", deviceId: "DeViCeId-0123456")
        let token = CdevToken.mint(payload, secret: secret)
        let bytes = payload.bytes
        // A server prepares its secret once (TokenManager does); the floor below does not.
        let key = CdevSigning.Key(secret: secret)
        let hmacFloor = "raw HMAC-SHA256 of the same \(bytes.count) payload bytes (swift-crypto)"
        return [
            BenchCase(
                "cdev token validate (3x base64url+2x JSON+HMAC-SHA256)", inputBytes: token.utf8.count, unit: .operationsPerSecond,
                floor: hmacFloor
            ) {
                (try? CdevToken.validate(token, key: key, serverId: "AbCdEfGhIjKlMnOp", now: 1_735_516_800)) == nil ? 0 : 1
            },
            BenchCase(
                "cdev token validate from the raw secret (one-shot HMAC per call)", inputBytes: token.utf8.count,
                unit: .operationsPerSecond, floor: hmacFloor
            ) {
                (try? CdevToken.validate(token, secret: secret, serverId: "AbCdEfGhIjKlMnOp", now: 1_735_516_800)) == nil ? 0 : 1
            },
            BenchCase(hmacFloor, inputBytes: bytes.count, unit: .operationsPerSecond) {
                // From the secret's bytes, as the floor was measured (key setup included).
                HMAC<SHA256>.authenticationCode(for: bytes, using: SymmetricKey(data: secret)).byteCount
            },
            BenchCase(
                "HMAC-SHA256 of the same bytes from a prepared key (CdevSigning.Key)", inputBytes: bytes.count, unit: .operationsPerSecond
            ) {
                key.mac(bytes).count
            },
        ]
    }
}
