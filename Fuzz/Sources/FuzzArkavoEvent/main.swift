import ArkavoWire
import FuzzSupport
import WireCore

/// FlatBuffers Event (event.fbs) through the generated Verifier, with the default limits and, when
/// those accept, with small ones taken from the input's length (every fourth length). Oracles: decode succeeds exactly when the Verifier
/// alone accepts, and a refusal has a field reason (the walk agrees with the generated code); an
/// accepted buffer re-encodes to one the Verifier accepts and that decodes to the same Event; the
/// JSON form reads back to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = inputBytes(start, count)
    guard let event = agrees(bytes, .default) else { return 0 }
    // Lower limits only matter for a buffer the default ones accept (a refused one stays refused);
    // inputs of every fourth length take them (the check costs a fifth of the target's speed).
    if count % 4 == 0 { _ = agrees(bytes, VerifierLimits(maxDepth: UInt32(1 + count / 4 % 3), maxTables: UInt32(1 + count / 4 % 4))) }
    let again = event.encode()
    require(Event.verifies(again), "a decoded Event re-encodes to a buffer the Verifier refuses")
    require((try? Event.decode(again)) == event, "a re-encoded Event decodes differently")
    require((try? Event(json: .object(event.json))) == event, "the JSON form does not read back")
    return 0
}

/// Decodes under `limits` and checks that decode and the Verifier alone agree; the Event, if any.
func agrees(_ bytes: [UInt8], _ limits: VerifierLimits) -> Event? {
    let verified = Event.verifies(bytes, limits: limits)
    do {
        let event = try Event.decode(bytes, limits: limits)
        require(verified, "decode accepted what the Verifier refuses")
        return event
    } catch {
        require(!verified, "decode refused what the Verifier accepts: \(error)")
        if case .flatBufferInvalid(let reason, _) = error {
            require(!reason.hasPrefix("refused by the Verifier"), "the reason walk accepted a refused buffer")
        }
        require(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside the buffer")
        return nil
    }
}
