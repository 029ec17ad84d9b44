import ATProtoConformance
import ATProtoLexicon
import XCTest

/// Every value of the vendored atproto-interop-tests syntax files gets its file's verdict.
final class InteropSyntaxTests: XCTestCase {
    func testEveryInteropValueGetsItsVerdict() throws {
        var checked = 0
        for (stem, format) in InteropFiles.syntaxStems {
            let (valid, invalid) = InteropVectors.values(stem)
            XCTAssertFalse(valid.isEmpty || invalid.isEmpty, stem)
            // Values the project's rule deliberately reads otherwise (acceptable cases) are listed with a reason.
            let ruled = { (value: String) in InteropFiles.projectRules["\(format.rawValue) \(value)"] != nil }
            for value in valid where !ruled(value) {
                XCTAssertNoThrow(try format.check(value), "\(format.rawValue) should accept \(value.debugDescription)")
            }
            for value in InteropFiles.lines(InteropFiles.syntaxFiles(stem).invalid[0]) where !ruled(value) {
                XCTAssertFalse(format.isValid(value), "\(format.rawValue) should refuse \(value.debugDescription)")
            }
            checked += valid.count + InteropFiles.lines(InteropFiles.syntaxFiles(stem).invalid[0]).count
        }
        XCTAssertGreaterThan(checked, 500)
    }

    /// Every project rule names a value of the snapshot that the checker reads against its file's verdict:
    /// a rule that no longer differs (a new snapshot, a fixed checker) is stale.
    func testEveryProjectRuleIsADifferenceFromTheFile() throws {
        for key in InteropFiles.projectRules.keys {
            let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
            let format = try XCTUnwrap(StringFormat(rawValue: parts[0]), key)
            let stem = try XCTUnwrap(InteropFiles.syntaxStems.first { $0.format == format }?.stem)
            let (valid, invalid) = InteropVectors.values(stem)
            XCTAssertTrue(valid.contains(parts[1]) || invalid.contains(parts[1]), "\(key) is not in the snapshot")
            XCTAssertEqual(format.isValid(parts[1]), invalid.contains(parts[1]), "\(key): the checker agrees with the file now")
        }
    }

    func testErrorsNameTheOffendingByte() {
        XCTAssertEqual(caught(.handle, "jo_hn.test")?.offset, 2)
        XCTAssertEqual(caught(.nsid, "com.example.fooBar.2")?.reason, "the name starts with a digit")
        XCTAssertEqual(caught(.datetime, "1985-04-12T23:20:50.123-00:00")?.offset, 23)
        XCTAssertEqual(caught(.atURI, "at://did:plc:asdf123/com.atproto.feed.post/%23")?.offset, 43)
        XCTAssertEqual(caught(.tid, "kjzfcijpj2z2a")?.offset, 0)
        XCTAssertEqual(caught(.language, "en-rozaj-ROZAJ")?.reason, "variant subtag repeated")
        XCTAssertEqual(caught(.language, "en-US-x")?.offset, 6)
        XCTAssertEqual(caught(.language, "en-u\u{e9}")?.offset, 4)
        XCTAssertNil(caught(.language, "I-KLINGON"), "grandfathered tags in any case")
    }

    /// The collection of an at-uri is an NSID with all its rules (the atproto Python SDK's at-uri pattern took
    /// two segments and refused a digit after a dot, while its own NSID check did not).
    func testAnATURICollectionIsCheckedAsAnNSID() {
        XCTAssertEqual(caught(.atURI, "at://did:plc:abc123/com.example")?.reason, "collection: needs at least three segments")
        XCTAssertNil(caught(.atURI, "at://did:plc:abc123/com.3example.post"))
        XCTAssertEqual(caught(.atURI, "at://example.com/com.example.3post")?.reason, "collection: the name starts with a digit")
    }

    func testURIWhitespaceIsFoundAtItsByteOffsetInAndOutsideASCII() {
        XCTAssertEqual(caught(.uri, "https://a b")?.offset, 9)
        XCTAssertEqual(caught(.uri, "https://a\tb")?.offset, 9)
        XCTAssertEqual(caught(.uri, "https://\u{e9} b")?.offset, 10, "after a two-byte character")
        XCTAssertEqual(caught(.uri, "https://a\u{2003}b c")?.offset, 9, "an em space before an ASCII space")
        XCTAssertEqual(caught(.uri, "https://a\u{a0}")?.offset, 9)
        XCTAssertNil(caught(.uri, "https://\u{e9}.example/\u{1F600}"))
        XCTAssertNil(caught(.uri, "https://a\u{1c}b"), "U+001C is not White_Space")
    }

    func testLimitsAreExactlyAtTheirBoundaries() {
        let did = "did:plc:" + String(repeating: "a", count: 2048 - 8)
        XCTAssertTrue(StringFormat.did.isValid(did))
        XCTAssertFalse(StringFormat.did.isValid(did + "a"))
        let label = String(repeating: "a", count: 63)
        XCTAssertTrue(StringFormat.handle.isValid("\(label).test"))
        XCTAssertFalse(StringFormat.handle.isValid("a\(label).test"))
        XCTAssertTrue(StringFormat.recordKey.isValid(String(repeating: "k", count: 512)))
        XCTAssertFalse(StringFormat.recordKey.isValid(String(repeating: "k", count: 513)))
        XCTAssertTrue(StringFormat.cid.isValid(String(repeating: "b", count: 8)))
        XCTAssertFalse(StringFormat.cid.isValid(String(repeating: "b", count: 7)))
        XCTAssertTrue(StringFormat.uri.isValid("https://e.com/" + String(repeating: "x", count: 8192 - 14)))
        XCTAssertFalse(StringFormat.uri.isValid("https://e.com/" + String(repeating: "x", count: 8192 - 13)))
    }

    private func caught(_ format: StringFormat, _ value: String) -> SyntaxError? {
        do {
            try format.check(value)
            return nil
        } catch {
            return error
        }
    }
}
