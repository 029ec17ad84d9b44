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
}
