import Foundation

/// What Foundation's `URL(string:)` makes of a host written with non-ASCII characters: it maps the
/// name as IDNA (UTS #46, nontransitional) does and keeps its ASCII form, so `ｍｏｄｅｌｓ`,
/// `mod\u{AD}els` and `\u{FEFF}models` are the host `models` to FlowDown, and `mödels` is
/// `xn--mdels-jua`. A host of ASCII alone is left as written (its case too). This is the part of
/// UTS #46 that host names meet: width and compatibility forms (NFKC), lower case, the characters the
/// mapping ignores, the ideographic full stops and Punycode (RFC 3492) for what stays non-ASCII
/// (Foundation does not apply the STD3 ASCII rules: `bücher+` is `xn--bcher+-3ya`); Foundation refuses
/// the URL for a joiner (U+200C, U+200D) or a bidi or other format control, as here. The rest of UTS
/// #46's tables (the bidi rule, some symbols) is not followed: it decides only whether some other host
/// has a URL, never whether a host is `models`.
/// Checked against Swift 6.3.1 Foundation on Linux (FoundationURLDifferentialTests, FuzzFlowDownURL).
enum HostIDNA {
    /// The ASCII host of `host`, or nil when Foundation has no URL for it.
    static func asciiHost(_ host: String) -> String? {
        guard host.utf8.contains(where: { $0 >= 0x80 }) else { return host }
        var mapped = String.UnicodeScalarView()
        for scalar in host.unicodeScalars {
            if isIgnored(scalar) { continue }
            if isDisallowed(scalar) { return nil }
            mapped.append(fullStops.contains(scalar.value) ? "." : scalar)
        }
        let folded = String(mapped).precomposedStringWithCompatibilityMapping.lowercased()
            .precomposedStringWithCanonicalMapping
        var labels: [String] = []
        for label in folded.split(separator: ".", omittingEmptySubsequences: false) {
            if label.unicodeScalars.allSatisfy(\.isASCII) {
                labels.append(String(label))
            } else {
                guard let encoded = punycode(Array(label.unicodeScalars)) else { return nil }
                labels.append("xn--" + encoded)
            }
        }
        return labels.joined(separator: ".")
    }

    /// U+3002, U+FF0E and U+FF61: UTS #46 maps them to '.'.
    static let fullStops: Set<UInt32> = [0x3002, 0xFF0E, 0xFF61]

    /// The code points UTS #46 maps to nothing: soft hyphen, combining grapheme joiner, Mongolian
    /// variation selectors, zero width space, word joiner and invisible operators, variation
    /// selectors, the byte order mark, shorthand format controls.
    static func isIgnored(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAD, 0x34F, 0x180B...0x180D, 0x180F, 0x200B, 0x2060...0x2064, 0xFE00...0xFE0F, 0xFEFF, 0x1BCA0...0x1BCA3,
            0xE0100...0xE01EF:
            true
        default: false
        }
    }

    /// Code points that make Foundation refuse the host: the joiners (valid only in contexts no host
    /// of this protocol has), U+FFFD, other format and control characters, and what cannot be in a host.
    static func isDisallowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x200C || scalar.value == 0x200D || scalar.value == 0xFFFD { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// The longest label encoded: the encoding scans the label once per distinct code point, and a
    /// hostile URL could hold a label of megabytes (a DNS label has 63 bytes at most).
    static let longestLabel = 1024

    /// RFC 3492 Punycode of one label (the bootstring parameters of section 5), or nil on overflow or
    /// for a label longer than `longestLabel` scalars.
    static func punycode(_ input: [Unicode.Scalar]) -> String? {
        guard input.count <= longestLabel else { return nil }
        let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
        func digit(_ value: Int) -> Character {
            Character(Unicode.Scalar(UInt8(value < 26 ? 0x61 + value : 0x30 + value - 26)))
        }
        func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
            var delta = first ? delta / damp : delta / 2
            delta += delta / count
            var k = 0
            while delta > ((base - tMin) * tMax) / 2 {
                delta /= base - tMin
                k += base
            }
            return k + (base - tMin + 1) * delta / (delta + skew)
        }
        var output = String(String.UnicodeScalarView(input.filter(\.isASCII)))
        let basicCount = output.unicodeScalars.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = 0x80, delta = 0, bias = 72
        while handled < input.count {
            let next = input.map { Int($0.value) }.filter { $0 >= n }.min()!
            guard (next - n) <= (Int(Int32.max) - delta) / (handled + 1) else { return nil }
            delta += (next - n) * (handled + 1)
            n = next
            for scalar in input {
                let value = Int(scalar.value)
                if value < n { delta += 1 }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, handled + 1, handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }
}
