import FuzzSupport
import WireCore

/// The ordered JSON parser. Oracles: accepted input writes out as JSON that parses to an equal
/// value and writes out the same again; errors point inside the input; nesting never overflows. The
/// `.go` dialect (cdev) accepts everything the strict one does, with the same top-level scalars, and
/// refuses only what it must (its own errors point inside the input too).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = inputBytes(start, count)
    let strict = try? JSONParser.parse(input, duplicateKeys: .keepAll)
    do {
        let go = try JSONParser.parse(input, duplicateKeys: .keepAll, dialect: .go)
        // Below the top level the go dialect gives containers as empty ones of their kind: compare the rest.
        let emptied = { (value: JSONValue) -> JSONValue in
            value.objectValue != nil ? .object(JSONObject()) : value.arrayValue != nil ? .array([]) : value
        }
        let flat = { (value: JSONValue) -> JSONValue in
            switch value {
            case .object(let members):
                // Appended one by one: repeated keys are all kept, as the parse kept them.
                var object = JSONObject()
                for (key, member) in members { object.append(key, emptied(member)) }
                return .object(object)
            case .array(let items): return .array(items.map(emptied))
            default: return value
            }
        }
        if let strict { require(flat(strict) == go, "the go dialect read another value") }
    } catch {
        require(strict == nil, "the go dialect refused what the strict parser accepts: \(error)")
        require(error.offset >= 0 && error.offset <= count, "go dialect error offset \(error.offset) outside the input")
    }
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
