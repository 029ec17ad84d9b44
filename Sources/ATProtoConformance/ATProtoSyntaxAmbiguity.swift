import ATProtoLexicon
import ConformanceKit
import WireCore

/// Values on which the atproto specs let a checker answer either way, recognised from the value itself, so that
/// `wirecheck fuzz` judges a mutated value by the same rules as the vectors' `acceptable` cases (the peers' runs had
/// counted a spec-permitted refusal of `did:x:%7` as a disagreement). A rule holds only when the value has no other
/// fault: a value that is invalid for another reason must still be refused.
enum ATProtoSyntaxAmbiguity {
    /// atproto.com/specs/did: a `%` "must always be followed by two hex characters", and implementations "do
    /// not need to validate percent encoding" (only a final `%` must be refused).
    static let percentEncoding =
        "the DID spec says a '%' must be followed by two hex digits, and also that implementations need not check "
        + "percent-encoding (only a final '%' is refused); the reference, indigo and @atproto/syntax do not check"
    /// The interop rule refuses only the `Qmb` prefix (indigo's parser); other CIDv0 strings pass although
    /// atproto allows CIDv1 only.
    static let cidV0 =
        "the interop rule refuses values starting 'Qmb' (any length, as indigo's parser does); other CIDv0 "
        + "strings pass that check although atproto allows CIDv1 only"
    /// indigo caps a CID at 256 characters; the spec has no limit.
    static let cidLength = "the 256-character limit is the Go implementation's (indigo); the spec sets none"
    /// The interop rule wants something other than `/` after `scheme:` (and one `//`); RFC 3986 lets the path start
    /// with one, as the vectors' acceptable `https:/example.com` and `file:///etc/hosts` do.
    static let slashPath =
        "RFC 3986 lets the path after 'scheme:' (or 'scheme://') start with '/'; the interop rule refuses it"

    /// The rules of the formats that have any: either verdict, or the reference's only. Other formats' values are
    /// as ambiguous as the case they were made from (their `acceptable` cases are listed values, not rules).
    static func ambiguity(_ format: StringFormat, _ value: String) -> InputAmbiguity {
        switch format {
        case .did, .atIdentifier, .atURI, .cid, .uri: eitherBecause(format, value).map { .either($0) } ?? .referenceOnly
        default: .unknown
        }
    }

    /// Why either verdict conforms for `value` in `format`, or nil when the reference's verdict is the only one.
    static func eitherBecause(_ format: StringFormat, _ value: String) -> String? {
        let wellFormed = (try? format.check(value)) != nil
        switch format {
        case .did, .atIdentifier:
            return value.hasPrefix("did:") && wellFormed && URLQueryEncoding.hasStrayPercent(value) ? percentEncoding : nil
        case .atURI:
            // The authority, up to the first '/' after "at://", may be such a DID.
            let authority = value.dropFirst("at://".count).prefix { $0 != "/" }
            return authority.hasPrefix("did:") && wellFormed && URLQueryEncoding.hasStrayPercent(String(authority)) ? percentEncoding : nil
        case .cid:
            let cidCharacters = value.utf8.allSatisfy(isCIDCharacter)
            if value.utf8.count > 256 && cidCharacters && !value.hasPrefix("Qmb") { return cidLength }
            // A CIDv0 shape the interop rule lets through; "Qmb…" is refused by the interop file itself
            // (`cid/v7d63bea6be1c`), so the reference's refusal is the only answer there.
            return value.hasPrefix("Qm") && !value.hasPrefix("Qmb") && wellFormed ? cidV0 : nil
        case .uri:
            return !wellFormed && refusedOnlyForASlashPath(value) ? slashPath : nil
        default:
            return nil
        }
    }

    /// Whether a uri is refused only because what follows `scheme:` (and one `//`) begins with `/`: with a character
    /// put in before that `/`, the reference accepts it.
    static func refusedOnlyForASlashPath(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
        var at = colon + 1
        if bytes[at...].starts(with: Array("//".utf8)) { at += 2 }
        guard at < bytes.count, bytes[at] == UInt8(ascii: "/") else { return false }
        let mended = String(decoding: bytes[..<at] + Array("x".utf8) + bytes[at...], as: UTF8.self)
        return (try? StringFormat.uri.check(mended)) != nil
    }

    /// The interop rule's alphabet: ASCII letters and digits, `+` and `=`.
    static func isCIDCharacter(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == UInt8(ascii: "+")
            || b == UInt8(ascii: "=")
    }
}
