/// A well-formed BCP 47 language tag (RFC 5646 section 2.1), case-insensitive, that is also "valid"
/// in the sense of section 2.2.9: no variant and no extension singleton repeated.
enum LanguageTagSyntax {
    /// The grandfathered tags of RFC 5646 section 2.1 (irregular and regular), lower-cased.
    static let grandfathered: [[UInt8]] = [
        "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux", "i-mingo", "i-navajo", "i-pwn",
        "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de", "art-lojban", "cel-gaulish", "no-bok", "no-nyn",
        "zh-guoyu", "zh-hakka", "zh-min", "zh-min-nan", "zh-xiang",
    ].map { Array($0.utf8) }

    // Works on bytes, lower-cased once, with subtags as ranges: no String, no per-subtag array
    // (the checker runs on every `language` value a validator sees, and in the fuzzer).
    static func check(_ s: [UInt8]) throws(SyntaxError) {
        guard !s.isEmpty else { throw SyntaxError(.language, "the tag is empty") }
        let lower = s.map { ASCII.isAlpha($0) ? $0 | 0x20 : $0 }
        if s.count <= 11, grandfathered.contains(lower) { return }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(8)
        var start = 0
        for i in 0...s.count where i == s.count || s[i] == ASCII.hyphen {
            guard i > start, i - start <= 8 else {
                throw SyntaxError(.language, "subtag \(ranges.count + 1) is empty or too long", at: start)
            }
            if let bad = (start..<i).first(where: { !ASCII.isAlnum(s[$0]) }) {
                throw SyntaxError(.language, "\(ASCII.show(s[bad])) is not allowed", at: bad)
            }
            ranges.append(start..<i)
            start = i + 1
        }
        let subtags = ranges.map { (text: lower[$0], offset: $0.lowerBound) }
        var n = 0
        func isAlpha(_ t: ArraySlice<UInt8>, _ range: ClosedRange<Int>) -> Bool { range.contains(t.count) && t.allSatisfy(ASCII.isAlpha) }
        func fail(_ reason: String) -> SyntaxError { SyntaxError(.language, reason, at: n < subtags.count ? subtags[n].offset : s.count) }
        // A private-use tag, `x-…`: each remaining subtag is 1–8 alphanumerics, already checked.
        if subtags[0].text.elementsEqual([UInt8(ascii: "x")]) {
            guard subtags.count > 1 else { throw fail("'x' needs at least one private-use subtag") }
            return
        }
        // language: 2-3 letters (+ up to three 3-letter extlangs), or 4-8 letters.
        guard isAlpha(subtags[0].text, 2...8) else { throw fail("the primary language must be 2 to 8 letters") }
        let primaryLength = subtags[0].text.count
        n = 1
        if primaryLength <= 3 {
            var extlangs = 0
            while n < subtags.count, extlangs < 3, isAlpha(subtags[n].text, 3...3) {
                n += 1
                extlangs += 1
            }
        }
        if n < subtags.count, isAlpha(subtags[n].text, 4...4) { n += 1 }  // script
        if n < subtags.count, isAlpha(subtags[n].text, 2...2) || (subtags[n].text.count == 3 && subtags[n].text.allSatisfy(ASCII.isDigit)) {
            n += 1  // region
        }
        var variants = Set<ArraySlice<UInt8>>()
        while n < subtags.count, isVariant(subtags[n].text) {
            guard variants.insert(subtags[n].text).inserted else { throw fail("variant subtag repeated") }
            n += 1
        }
        var singletons = Set<UInt8>()
        while n < subtags.count, subtags[n].text.count == 1, subtags[n].text.first != UInt8(ascii: "x") {
            guard singletons.insert(subtags[n].text.first!).inserted else { throw fail("extension singleton repeated") }
            n += 1
            let first = n
            while n < subtags.count, (2...8).contains(subtags[n].text.count) { n += 1 }
            guard n > first else { throw fail("an extension needs at least one subtag of 2 to 8 characters") }
        }
        if n < subtags.count, subtags[n].text.elementsEqual([UInt8(ascii: "x")]) {
            guard n + 1 < subtags.count else { throw fail("'x' needs at least one private-use subtag") }
            n = subtags.count
        }
        guard n == subtags.count else { throw fail("subtag \(n + 1) is out of place") }
    }

    /// `5*8alphanum / (DIGIT 3alphanum)`.
    static func isVariant(_ t: ArraySlice<UInt8>) -> Bool { (5...8).contains(t.count) || (t.count == 4 && ASCII.isDigit(t.first!)) }
}
