import ATProtoLexicon
import FuzzSupport

/// The atproto string-format checkers. The first byte picks the format, the rest is the value.
/// Oracles: a refusal's offset lies inside the value; datetime agrees with the grammar-driven second
/// implementation (`DatetimeGrammar`); at-identifier is exactly "DID or handle"; a valid at-uri's
/// parts are each valid; only `uri` accepts anything outside ASCII.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = inputBytes(start, count)
    guard let selector = bytes.first else { return 0 }
    let format = StringFormat.allCases[Int(selector) % StringFormat.allCases.count]
    let value = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let valid: Bool
    do {
        try format.check(value)
        valid = true
    } catch {
        require(
            (error.offset ?? 0) >= 0 && (error.offset ?? 0) <= value.utf8.count,
            "offset \(String(describing: error.offset)) outside the value")
        consume(error.reason)
        valid = false
    }
    if valid, format != .uri { require(value.utf8.allSatisfy { $0 < 0x80 }, "\(format) accepted non-ASCII \(value.debugDescription)") }
    switch format {
    case .datetime:
        require(valid == DatetimeGrammar.accepts(value), "parser says \(valid), grammar says \(!valid) for \(value.debugDescription)")
        if valid, let parsed = try? Datetime.parse(value) { consume(parsed.unixSeconds) }
        let lenient = (try? Datetime.parse(value, mode: .lenient)) != nil
        require(!valid || lenient, "lenient mode refused a strict datetime \(value.debugDescription)")
    case .atIdentifier:
        require(valid == (StringFormat.did.isValid(value) || StringFormat.handle.isValid(value)), "at-identifier is not DID-or-handle")
    case .atURI where valid:
        let parts = value.dropFirst("at://".count).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        require(StringFormat.atIdentifier.isValid(parts[0]), "a valid at-uri with an invalid authority")
        if parts.count > 1 { require(StringFormat.nsid.isValid(parts[1]), "a valid at-uri with an invalid collection") }
        if parts.count > 2 { require(StringFormat.recordKey.isValid(parts[2]), "a valid at-uri with an invalid record key") }
    default: break
    }
    return 0
}
