import CdevAuth
import ConformanceKit

/// A whole cdev token validation next to the HMAC-SHA256 of the same payload bytes.
enum CdevBench {
    static let set = BenchSet(summary: "token validation next to raw HMAC-SHA256") { _ in
        let secret = (0..<32).map(UInt8.init)
        let payload = TokenPayload(
            type: "access", serverId: "AbCdEfGhIjKlMnOp", issuedAt: 1_735_516_800, expiresAt: 1_735_517_700,
            nonce: "AcCeSsNoNcE_0123", deviceId: "DeViCeId-0123456")
        let token = CdevToken.mint(payload, secret: secret)
        let bytes = payload.bytes
        return [
            BenchCase("cdev token validate (3x base64url+2x JSON+HMAC-SHA256)", inputBytes: token.utf8.count, unit: .operationsPerSecond) {
                (try? CdevToken.validate(token, secret: secret, serverId: "AbCdEfGhIjKlMnOp", now: 1_735_516_800)) == nil ? 0 : 1
            },
            BenchCase(
                "raw HMAC-SHA256 of the same \(bytes.count) payload bytes (swift-crypto)", inputBytes: bytes.count,
                unit: .operationsPerSecond
            ) {
                CdevSigning.mac(bytes, secret: secret).count
            },
        ]
    }
}
