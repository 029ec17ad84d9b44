import CrossCheck
import FuzzSupport
import ModelExchange
import WireCore

let seed = [UInt8](repeating: 0x33, count: 32)
let key = try! ModelExchangeKeyPair(seed: seed)

/// Opening the payload with a fixed key. Oracles: Foundation reads the wrapper as the reference does; an
/// independent pipeline (libsodium X25519 and ChaCha20-Poly1305, OpenSSL HKDF) opens exactly the payloads
/// swift-crypto opens, to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    if !Libsodium.initialize() { contractViolated("sodium_init failed") }
    let payload = String(decoding: inputBytes(start, count), as: UTF8.self)
    // Foundation (what FlowDown decodes with) and the reference read the same wrapper, or Foundation is
    // lenient in a documented class.
    let foundation = FoundationWrapper.read(payload)
    let reference = try? PayloadWrapper(encoded: payload)
    if foundation != reference, !(reference == nil && FoundationWrapper.knownLeniency(payload) != nil) {
        contractViolated(
            "Foundation and the reference read the wrapper of \(payload.debugDescription) differently: "
                + "\(String(describing: foundation)) vs \(String(describing: reference))")
    }
    let ours = try? PayloadCipher.open(payload, keyPair: key)
    consume(ours?.plaintext.count ?? -1)
    guard let wrapper = try? PayloadWrapper(encoded: payload),
        let box = try? Base64.decode(wrapper.sealed, variant: .foundation),
        let ephemeral = try? Base64.decode(wrapper.ephemeralPublicKey, variant: .foundation),
        box.count >= 28, ephemeral.count == 32
    else {
        require(ours == nil, "opened a payload whose wrapper is not well formed")
        return 0
    }
    let ed25519 = key.publicKey.signing
    let theirs = Libsodium.x25519(scalar: seed, point: ephemeral)
        .flatMap { OpenSSL.hkdfSHA256(ikm: $0, salt: Array(("flowdown-model-exchange" + wrapper.session).utf8), info: ed25519, length: 32) }
        .flatMap { Libsodium.chaCha20Poly1305Open(ciphertextAndTag: Array(box[12...]), nonce: Array(box[..<12]), key: $0) }
    require(ours?.plaintext == theirs, "swift-crypto and libsodium/OpenSSL disagree on \(payload.debugDescription)")
    return 0
}
