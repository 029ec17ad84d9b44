import ArkavoWire
import FuzzSupport

/// Arkavo WebSocket frames (NanoTDF inside 0x03, 0x05, 0x06 and bare; FlatBuffers Events in 0x06).
/// Oracles: a refusal names an offset inside the frame; an accepted frame writes back exactly its
/// bytes; an Event inside one re-encodes to a buffer the Verifier accepts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = inputBytes(start, count)
    let frame: Frame
    do {
        frame = try Frame.decode(bytes)
    } catch {
        require(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside the frame")
        consume(error.code)
        return 0
    }
    require(frame.bytes == bytes, "an accepted frame writes back other bytes")
    if case .event(let event, _) = frame {
        require(Event.verifies(event.encode()), "a decoded Event re-encodes to a buffer the Verifier refuses")
        consume(event.json)
    }
    return 0
}
