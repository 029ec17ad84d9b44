import ArkavoWire
import FuzzArkavoTable
import FuzzSupport

/// FlatBuffers Metadata (metadata.fbs, the policy body of Arkavo NanoTDFs) through the generated
/// Verifier; the oracle is `checkTable`, and every string of an accepted Metadata must be in the
/// buffer byte for byte followed by its 0 (a string repaired on the way, with U+FFFD for bytes that
/// are not UTF-8, would not be).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = inputBytes(start, count)
    if let metadata = checkTable(Metadata.self, bytes) {
        let strings = [
            metadata.archive?.version, metadata.archive?.profile, metadata.content?.format?.version, metadata.content?.format?.profile,
        ]
        for string in strings.compactMap({ $0 }) {
            require(bytes.firstRange(of: Array(string.utf8) + [0]) != nil, "a decoded string is not in the buffer as read: \(string)")
        }
    }
    return 0
}
