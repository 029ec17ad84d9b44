/// Mutations that put in a string what a reader's own library takes for something else: a digit Python's `\d` and
/// `int()` accept though it is not ASCII, a letter whose case mapping lands on ASCII (the Kelvin sign lower-cases to
/// `k`), a separator an IDNA or NFKC step maps to `.` or `/`, a control Python's `isspace()` counts as whitespace
/// though Unicode does not; and percent-escapes of bytes that are not UTF-8 (an encoded surrogate, an overlong form)
/// for the decoders that take a lenient UTF-8 codec. The bug each finds is one a reader's standard library makes for
/// it, which no one writes a vector for because no one thinks of it.
extension JSONMutator {
    /// The first scalar of each run of ten decimal digits: full-width, Arabic-Indic, Devanagari, mathematical bold.
    static let digitBlocks: [UInt32] = [0xFF10, 0x0660, 0x0966, 0x1D7CE]
    /// Letters whose case mapping gives ASCII (Kelvin sign, long s, dotless i, dotted capital I) or that look like it
    /// (Cyrillic a, e, o).
    static let letterLookAlikes: [Unicode.Scalar: [Unicode.Scalar]] = [
        "k": ["\u{212A}"], "K": ["\u{212A}"], "s": ["\u{017F}"], "S": ["\u{017F}"], "i": ["\u{0131}"], "I": ["\u{0130}"],
        "a": ["\u{0430}"], "e": ["\u{0435}"], "o": ["\u{043E}"],
    ]
    /// Separators and their look-alikes: ideographic and full-width stops (IDNA maps them to `.`), hyphens and minus,
    /// the division slash, full-width colon and slash; and the two whose canonical decomposition is ASCII, U+037E
    /// GREEK QUESTION MARK (`;`) and U+1FEF GREEK VARIA (`` ` ``), which Swift's `==` takes for the ASCII character (as
    /// it takes the Kelvin sign for `K`).
    static let separatorLookAlikes: [Unicode.Scalar: [Unicode.Scalar]] = [
        ".": ["\u{3002}", "\u{FF0E}", "\u{FF61}"], "-": ["\u{2010}", "\u{2011}", "\u{2212}"], "/": ["\u{2215}", "\u{FF0F}"],
        ":": ["\u{FF1A}"], "_": ["\u{FF3F}"], ";": ["\u{037E}"], "`": ["\u{1FEF}"],
    ]
    /// What one library or another calls a space: the information separators 1C-1F (Python's `isspace`, not Unicode
    /// White_Space), VT and FF, NEL, the Unicode spaces, and U+180E, U+200B, U+FEFF (White_Space in no current Unicode).
    static let spaceLookAlikes: [Unicode.Scalar] = [
        "\u{1C}", "\u{1D}", "\u{1E}", "\u{1F}", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}",
        "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{180E}", "\u{200B}", "\u{FEFF}",
    ]
    /// Percent-escapes of bytes a strict UTF-8 decoder refuses and a lenient one does not (an encoded surrogate, an
    /// overlong `/` and NUL, past U+10FFFF, a lone continuation or lead byte, a cut sequence, FE and FF), and of bytes
    /// that mean something once decoded (NUL, `%`, `+`, `=`, `&`, a BOM), in both cases of hex.
    static let percentEscapes = [
        "%ED%A0%80", "%ED%BF%BF", "%C0%AF", "%C0%80", "%E0%80%AF", "%F4%90%80%80", "%80", "%C3", "%E2%82", "%FE", "%ff",
        "%00", "%25", "%2B", "%2b", "%3D", "%26", "%EF%BB%BF",
    ]

    /// `scalars` with one digit, letter or separator replaced by a look-alike, or a space look-alike put in at `at`
    /// (always when nothing has a look-alike).
    mutating func lookAlike(in scalars: [Unicode.Scalar], at: Int) -> String {
        var scalars = scalars
        let candidates = scalars.indices.filter { Self.lookAlikes(of: scalars[$0]) != nil }
        if candidates.isEmpty || chance(3) {
            scalars.insert(Self.spaceLookAlikes[index(Self.spaceLookAlikes.count)], at: at)
            return Self.string(scalars)
        }
        let position = candidates[index(candidates.count)]
        let choices = Self.lookAlikes(of: scalars[position])!
        scalars[position] = choices[index(choices.count)]
        return Self.string(scalars)
    }

    /// The look-alikes of one scalar, or nil: a digit's in every block, a letter's, a separator's, a space's.
    static func lookAlikes(of scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
        if (0x30...0x39).contains(scalar.value) {
            return digitBlocks.compactMap { Unicode.Scalar($0 + scalar.value - 0x30) }
        }
        if scalar == " " { return spaceLookAlikes }
        return letterLookAlikes[scalar] ?? separatorLookAlikes[scalar]
    }

    /// `scalars` with a percent-escape put in at `at`.
    mutating func percentEscape(in scalars: [Unicode.Scalar], at: Int) -> String {
        var scalars = scalars
        scalars.insert(contentsOf: Self.percentEscapes[index(Self.percentEscapes.count)].unicodeScalars, at: at)
        return Self.string(scalars)
    }
}
