import ArkavoWire
import FuzzArkavoTable
import FuzzSupport

/// FlatBuffers Event (event.fbs) through the generated Verifier; the oracle is `checkTable`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    checkTable(Event.self, inputBytes(start, count))
    return 0
}
