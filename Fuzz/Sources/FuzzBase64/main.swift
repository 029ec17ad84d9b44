import SodiumCheck
import FuzzSupport
import WireCore

/// Base64 in all eight variants. Oracles: strict output re-encodes to the input; Go mode accepts
/// everything strict accepts, with the same bytes; strict agrees with libsodium's sodium_base642bin.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = inputBytes(start, count)
    if !Libsodium.initialize() { contractViolated("sodium_init failed") }
    for variant in Base64Variant.all where variant.mode == .strict {
        let go = Base64Variant(variant.alphabet, variant.padding, .go)
        let strict = Result { () throws(WireError) in try Base64.decode(utf8: input, variant: variant) }
        let lenient = Result { () throws(WireError) in try Base64.decode(utf8: input, variant: go) }
        switch strict {
        case .success(let bytes):
            consume(bytes.count)
            require(
                Array(Base64.encode(bytes, variant: variant).utf8) == input, "\(variant): strict output does not re-encode to the input")
            require((try? lenient.get()) == bytes, "\(variant): go mode disagrees with strict on accepted input")
        case .failure(let error):
            require(error.offset >= 0 && error.offset <= count, "\(variant): error offset \(error.offset) outside the input")
        }
        if case .success(let bytes) = lenient { consume(bytes.count) }
        // libsodium 1.0.18 (Debian 12) decodes every byte 0x80-0xFF as value 63 (signed-char
        // arithmetic; found by this target, Fuzz/FailCases/FuzzBase64/libsodium-high-byte-as-63).
        // No Base64 alphabet has such bytes, so we must reject them; libsodium is not compared there.
        if input.contains(where: { $0 >= 0x80 }) {
            require((try? strict.get()) == nil && (try? lenient.get()) == nil, "\(variant): accepted a byte >= 0x80")
            continue
        }
        require((try? strict.get()) == Libsodium.base64Decode(input, variant: variant), "\(variant): strict disagrees with libsodium")
    }
    return 0
}
