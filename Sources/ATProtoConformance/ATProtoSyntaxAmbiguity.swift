import ATProtoLexicon

/// Values on which the atproto specs let a checker answer either way, recognised from the value itself so
/// that `wirecheck fuzz` judges a mutated value by the same rule as the vectors' `acceptable` cases
/// (the peers' runs counted a spec-permitted refusal of `did:x:%7` as a disagreement). Each rule holds
/// only when the value is otherwise well-formed: a value with another fault must still be refused.
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

    /// Why either verdict conforms for `value` in `format`, or nil when the reference's verdict is the only one.
    static func eitherBecause(_ format: StringFormat, _ value: String) -> String? {
        switch format {
        case .did, .atIdentifier:
            value.hasPrefix("did:") && (try? format.check(value)) != nil && hasUncheckedPercent(value) ? percentEncoding : nil
        case .cid:
            // A well-formed CIDv0 shape ("Qm…") that the interop rule lets through; "Qmb…" is refused by the
            // interop file itself (`cid/v7d63bea6be1c`), so the reference's refusal is the only answer there.
            value.hasPrefix("Qm") && !value.hasPrefix("Qmb") && (try? format.check(value)) != nil ? cidV0 : nil
        default:
            nil
        }
    }

    /// Whether a `%` is followed by anything other than two hex digits.
    static func hasUncheckedPercent(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        return bytes.indices.contains { i in
            bytes[i] == UInt8(ascii: "%")
                && !(i + 2 < bytes.count && bytes[i + 1...i + 2].allSatisfy { $0 < 0x80 && Character(Unicode.Scalar($0)).isHexDigit })
        }
    }
}
