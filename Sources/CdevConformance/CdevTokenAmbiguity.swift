import CdevAuth
import ConformanceKit
import WireCore

/// Which fuzz-made inputs the contract lets a reader take either way (contract section 5): a token is read as Go reads
/// it, and a stricter reader may refuse what only Go's leniency accepts. Without this rule, a token that gained a
/// repeated key or an unknown one from a valid case would be judged as the valid case, and a strict reader that
/// refuses it, as the contract allows, would be a finding.
extension CdevTokenSuite {
    /// `cdev.mint` of a type none of cdev's, and `cdev.validate` of a token that only Go's leniency reads: the
    /// reference's answer or a refusal. Everything else: the reference's answer only.
    public func ambiguity(of input: JSONObject, in group: TestGroup) -> InputAmbiguity {
        switch group.type {
        case Self.mint.type:
            guard let type = input[F.type] else { return .unknown }
            return TokenType.allCases.contains(where: { $0.rawValue.isExactly(type) })
                ? .referenceOnly
                : .refusable("type \(type.debugDescription) is none of cdev's: mint it under cdev_s_ or refuse (contract 5)")
        case Self.validate.type:
            // Whatever the reference answers: a refusal conforms (a stricter reader stops earlier, with its own class), an
            // acceptance is judged against the reference's answer, so a reader that also skipped the expiry or the MAC
            // still fails. (A token Go refuses because of its leniency, a case-folded key overriding `server_id`, is
            // judged as Go judges it: a reader that folds no case and accepts it is a finding, though the contract
            // lets it not fold.)
            guard let token = input[F.tokenToValidate] else { return .unknown }
            return Self.goLeniency(in: token).map { .refusable("\($0), which a reader may refuse (contract 3.2, 5)") } ?? .referenceOnly
        default:
            return .unknown
        }
    }

    /// What of `token` only Go's reading accepts, if anything: a line break or non-zero trailing bits in a Base64 layer,
    /// or an outer object or payload that Go reads and a strict RFC 8259 reader with exact keys does not (a repeated,
    /// case-folded or unknown key, invalid UTF-8, a lone surrogate, a number beyond a double, nesting past 256).
    static func goLeniency(in token: String) -> String? {
        guard let prefix = TokenType.prefix(of: token) else { return nil }
        let body = String(token.dropFirst(prefix.count))
        if let lenient = base64Leniency(body, layer: "the body") { return lenient }
        guard let outer = try? Base64.decode(body, variant: .goRawURL),
            let outerObject = try? GoJSONObject(outer, fieldNames: ["p", "s"])
        else { return nil }
        if let lenient = jsonLeniency(outer, fields: ["p", "s"], layer: "the outer object") { return lenient }
        guard let p = try? outerObject.string("p"), let s = try? outerObject.string("s") else { return nil }
        if let lenient = base64Leniency(p, layer: "p") ?? base64Leniency(s, layer: "s") { return lenient }
        guard let payload = try? Base64.decode(p, variant: .goRawURL), (try? TokenPayload(decoding: payload)) != nil else { return nil }
        return jsonLeniency(payload, fields: TokenPayload.fieldNames, layer: "the payload")
    }

    /// Go's `RawURLEncoding` skips CR and LF and ignores the unused bits of the last character (contract 1.4).
    static func base64Leniency(_ text: String, layer: String) -> String? {
        if text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { return "a line break in \(layer)'s Base64" }
        guard let bytes = try? Base64.decode(text, variant: .goRawURL) else { return nil }
        return Base64.encode(bytes, variant: .goRawURL).isExactly(text) ? nil : "non-zero trailing bits in \(layer)'s Base64"
    }

    /// The JSON of one layer, which Go reads: nil when a strict reader with exact keys reads it too.
    static func jsonLeniency(_ bytes: [UInt8], fields: [String], layer: String) -> String? {
        guard let object = (try? JSONParser.parse(bytes, duplicateKeys: .reject))?.objectValue else {
            return "\(layer) read only by Go's lenient JSON (a repeated key, invalid UTF-8, a lone surrogate, 1e999 or deep nesting)"
        }
        guard let key = object.keys.first(where: { !fields.containsExactly($0) }) else { return nil }
        return "\(layer)'s key \(key.debugDescription), not one of its fields as written"
    }
}
