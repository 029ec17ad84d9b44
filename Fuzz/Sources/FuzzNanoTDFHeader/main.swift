import FuzzSupport
import NanoTDF

/// Header parsing as a KAS does it: stops after the header. Oracle: an accepted header is exactly
/// the first `length` bytes when written again, whatever follows it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = inputBytes(start, count)
    let header: Header
    let length: Int
    do {
        (header, length) = try Container.parseHeader(bytes)
    } catch {
        require(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside the input")
        consume(error.code)
        return 0
    }
    require(header.bytes == Array(bytes.prefix(length)), "an accepted header re-serializes differently")
    return 0
}
