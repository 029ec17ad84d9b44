import ArkavoWire
import FuzzArkavoTable
import FuzzSupport

/// FlatBuffers Metadata (metadata.fbs, the policy body of Arkavo NanoTDFs) through the generated
/// Verifier; the oracle is `checkTable`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    checkTable(Metadata.self, inputBytes(start, count))
    return 0
}
