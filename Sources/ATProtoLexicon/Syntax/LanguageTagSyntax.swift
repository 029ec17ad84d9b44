/// A well-formed BCP 47 language tag (RFC 5646 section 2.1), case-insensitive, that is also "valid"
/// in the sense of section 2.2.9: no variant and no extension singleton repeated.
enum LanguageTagSyntax {
    /// The grandfathered tags of RFC 5646 section 2.1 (irregular and regular), lower-cased.
    static let grandfathered: Set<String> = [
        "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux", "i-mingo", "i-navajo", "i-pwn",
        "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de", "art-lojban", "cel-gaulish", "no-bok", "no-nyn",
        "zh-guoyu", "zh-hakka", "zh-min", "zh-min-nan", "zh-xiang",
    ]

    static func check(_ s: [UInt8]) throws(SyntaxError) {
        guard !s.isEmpty else { throw SyntaxError(.language, "the tag is empty") }
        let text = String(decoding: s, as: UTF8.self).lowercased()
        if grandfathered.contains(text) { return }
        var subtags: [(text: [UInt8], offset: Int)] = []
        var start = 0
        for i in 0...s.count where i == s.count || s[i] == ASCII.hyphen {
            let subtag = Array(s[start..<i]).map { ASCII.isAlpha($0) ? $0 | 0x20 : $0 }
            guard !subtag.isEmpty, subtag.count <= 8 else {
                throw SyntaxError(.language, "subtag \(subtags.count + 1) is empty or too long", at: start)
            }
            if let bad = subtag.firstIndex(where: { !ASCII.isAlnum($0) }) {
                throw SyntaxError(.language, "\(ASCII.show(s[start + bad])) is not allowed", at: start + bad)
            }
            subtags.append((subtag, start))
            start = i + 1
        }
        var n = 0
        func isAlpha(_ t: [UInt8], _ range: ClosedRange<Int>) -> Bool { range.contains(t.count) && t.allSatisfy(ASCII.isAlpha) }
        func fail(_ reason: String) -> SyntaxError { SyntaxError(.language, reason, at: n < subtags.count ? subtags[n].offset : s.count) }
        // A private-use tag, `x-…`: each remaining subtag is 1–8 alphanumerics, already checked.
        if subtags[0].text == [UInt8(ascii: "x")] {
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
        var variants = Set<[UInt8]>()
        while n < subtags.count, isVariant(subtags[n].text) {
            guard variants.insert(subtags[n].text).inserted else { throw fail("variant subtag repeated") }
            n += 1
        }
        var singletons = Set<UInt8>()
        while n < subtags.count, subtags[n].text.count == 1, subtags[n].text[0] != UInt8(ascii: "x") {
            guard singletons.insert(subtags[n].text[0]).inserted else { throw fail("extension singleton repeated") }
            n += 1
            let first = n
            while n < subtags.count, (2...8).contains(subtags[n].text.count) { n += 1 }
            guard n > first else { throw fail("an extension needs at least one subtag of 2 to 8 characters") }
        }
        if n < subtags.count, subtags[n].text == [UInt8(ascii: "x")] {
            guard n + 1 < subtags.count else { throw fail("'x' needs at least one private-use subtag") }
            n = subtags.count
        }
        guard n == subtags.count else { throw fail("subtag \(n + 1) is out of place") }
    }

    /// `5*8alphanum / (DIGIT 3alphanum)`.
    static func isVariant(_ t: [UInt8]) -> Bool { (5...8).contains(t.count) || (t.count == 4 && ASCII.isDigit(t[0])) }
}
