import ConformanceKit
import ModelExchange
import WireCore

extension FlowDownPayloadSuite {
    /// Payloads sealed by the reference for a random key pair: sessions with Unicode and odd lengths,
    /// plaintexts of every small length and around a ChaCha20 block, opened with the right seed and
    /// session, another session, or none.
    public func fuzzGenerators(of kind: GroupKind) -> [FuzzGenerator] {
        guard kind.type == Self.open.type else { return [] }
        return [
            FuzzGenerator("sealed") { random in
                guard let pair = try? ModelExchangeKeyPair(seed: random.bytes(32)) else { return nil }
                let session = random.pick(["s", "", "session-\(random.below(1000))", "séance", "😀", String(repeating: "x", count: 300)])
                let plaintext = random.bytes(random.length(near: [0, 1, 63, 64, 65], maximum: 200))
                guard
                    let sealed = try? PayloadCipher.seal(
                        plaintext, to: pair.publicKey, session: session, ephemeralPrivateKey: random.bytes(32), nonce: random.bytes(12))
                else { return nil }
                var input = JSONObject(F.seed(pair.seed), F.payload(sealed.encoded))
                if !random.chance(3) { input.set(F.expectedSession, random.chance(4) ? session + "x" : session) }
                return FuzzGenerator.Made(
                    input: input, comment: "\(plaintext.count) bytes sealed for session \(session.prefix(12).debugDescription)")
            }
        ]
    }
}
