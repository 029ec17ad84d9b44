import FuzzSupport
import NanoTDF

/// Whole-container parsing. Oracles: an accepted container re-serializes to exactly its input
/// (serialization is canonical, NanoTDF spec decisions), and its header is what `parseHeader`
/// reads from the same bytes, with the same length.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = inputBytes(start, count)
    let container: Container
    do {
        container = try Container.parse(bytes)
    } catch {
        require(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside the input")
        consume(error.code)
        return 0
    }
    require(container.bytes == bytes, "an accepted container re-serializes differently")
    guard let (header, length) = try? Container.parseHeader(bytes) else { contractViolated("parse accepts what parseHeader refuses") }
    require(header == container.header, "parseHeader reads another header")
    require(length == header.bytes.count, "parseHeader's length is not the header's size")
    return 0
}
