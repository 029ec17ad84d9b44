import ConformanceKit
import Crypto
import ModelExchange
import WireCore

/// Whole FlowDown protocol steps next to the one primitive each is built on, on the same sizes.
enum FlowDownBench {
    static let set = BenchSet(summary: "exchange-URL verify and payload open next to raw Ed25519 and ChaCha20-Poly1305") { _ in
        let pair = try ModelExchangeKeyPair(seed: (1...32).map(UInt8.init))
        let request = ExchangeRequest(
            session: "5F0C3A52-1B7E-4C1D-9A3B-2E6F8D7C4B10-0D9E8F7A-6B5C-4D3E-8F2A-1B0C9D8E7F6A",
            appName: "Benchmark App", reason: "Measure verification", capabilities: [.visual, .tool],
            multipleSelection: true, timestamp: 1_700_000_000)
        let signed = try request.signedURL(keyPair: pair)
        let clock = FixedClock(1_700_000_000)
        let signature = try Base64.decode(signed.signature, variant: .foundation)
        let signingKey = pair.signing.publicKey
        let digest = signed.digest
        precondition((try? ExchangeVerifier.verify(signed.url, publicKey: pair.publicKey, clock: clock)) != nil)

        var random = SeededRandom(seed: 7)
        let plaintext = ModelsPlist.encodeXML(
            (0..<3).map { n in
                var model = CloudModel()
                model.name = "Model \(n)"
                model.token = String(repeating: "k", count: 48)
                model.endpoint = "https://api.example.com/v1/chat/completions"
                model.capabilities = ["visual", "tool"]
                return model
            })
        let wrapper = try PayloadCipher.seal(
            plaintext, to: pair.publicKey, session: request.session, ephemeralPrivateKey: random.bytes(32), nonce: random.bytes(12))
        let payload = wrapper.encoded
        let box = try Base64.decode(wrapper.sealed, variant: .foundation)
        let ephemeral = try Curve25519.KeyAgreement.PublicKey(
            rawRepresentation: try Base64.decode(wrapper.ephemeralPublicKey, variant: .foundation))
        let salt = Array((PayloadCipher.saltPrefix + request.session).utf8)
        let sealedBox = try ChaChaPoly.SealedBox(combined: box)
        let agreementKey = pair.agreement
        // The floor must open the very payload the protocol row opens.
        let floorKey = try pair.agreement.sharedSecretFromKeyAgreement(with: ephemeral).hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: salt, sharedInfo: pair.publicKey.signing, outputByteCount: 32)
        precondition((try? ChaChaPoly.open(sealedBox, using: floorKey)).map(Array.init) == plaintext)
        let key = SymmetricKey(data: random.bytes(32))
        let rawBox = try ChaChaPoly.seal(plaintext, using: key, nonce: ChaChaPoly.Nonce(data: Array(box.prefix(12))))
        let ed25519 = "raw Ed25519 verify of the 32-byte digest (swift-crypto)"
        let openFloor = "raw X25519 + HKDF-SHA256 + ChaCha20-Poly1305 open of the same payload (the crypto floor of open)"
        return [
            BenchCase(
                "flowdown exchange-URL verify (parse+canonical+SHA-256+Ed25519)", inputBytes: signed.url.utf8.count,
                unit: .operationsPerSecond, floor: ed25519
            ) {
                (try? ExchangeVerifier.verify(signed.url, publicKey: pair.publicKey, clock: clock)) == nil ? 0 : 1
            },
            BenchCase(ed25519, inputBytes: 32, unit: .operationsPerSecond) {
                signingKey.isValidSignature(signature, for: digest) ? 1 : 0
            },
            BenchCase(
                "flowdown payload open (Base64+JSON+X25519+HKDF+ChaCha20-Poly1305)", inputBytes: payload.utf8.count,
                unit: .operationsPerSecond, floor: openFloor
            ) { (try? PayloadCipher.open(payload, keyPair: pair))?.plaintext.count ?? 0 },
            BenchCase(openFloor, inputBytes: payload.utf8.count, unit: .operationsPerSecond) {
                guard let shared = try? agreementKey.sharedSecretFromKeyAgreement(with: ephemeral) else { return 0 }
                let key = shared.hkdfDerivedSymmetricKey(
                    using: SHA256.self, salt: salt, sharedInfo: pair.publicKey.signing, outputByteCount: 32)
                return (try? ChaChaPoly.open(sealedBox, using: key))?.count ?? 0
            },
            BenchCase(
                "raw ChaCha20-Poly1305 open of the same \(plaintext.count) bytes (swift-crypto)", inputBytes: box.count,
                unit: .operationsPerSecond
            ) { (try? ChaChaPoly.open(rawBox, using: key))?.count ?? 0 },
        ]
    }
}
