import ConformanceKit
import Foundation
import ModelExchange
import WireCore

/// Which fuzz-made `flowdown.openPayload` inputs the contract lets a receiver open or refuse (section 9, flags
/// `FoundationJSON` and `FoundationBase64`): FlowDown reads the wrapper with Foundation, which also takes a byte-order
/// mark, a trailing comma, a leading zero, `1e400`, a repeated key, a key canonically equivalent to a member's name
/// (`ephemeralPublic\u212Aey` with KELVIN SIGN), an `=` after complete Base64 and non-zero trailing bits; a strict
/// reader refuses them, and the reference the comma, the zero and `1e400`. On such a payload a refusal conforms, and
/// an acceptance must be FlowDown's (the reference's, or what Foundation's reading opens).
extension FlowDownPayloadSuite {
    /// `flowdown.openPayload` of a payload the reference refuses and FlowDown opens: the refusal or FlowDown's answer.
    /// Of another that only Foundation reads: the reference's answer or a refusal. Of any other payload, the reference's
    /// answer only. `flowdown.sealPayload` has no rule.
    public func ambiguity(of input: JSONObject, in group: TestGroup) -> InputAmbiguity {
        guard group.type == Self.open.type else { return .unknown }
        guard let seed = input[F.seed], let payload = input[F.payload], let pair = try? ModelExchangeKeyPair(seed: seed) else {
            return .unknown
        }
        let expected = input[F.expectedSession]
        if (try? PayloadCipher.open(payload, keyPair: pair, expectedSession: expected)) == nil,
            let opened = Self.openedAsFoundationReads(payload, keyPair: pair, expectedSession: expected)
        {
            // The reference refuses what only Foundation reads (a trailing comma, a leading zero, 1e400); FlowDown opens
            // it: its answer is the other conforming one.
            let result = JSONObject(F.payloadSession(opened.session), F.plaintext(opened.plaintext))
            return .oneOf("a wrapper only Foundation's JSON reads, which FlowDown opens (contract 9, FoundationJSON)", results: [result])
        }
        // Opened or not, a strict reader may refuse what only Foundation reads; an acceptance is the reference's.
        return Self.foundationLeniency(in: payload).map { .refusable("\($0), which a strict reader refuses (contract 9)") }
            ?? .referenceOnly
    }

    /// The wrapper as FlowDown decodes it.
    private struct FoundationWrapper: Decodable {
        let session, sealed, ephemeralPublicKey: String
    }

    /// The payload opened with its wrapper read by Foundation's `JSONDecoder`, as FlowDown reads it, or nil.
    static func openedAsFoundationReads(_ payload: String, keyPair: ModelExchangeKeyPair, expectedSession: String?)
        -> (session: String, plaintext: [UInt8])?
    {
        guard let bytes = try? Base64.decode(payload, variant: .foundation),
            let wrapper = try? JSONDecoder().decode(FoundationWrapper.self, from: Data(bytes))
        else { return nil }
        let strict = encode([
            ("session", wrapper.session), ("sealed", wrapper.sealed), ("ephemeralPublicKey", wrapper.ephemeralPublicKey),
        ])
        return try? PayloadCipher.open(strict, keyPair: keyPair, expectedSession: expectedSession)
    }

    static let wrapperMembers = ["session", "sealed", "ephemeralPublicKey"]

    /// What of an opened payload only Foundation's reading accepts, if anything.
    static func foundationLeniency(in payload: String) -> String? {
        if let lenient = base64Leniency(payload, layer: "the payload") { return lenient }
        guard let bytes = try? Base64.decode(payload, variant: .foundation) else { return nil }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "a byte-order mark before the wrapper" }
        guard let wrapper = (try? JSONParser.parse(bytes, duplicateKeys: .reject))?.objectValue else {
            return "a wrapper only Foundation's JSON reads (a repeated key, a trailing comma, a leading zero, 1e400)"
        }
        for name in wrapperMembers {
            // Found only through a canonically equivalent spelling, or one beside the exact member, which Foundation
            // may read first: either way a reader of exact keys may see another wrapper.
            if wrapper.keys.contains(where: { $0 == name && !$0.isExactly(name) }) {
                return "a member named \(name) by canonical equivalence"
            }
            guard let value = wrapper[name]?.stringValue else { return "no member \(name) as written" }
            if name != "session", let lenient = base64Leniency(value, layer: name) { return lenient }
        }
        return nil
    }

    /// Foundation's Base64 reading takes an `=` after complete text and non-zero unused bits of the last character.
    static func base64Leniency(_ text: String, layer: String) -> String? {
        guard let bytes = try? Base64.decode(text, variant: .foundation) else { return nil }
        return Base64.encode(bytes, variant: .foundation).isExactly(text) ? nil : "\(layer)'s Base64 in a form only Foundation reads"
    }
}
