import ATProtoLexicon

/// This project's syntax cases beyond the interop files; verdicts come from the reference checker
/// and each is asserted by hand in the tests.
enum ATProtoSyntaxEdgeCases {
    static func o(_ n: Int) -> String { String(repeating: "o", count: n) }

    static let all: [ATProtoSyntaxSuite.Case] = {
        var list: [ATProtoSyntaxSuite.Case] = []
        func add(_ format: StringFormat, _ flag: ATProtoSyntaxSuite.Flag, _ comment: String, _ values: String...) {
            for value in values { list.append(.init(format: format, value: value, flags: [flag], comment: comment)) }
        }
        for format in StringFormat.allCases { add(format, .empty, "the empty string", "") }
        add(.did, .boundary, "2,048 characters, then 2,049", "did:plc:" + o(2040), "did:plc:" + o(2041))
        add(
            .handle, .boundary, "253 characters, then 254", o(63) + "." + o(63) + "." + o(63) + "." + o(57) + ".test",
            o(63) + "." + o(63) + "." + o(63) + "." + o(58) + ".test")
        add(.handle, .boundary, "a label of 63, then 64", o(63) + ".test", o(64) + ".test")
        add(
            .nsid, .boundary, "317 characters, then 318", "com." + String(repeating: "ooooooooo.", count: 30) + o(13),
            "com." + String(repeating: "ooooooooo.", count: 30) + o(14))
        add(.nsid, .boundary, "a name of 63, then 64", "com.example." + o(63), "com.example." + o(64))
        add(.recordKey, .boundary, "512 characters, then 513", o(512), o(513))
        let longestNSID = "com." + String(repeating: "ooooooooo.", count: 30) + o(13)
        add(
            .atURI, .boundary, "every part at its longest (DID 2,048, NSID 317, record key 512), then the DID one longer",
            "at://did:plc:" + o(2040) + "/" + longestNSID + "/" + o(512), "at://did:plc:" + o(2041) + "/" + longestNSID + "/" + o(512))
        add(
            .atURI, .boundary, "a record key of 512 characters, then 513", "at://did:plc:abc123/com.example.thing/" + o(512),
            "at://did:plc:abc123/com.example.thing/" + o(513))
        add(.uri, .boundary, "8,192 bytes, then 8,193", "https://e.com/" + o(8178), "https://e.com/" + o(8179))
        add(.cid, .boundary, "8 and 256 characters, then 7 (257: see the project rules below)", o(8), o(256), o(7))
        add(.tid, .boundary, "12 and 14 characters", "3jzfcijpj2z2", "3jzfcijpj2z2aa")
        add(
            .datetime, .boundary, "64 characters (65: see the project rules below)",
            "1985-04-12T23:20:50." + String(repeating: "1", count: 43) + "Z")
        add(.handle, .unicode, "a non-ASCII letter, and its punycode", "bücher.example", "xn--bcher-kva.example")
        add(.did, .unicode, "a non-ASCII letter in the identifier", "did:plc:bücher")
        add(.nsid, .unicode, "a non-ASCII letter in the name", "com.example.bücher")
        add(.recordKey, .unicode, "a non-ASCII letter", "bücher")
        add(.uri, .unicode, "a non-ASCII path is still a URI", "https://example.com/bücher")
        add(.language, .unicode, "a non-ASCII letter", "dé")
        add(.tid, .unicode, "a full-width digit", "3jzfcijpj2z2\u{FF12}")
        add(
            .datetime, .boundary,
            "six fraction digits, then other characters before the 'Z' (a reader that cuts the fraction to Python's six digits "
                + "drops them unseen)", "1985-04-12T23:20:50.123456abcZ", "1985-04-12T23:20:50.123456ZZ", "1985-04-12T23:20:50.123456 Z")
        add(
            .datetime, .calendar,
            "ISO 8601's basic format (no '-' in the date, or no ':' in the time): RFC 3339 has only the extended one, Python 3.11's "
                + "fromisoformat takes both", "19850412T23:20:50Z", "1985-04-12T232050Z")
        add(
            .datetime, .unicode, "a decimal digit that is not ASCII (Arabic-Indic five, full-width zero): Python's \\d and int() take both",
            "198\u{0665}-04-12T23:20:50Z", "1985-04-12T23:20:5\u{FF10}Z")
        add(.uri, .whitespace, "a no-break space and a tab", "https://example.com/a\u{00A0}b", "https://example.com/a\tb")
        add(
            .uri, .whitespace, "the information separators U+001C and U+001F: not Unicode White_Space, though Python's isspace() says so",
            "https://example.com/a\u{1C}b", "https://example.com/a\u{1F}b")
        // A trailing newline on a valid value of every format (a regular expression whose `$` matches
        // before a final newline lets these through).
        let validExamples: [(StringFormat, String)] = [
            (.did, "did:plc:abc123"), (.handle, "john.test"), (.nsid, "com.example.thing"), (.tid, "3jzfcijpj2z2a"),
            (.recordKey, "self"), (.atURI, "at://did:plc:abc123/com.example.thing/self"), (.atIdentifier, "john.test"),
            (.datetime, "1985-04-12T23:20:50.123Z"), (.cid, "bafyreidfayvfuwqa7qlnopdjiqrxzs6blmoeu4rujcjtnci5beludirz2a"),
            (.language, "en-US"), (.uri, "https://example.com/"),
        ]
        for (format, value) in validExamples { add(format, .whitespace, "a valid value with a trailing newline", value + "\n") }
        add(
            .atURI, .authority, "an at-uri whose authority is a DID with ':', '%' or '_' in its identifier",
            "at://did:web:example.com%3A8080/com.example.thing/self", "at://did:plc:a_b/com.example.thing",
            "at://did:example:a:b:c/com.example.thing/self")
        add(
            .atURI, .collection,
            "an at-uri whose collection is held to the NSID rules: two segments are too few; a "
                + "domain segment after the first may start with a digit, the name may not", "at://did:plc:abc123/com.example",
            "at://did:plc:abc123/com.3example.post", "at://example.com/com.example.3post")
        add(.language, .privateUse, "private-use tags, in lower and upper case", "x-private", "X-PRIVATE", "en-x-foo", "EN-X-FOO")
        add(
            .language, .langtagGrammar, "each part of the langtag grammar", "zh-yue", "zh-yue-Hant-HK", "en-Latn", "es-419",
            "sl-rozaj", "sl-rozaj-biske", "de-CH-1901", "en-12345678", "en-a-bbb", "en-a-bbb-x-ccc", "i-klingon", "abcdefgh")
        add(
            .language, .langtagGrammar, "one character past a part of the grammar", "en-123456789", "en-1ab", "en-a", "en-a-b",
            "abcdefghi", "e", "en-US-", "en--US")
        add(
            .datetime, .calendar, "leap days: 2000 and 2024 are leap years, 1900 and 2023 are not",
            "2000-02-29T00:00:00Z", "2024-02-29T12:00:00.000Z", "1900-02-29T00:00:00Z", "2023-02-29T00:00:00Z")
        add(.datetime, .calendar, "the 31st of a 30-day month", "2024-04-31T00:00:00Z", "2024-06-31T00:00:00Z")
        add(
            .datetime, .calendar, "each field at its largest value, then one past it (no leap second, no hour 24)",
            "2024-12-31T23:59:59Z", "2024-13-01T00:00:00Z", "2024-01-32T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T00:60:00Z",
            "2024-01-01T00:00:60Z", "2024-01-01T00:00:00+23:60", "2024-00-01T00:00:00Z", "2024-01-00T00:00:00Z")
        add(
            .datetime, .calendar, "offsets at the edge", "2024-01-01T00:00:00+23:59", "2024-01-01T00:00:00-23:59",
            "2024-01-01T00:00:00+24:00")
        add(
            .datetime, .calendar, "year 0 is allowed, but not an instant before it",
            "0000-01-01T00:00:00Z", "0000-01-01T00:59:00+01:00", "0000-01-01T01:00:00+01:00")
        // Where this project's rule (taken from upstream's implementations) is stricter or looser than the
        // spec's text: either verdict conforms, and the comment says whose rule it is.
        func either(_ format: StringFormat, _ comment: String, _ why: String, _ values: String...) {
            for value in values {
                list.append(.init(format: format, value: value, flags: [], comment: comment, eitherBecause: why))
            }
        }
        either(
            .uri, "valid RFC 3986 URIs the checker refuses",
            "this project's rule (an RFC 3986 scheme, ':', an optional '//', then a first character that is neither "
                + "whitespace nor '/') is looser than upstream's regular expression but still refuses some RFC 3986 URIs",
            "file:///etc/hosts", "https:/example.com")
        either(.cid, "a real CIDv0 (base58, Qm…)", ATProtoSyntaxAmbiguity.cidV0, "QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn")
        either(
            .did, "a '%' not followed by two hex digits", ATProtoSyntaxAmbiguity.percentEncoding, "did:x:%7", "did:method:a%zzb",
            "did:web:a%3")
        either(.cid, "a CID of 257 characters", ATProtoSyntaxAmbiguity.cidLength, o(257))
        either(
            .datetime, "a datetime of 65 characters", "the 64-character limit is the Go implementation's (indigo); the spec sets none",
            "1985-04-12T23:20:50." + String(repeating: "1", count: 44) + "Z")
        return list
    }()
}
