import Foundation
import ModelExchange
import WireCore

/// The payload wrapper as FlowDown decodes it, in-process: `Data(base64Encoded:)`, then `JSONDecoder` into
/// the three string fields. The reference's `PayloadWrapper` must read every input the same way, except
/// in the two documented classes where Foundation is more lenient (the vectors' `FoundationBase64` and
/// `FoundationJSON` cases, `acceptable`).
enum FoundationWrapper {
    private struct Fields: Decodable {
        let session: String
        let sealed: String
        let ephemeralPublicKey: String
    }

    /// Foundation's wrapper, or nil when FlowDown refuses the payload before the box.
    static func read(_ payload: String) -> PayloadWrapper? {
        guard let bytes = Data(base64Encoded: payload), let fields = try? JSONDecoder().decode(Fields.self, from: bytes) else {
            return nil
        }
        return PayloadWrapper(session: fields.session, sealed: fields.sealed, ephemeralPublicKey: fields.ephemeralPublicKey)
    }

    /// The documented class where Foundation reads `payload` and the reference refuses it, by name; nil
    /// when there is none (a finding).
    static func knownLeniency(_ payload: String) -> String? {
        guard let bytes = Data(base64Encoded: payload) else { return nil }
        // Base64 that Foundation decodes but is not canonical (non-zero unused bits, '=' after the padding):
        // written canonically, the reference reads it as Foundation does.
        let canonical = Base64.encode(Array(bytes), variant: .foundation)
        if canonical != payload, (try? PayloadWrapper(encoded: canonical)) == read(payload) { return "FoundationBase64" }
        // JSON that Foundation's parser takes and RFC 8259 does not (trailing comma, leading zero, 1e400).
        var json = Array(bytes)
        if json.starts(with: [0xEF, 0xBB, 0xBF]) { json.removeFirst(3) }
        if (try? JSONParser.parse(json, duplicateKeys: .keepFirst)) == nil { return "FoundationJSON" }
        return nil
    }
}
