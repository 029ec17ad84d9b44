import WireCore
import XCTest

final class URLQueryEncodingTests: XCTestCase {
    /// The string the FlowDown spec (section 3) verified against Foundation on Linux Swift 6.3.1.
    func testSpecExampleMatchesFoundation() {
        XCTAssertEqual(
            URLQueryEncoding.encodeComponent("ab+/=c&d é!$'()*,;:@?~#%[]\"<>^`{|}\\"),
            "ab+/%3Dc%26d%20%C3%A9!$'()*,;:@?~%23%25%5B%5D%22%3C%3E%5E%60%7B%7C%7D%5C")
    }

    func testEveryASCIIByteMatchesFoundationsURLComponents() {
        for byte in UInt8(0)..<128 {
            let value = String(UnicodeScalar(byte))
            var components = URLComponents()
            components.queryItems = [URLQueryItem(name: "v", value: value)]
            XCTAssertEqual(
                URLQueryEncoding.encode([QueryItem("v", value)]), components.percentEncodedQuery,
                String(format: "byte 0x%02x", byte))
        }
    }

    func testCanonicalExchangeQuery() {
        let items = [
            QueryItem("session", "session-1"), QueryItem("app_name", "Tester"), QueryItem("reason", "Need a model"),
            QueryItem("capabilities", "audio,developerRole"), QueryItem("multiple_selection", "false"),
            QueryItem("timestamp", "1700000000"),
        ]
        XCTAssertEqual(
            "/exchange?" + URLQueryEncoding.encode(items),
            "/exchange?session=session-1&app_name=Tester&reason=Need%20a%20model&capabilities=audio,developerRole&multiple_selection=fals"
                + "e&timestamp=1700000000"
        )
    }

    func testDecodeRules() {
        XCTAssertEqual(URLQueryEncoding.decode("q=a+b"), [QueryItem("q", "a+b")])
        XCTAssertEqual(
            URLQueryEncoding.decode("a=%zz&%zz=1&flag&x=b=c"),
            [QueryItem("a", nil), QueryItem("", "1"), QueryItem("flag", nil), QueryItem("x", "b=c")])
        XCTAssertEqual(URLQueryEncoding.decode("a=%FF"), [QueryItem("a", nil)])
        XCTAssertEqual(URLQueryEncoding.decode("a=1%"), [QueryItem("a", nil)])
        XCTAssertEqual(URLQueryEncoding.decode(""), [])
        XCTAssertEqual(URLQueryEncoding.decode("a&&b"), [QueryItem("a", nil), QueryItem("", nil), QueryItem("b", nil)])
        XCTAssertEqual(URLQueryEncoding.decode("n=Caf%c3%a9"), [QueryItem("n", "Café")])
    }

    func testDecodeEncodeRoundTripOnRandomItems() {
        var random = SeededRandom(seed: 7)
        let pool = Array("aZ09 +/=&%#é🤖?".unicodeScalars)
        for _ in 0..<500 {
            let items = (0..<Int(random.next() % 4 + 1)).map { _ in
                QueryItem(
                    String(
                        String.UnicodeScalarView((0..<Int(random.next() % 6)).map { _ in pool[Int(random.next() % UInt64(pool.count))] })),
                    random.next() % 5 == 0
                        ? nil
                        : String(
                            String.UnicodeScalarView(
                                (0..<Int(random.next() % 8)).map { _ in pool[Int(random.next() % UInt64(pool.count))] })))
            }
            let query = URLQueryEncoding.encode(items)
            // A single item with an empty name and no value encodes to "" which decodes to no items.
            if query.isEmpty { continue }
            XCTAssertEqual(URLQueryEncoding.decode(query), items, query)
        }
    }

    /// `decode` finds `&`, `=` and `%` with memchr; held against the getter's rule written out with
    /// the standard library's split and search, on random queries dense in separators, escapes, bad
    /// escapes and escapes that decode to invalid UTF-8.
    func testDecodeAgreesWithTheRuleWrittenOut() {
        let hexDigits = Set("0123456789abcdefABCDEF".utf8)
        func referencePercentDecode(_ bytes: ArraySlice<UInt8>) -> String? {
            var out: [UInt8] = []
            var index = bytes.startIndex
            while index < bytes.endIndex {
                if bytes[index] == UInt8(ascii: "%") {
                    // Two hex digits exactly: UInt8(_:radix:) alone would also take a sign.
                    guard index + 2 < bytes.endIndex, bytes[index + 1...index + 2].allSatisfy({ hexDigits.contains($0) }),
                        let byte = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16)
                    else { return nil }
                    out.append(byte)
                    index += 3
                } else {
                    out.append(bytes[index])
                    index += 1
                }
            }
            return String(validating: out, as: UTF8.self)
        }
        func referenceDecode(_ query: String) -> [QueryItem] {
            guard !query.isEmpty else { return [] }
            return Array(query.utf8).split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map { item in
                guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else { return QueryItem(referencePercentDecode(item) ?? "", nil) }
                return QueryItem(referencePercentDecode(item[..<equals]) ?? "", referencePercentDecode(item[(equals + 1)...]))
            }
        }
        var random = SeededRandom(seed: 0x51)
        let pool = ["a", "&", "=", "%", "%4", "%41", "%C3", "%A9", "%FF", "%zz", "+", "é", "%2", "%26", "%3D"]
        var undecodable = 0
        for _ in 0..<5_000 {
            let query = (0..<Int(random.next() % 10)).map { _ in pool[Int(random.next() % UInt64(pool.count))] }.joined()
            let expected = referenceDecode(query)
            XCTAssertEqual(URLQueryEncoding.decode(query), expected, query)
            XCTAssertEqual(URLQueryEncoding.percentDecode(query), referencePercentDecode(Array(query.utf8)[...]), query)
            if expected.contains(where: { $0.value == nil }) { undecodable += 1 }
        }
        XCTAssertGreaterThan(undecodable, 500)
    }

    /// `isValidComponent` and `encodeComponent` scan whole runs of bytes; held here against the rule
    /// stated one byte at a time, on random text dense in `%`, hex digits and bytes on either side.
    func testComponentScansAgreeWithTheByteRule() {
        let pchar = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@".utf8)
        let hexDigits = Set("0123456789abcdefABCDEF".utf8)
        func referenceIsValid(_ bytes: [UInt8], alsoAllowed: Set<UInt8>) -> Bool {
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "%") {
                    guard index + 2 < bytes.count, hexDigits.contains(bytes[index + 1]), hexDigits.contains(bytes[index + 2]) else {
                        return false
                    }
                    index += 3
                } else {
                    guard pchar.contains(bytes[index]) || alsoAllowed.contains(bytes[index]) else { return false }
                    index += 1
                }
            }
            return true
        }
        func referenceEncode(_ bytes: [UInt8]) -> String {
            bytes.map { URLQueryEncoding.allowed.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
        }
        var random = SeededRandom(seed: 14)
        let pool = Array("aZ09%%%fFgG/?#[ é🤖=&+\u{7f}".unicodeScalars)
        var valid = 0
        for _ in 0..<4_000 {
            let text = String(
                String.UnicodeScalarView((0..<Int(random.next() % 12)).map { _ in pool[Int(random.next() % UInt64(pool.count))] }))
            let bytes = Array(text.utf8)
            for alsoAllowed in ["/", "/?", ""] {
                let expected = referenceIsValid(bytes, alsoAllowed: Set(alsoAllowed.utf8))
                XCTAssertEqual(URLQueryEncoding.isValidComponent(text, alsoAllowed: alsoAllowed), expected, "\(text) with \(alsoAllowed)")
                if expected { valid += 1 }
            }
            XCTAssertEqual(URLQueryEncoding.encodeComponent(text), referenceEncode(bytes), text)
        }
        // The pool must give both answers often, or the comparison above proves little.
        XCTAssertGreaterThan(valid, 1_000)
        XCTAssertLessThan(valid, 11_000)
    }
}

/// Foundation drops one leading U+FEFF from each decoded name and value; Go and the default decoding keep it.
final class URLQueryByteOrderMarkTests: XCTestCase {
    func testTheMarkIsDroppedOnlyWhenAsked() {
        let query = "%EF%BB%BFa=%EF%BB%BF%EF%BB%BFb&\u{FEFF}c"
        XCTAssertEqual(
            URLQueryEncoding.decode(query), [QueryItem("\u{FEFF}a", "\u{FEFF}\u{FEFF}b"), QueryItem("\u{FEFF}c", nil)])
        XCTAssertEqual(
            URLQueryEncoding.decode(query, droppingByteOrderMarks: true), [QueryItem("a", "\u{FEFF}b"), QueryItem("c", nil)])
        XCTAssertEqual(URLQueryEncoding.percentDecode("x%EF%BB%BF", droppingByteOrderMark: true), "x\u{FEFF}", "only a leading mark")
        XCTAssertEqual(URLQueryEncoding.percentDecode("%EF%BB%BFx"), "\u{FEFF}x")
    }
}
