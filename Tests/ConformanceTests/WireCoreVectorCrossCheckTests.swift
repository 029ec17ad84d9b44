import CrossCheck
import Foundation
import WireCheckTestSupport
import WireCore
import WireCoreConformance
import XCTest

@testable import ConformanceKit

/// The wirecore vectors checked by implementations that are not ours: libsodium for strict Base64,
/// Foundation's URLComponents for the query encoding.
final class WireCoreVectorCrossCheckTests: XCTestCase {
    func testStrictBase64VectorsAgreeWithLibsodium() throws {
        XCTAssertTrue(Libsodium.initialize())
        var checked = 0
        try forEachCase(in: "wirecore/base64") { group, test in
            guard let variant = group.params["variant"]?.stringValue.flatMap(Base64Variant.init(name:)),
                variant.mode == .strict
            else { return }
            let sodium = Libsodium.base64Decode(Array(test.input["text"]!.stringValue!.utf8), variant: variant)
            switch test.result {
            case .valid: XCTAssertEqual(sodium.map { Hex.encode($0) }, test.expected["bytes"]?.stringValue, test.id)
            case .invalid: XCTAssertNil(sodium, test.id)
            case .acceptable: break
            }
            checked += 1
        }
        XCTAssertEqual(checked, 76)
    }

    /// Go-lenient cases: removing CR/LF and clearing the unused bits gives text libsodium decodes
    /// to the same bytes.
    func testGoLenientBase64VectorsAgreeWithNormalisedLibsodium() throws {
        try forEachCase(in: "wirecore/base64") { group, test in
            guard let variant = group.params["variant"]?.stringValue.flatMap(Base64Variant.init(name:)),
                variant.mode == .go, test.result == .valid
            else { return }
            // Unicode scalars, not Characters: "\r\n" is a single Character in Swift.
            let text = String(String.UnicodeScalarView(test.input["text"]!.stringValue!.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }))
            let bytes = try Hex.decode(test.expected["bytes"]!.stringValue!)
            let strict = Base64Variant(variant.alphabet, variant.padding, .strict)
            let canonical = Base64.encode(bytes, variant: strict)
            // Same length: only the unused bits of the last data character may differ.
            XCTAssertEqual(text.count, canonical.count, test.id)
            XCTAssertEqual(Libsodium.base64Decode(Array(canonical.utf8), variant: strict), bytes, test.id)
        }
    }

    func testQueryEncodeVectorsAgreeWithFoundation() throws {
        try forEachCase(in: "wirecore/query-encoding", of: QueryEncodingSuite.encode) { _, test in
            var components = URLComponents()
            components.queryItems = test.input["items"]!.arrayValue!.map {
                URLQueryItem(name: $0.arrayValue![0].stringValue!, value: $0.arrayValue![1].stringValue)
            }
            XCTAssertEqual(components.percentEncodedQuery ?? "", test.expected["query"]?.stringValue, test.id)
        }
    }

    /// Foundation on Linux refuses URLs with invalid escapes outright (the setter traps, the parser
    /// returns nil), so those cases are compared only where Foundation parses the URL.
    func testQueryDecodeVectorsAgreeWithFoundation() throws {
        var compared = 0
        try forEachCase(in: "wirecore/query-encoding", of: QueryEncodingSuite.decode) { _, test in
            let query = test.input["query"]!.stringValue!
            guard let components = URLComponents(string: "flowdown://models/exchange?" + query) else { return }
            compared += 1
            if test.flags.contains("StrayPercent") {
                // The documented alternative: Foundation re-encodes the stray '%' as %25 first.
                let repaired = query.replacingOccurrences(of: "%zz", with: "%25zz").replacingOccurrences(of: "1%", with: "1%25")
                let alternative = URLQueryEncoding.decode(repaired).map {
                    [JSONValue.string($0.name), $0.value.map { .string($0) } ?? .null]
                }
                XCTAssertEqual(components.percentEncodedQuery, repaired, test.id)
                XCTAssertEqual(
                    (components.queryItems ?? []).map { [JSONValue.string($0.name), $0.value.map { .string($0) } ?? .null] },
                    alternative, test.id)
                return
            }
            let items: [JSONValue] = (components.queryItems ?? []).map {
                [.string($0.name), $0.value.map { .string($0) } ?? .null]
            }
            XCTAssertEqual(JSONValue.array(items), test.expected["items"], "\(test.id): \(query)")
        }
        XCTAssertGreaterThanOrEqual(compared, 10)
    }
}
