import SodiumCheck
import FuzzSupport
import WireCore

/// Hex decoding. Oracles: accepted input re-encodes to its lowercase form; errors point inside it;
/// libsodium's sodium_hex2bin makes the same decision with the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = inputBytes(start, count)
    require((try? Hex.decode(utf8: input)) == Libsodium.hexDecode(input), "hex disagrees with libsodium")
    do {
        let bytes = try Hex.decode(utf8: input)
        consume(bytes.count)
        let lowered = input.map { (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) ? $0 + 32 : $0 }
        require(Array(Hex.encode(bytes).utf8) == lowered, "hex round trip changed the input")
    } catch {
        require(error.offset >= 0 && error.offset <= count, "error offset \(error.offset) outside the input")
    }
    return 0
}
