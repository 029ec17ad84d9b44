import ConformanceKit
import CrossCheck
import NanoTDF
import WireCore

/// NanoTDF header parsing on the spec examples, and payload decryption of a 64 KiB container next
/// to raw OpenSSL AES-256-GCM of the same bytes; the ECDH + HKDF that decryption starts with is
/// measured on its own.
enum NanoTDFBench {
    static let set = BenchSet(
        summary: "header parse of the spec examples; 64 KiB payload decryption next to raw OpenSSL AES-256-GCM, ECDH+HKDF apart"
    ) { _ in
        let kasKey = NanoTDFCryptoShape.kasKey(.secp256r1)
        var shape = NanoTDFCryptoShape(cipher: .aes256GCM128, seed: 9700)
        shape.plaintextLength = 64 * 1024
        let bytes = try Container.encrypt(shape.parameters).bytes
        let container = try Container.parse(bytes)
        let header = container.header
        guard let payloadKey = KeyAgreement.payloadKey(kasKey, peer: header.ephemeralPublicKey, version: header.version) else {
            throw NanoTDFCryptoError.offCurve(field: "ephemeralPublicKey", offset: nil)
        }
        let nonce = IVConvention.zeroPrefix.nonce(container.payload.iv)
        let raw = OpenSSL.aes256GCMSeal(key: payloadKey, nonce: nonce, plaintext: Array(repeating: 0x61, count: 64 * 1024))
        let payloadBytes = container.payload.ciphertext.count
        let gcm = "raw OpenSSL AES-256-GCM open of the same 64 KiB"
        return [
            BenchCase("nanotdf header parse, spec example 1 (142 B)", inputBytes: 142, unit: .operationsPerSecond) {
                (try? Container.parseHeader(NanoTDFFixtures.specExample1))?.length ?? 0
            },
            BenchCase("nanotdf header parse, spec example 2 (151 B)", inputBytes: 151, unit: .operationsPerSecond) {
                (try? Container.parseHeader(NanoTDFFixtures.specExample2))?.length ?? 0
            },
            BenchCase(
                "nanotdf payload decrypt, 64 KiB, payload key known (parse+GCM)", inputBytes: payloadBytes, unit: .megabytesPerSecond,
                floor: gcm
            ) {
                (try? Container.parse(bytes))?.openPayload(payloadKey: payloadKey, ivConvention: .zeroPrefix)?.0.count ?? 0
            },
            BenchCase(gcm, inputBytes: payloadBytes, unit: .megabytesPerSecond) {
                OpenSSL.aes256GCMOpen(key: payloadKey, nonce: nonce, ciphertext: raw.ciphertext, tag: raw.tag)?.count ?? 0
            },
            BenchCase("nanotdf ECDH + HKDF on secp256r1 (the start of every decrypt)", inputBytes: 33, unit: .operationsPerSecond) {
                KeyAgreement.payloadKey(kasKey, peer: header.ephemeralPublicKey, version: header.version)?.count ?? 0
            },
            BenchCase("nanotdf decrypt, 64 KiB container, auto convention (all of it)", inputBytes: payloadBytes, unit: .megabytesPerSecond)
            {
                (try? Container.parse(bytes).decrypt(with: kasKey))?.plaintext.count ?? 0
            },
        ]
    }
}
