/// Comparing text as Go, Rust and JavaScript do: by its Unicode scalars (the same UTF-8 bytes).
///
/// Swift's `String` equality, hashing, `hasPrefix` and `Set`/`Dictionary` membership use Unicode canonical
/// equivalence: "K" equals U+212A KELVIN SIGN, ";" equals U+037E GREEK QUESTION MARK, "é" equals "e" +
/// U+0301. Of the systems WireCheck models only FlowDown, itself a Swift app, reads strings that way; cdev
/// (Go), the atproto lexicon validator (TypeScript) and Catbird's server (Rust) compare the scalars, and so must
/// the judge of a shim's answer: a reference that used `==` there accepted a token whose `server_id` spelled a `K`
/// with the Kelvin sign, and passed an answer in another normalization form.
extension String {
    /// Whether the two hold the same Unicode scalars, not merely canonically equivalent ones.
    public func isExactly(_ other: String) -> Bool {
        utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8)
    }

    /// Whether the text starts with exactly the scalars of `prefix`.
    public func hasExactPrefix(_ prefix: String) -> Bool { utf8.starts(with: prefix.utf8) }

    /// Whether the text ends with exactly the scalars of `suffix`.
    public func hasExactSuffix(_ suffix: String) -> Bool { utf8.reversed().starts(with: suffix.utf8.reversed()) }
}

extension Sequence where Element == String {
    /// Whether some element holds exactly the scalars of `text` (`contains` compares by canonical
    /// equivalence).
    public func containsExactly(_ text: String) -> Bool { contains { $0.isExactly(text) } }
}

/// A string as a `Set` element or `Dictionary` key, equal and hashed by its scalars (see `isExactly`).
public struct ExactString: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The text.
    public let text: String

    /// Wraps `text`.
    public init(_ text: String) { self.text = text }
    /// Wraps a literal.
    public init(stringLiteral value: String) { self.text = value }

    public var description: String { text }

    /// Equal when the scalars are.
    public static func == (lhs: ExactString, rhs: ExactString) -> Bool { lhs.text.isExactly(rhs.text) }

    /// Hashes the UTF-8 bytes (String's own hash would merge canonically equivalent text).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
