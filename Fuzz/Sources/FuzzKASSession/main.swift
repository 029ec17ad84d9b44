import ArkavoWire
import FuzzSupport
import KASService
import NanoTDF

/// The mock KAS's session (`wirecheck serve kas`): a client's frames, one after another, as one connection sends them.
/// The input is a sequence of frames, each a 2-byte big-endian length and that many bytes (a trailing partial frame is
/// the rest). Oracles: an answer is nothing, a 0x01 of 66 bytes, a 0x02 of 34, a 0x04 of 34 (DENY) or 94, or a 0xFF
/// whose body is the JSON error arkavo-rs writes; nothing a client sends stops the session.
let kasKey = try! PrivateKey(scalar: (1...32).map(UInt8.init), curve: .secp256r1)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var bytes = inputBytes(start, count)[...]
    var session = ArkavoKASSession(kasKey: kasKey, era: .c)
    while !bytes.isEmpty {
        let length = bytes.count >= 2 ? Int(bytes[bytes.startIndex]) << 8 | Int(bytes[bytes.startIndex + 1]) : bytes.count
        bytes = bytes.dropFirst(min(2, bytes.count))
        let frame = Array(bytes.prefix(length))
        bytes = bytes.dropFirst(length)
        guard let answer = session.answer(to: frame) else { continue }
        switch (answer.first, answer.count) {
        case (0x01, 66), (0x02, 34), (0x04, 34), (0x04, 94): consume(answer)
        case (0xFF, _):
            do throws(ArkavoError) {
                consume(try ErrorMessage.decode(answer.dropFirst(), offset: 1))
            } catch {
                contractViolated("a 0xFF answer whose body is not arkavo-rs's JSON error: \(error)")
            }
        default: contractViolated("an answer of type \(answer.first.map { String($0) } ?? "none") and \(answer.count) bytes")
        }
    }
    return 0
}
