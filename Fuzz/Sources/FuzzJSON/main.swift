import FuzzSupport
import WireCore

/// The ordered JSON parser. Oracles: accepted input writes out as JSON that parses to an equal
/// value and writes out the same again; errors point inside the input; nesting never overflows.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = inputBytes(start, count)
    do {
        let value = try JSONParser.parse(input, duplicateKeys: .keepLast)
        let written = JSONWriter.compact(value)
        consume(written.utf8.count)
        guard let reparsed = try? JSONParser.parse(written) else { contractViolated("writer output does not parse: \(written)") }
        require(reparsed == value, "round trip changed the value: \(written)")
        require(JSONWriter.compact(reparsed) == written, "writing is not stable: \(written)")
    } catch {
        require(error.offset >= 0 && error.offset <= count, "error offset \(error.offset) outside the input")
    }
    return 0
}
