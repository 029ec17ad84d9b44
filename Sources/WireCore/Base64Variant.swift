/// One of the eight Base64 dialects the formats use: alphabet × padding × decoding mode.
///
/// Names are `<alphabet>-<padding>-<mode>`, e.g. `std-padded-strict` (what FlowDown's
/// `base64EncodedString` writes; Foundation's `Data(base64Encoded:)` also takes non-zero unused bits
/// and extra `=`) or `url-raw-go` (Go's `base64.RawURLEncoding`, cdev tokens).
public struct Base64Variant: Hashable, Sendable, CustomStringConvertible {
    /// The 62nd and 63rd characters: `+ /` (std) or `- _` (url).
    public enum Alphabet: String, Sendable, CaseIterable {
        /// RFC 4648 section 4: `+` and `/`.
        case std
        /// RFC 4648 section 5: `-` and `_`.
        case url
    }

    /// Whether `=` padding is required (padded) or refused (raw).
    public enum Padding: String, Sendable, CaseIterable {
        case padded
        case raw
    }

    /// Strict RFC 4648, or Go's decoder without `Strict()` (skips CR/LF, accepts non-zero trailing bits).
    public enum Mode: String, Sendable, CaseIterable {
        /// RFC 4648 canonical: exact alphabet, exact padding, unused trailing bits must be zero.
        case strict
        /// Go's `encoding/base64` without `.Strict()`: `\r` and `\n` are skipped anywhere and
        /// non-zero trailing bits are accepted; everything else as strict.
        case go
    }

    /// The alphabet.
    public var alphabet: Alphabet
    /// The padding rule.
    public var padding: Padding
    /// The strictness.
    public var mode: Mode

    /// A variant.
    public init(_ alphabet: Alphabet, _ padding: Padding, _ mode: Mode) {
        self.alphabet = alphabet
        self.padding = padding
        self.mode = mode
    }

    /// Parses a name such as `url-raw-go`.
    public init?(name: String) {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let alphabet = Alphabet(rawValue: parts[0]),
            let padding = Padding(rawValue: parts[1]), let mode = Mode(rawValue: parts[2])
        else { return nil }
        self.init(alphabet, padding, mode)
    }

    /// `alphabet-padding-mode`, e.g. `url-raw-go`, as in the vectors.
    public var name: String { "\(alphabet.rawValue)-\(padding.rawValue)-\(mode.rawValue)" }
    public var description: String { name }

    /// Every variant, in a fixed order (vectors and tests iterate it).
    public static let all: [Base64Variant] = Alphabet.allCases.flatMap { alphabet in
        Padding.allCases.flatMap { padding in
            Mode.allCases.map { Base64Variant(alphabet, padding, $0) }
        }
    }

    /// `Data(base64Encoded:)` with no options: FlowDown's `pk`, `sig` and `payload`.
    public static let foundation = Base64Variant(.std, .padded, .strict)
    /// Go's `base64.RawURLEncoding`: cdev tokens at all three levels.
    public static let goRawURL = Base64Variant(.url, .raw, .go)
}
