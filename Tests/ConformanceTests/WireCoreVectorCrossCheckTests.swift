import CSodium
import Foundation
import XCTest
@testable import Conformance
import WireCore

/// The wirecore vectors checked by implementations that are not ours: libsodium for strict Base64,
/// Foundation's URLComponents for the query encoding.
final class WireCoreVectorCrossCheckTests: XCTestCase {
    func testStrictBase64VectorsAgreeWithLibsodium() throws {
        XCTAssertGreaterThanOrEqual(sodium_init(), 0)
        let sodiumVariants: [String: Int32] = [
            "std-padded-strict": sodium_base64_VARIANT_ORIGINAL, "std-raw-strict": sodium_base64_VARIANT_ORIGINAL_NO_PADDING,
            "url-padded-strict": sodium_base64_VARIANT_URLSAFE, "url-raw-strict": sodium_base64_VARIANT_URLSAFE_NO_PADDING,
        ]
        var checked = 0
        try forEachCase(in: "wirecore/base64") { group, test in
            guard let variant = group.params["variant"]?.stringValue, let sodium = sodiumVariants[variant] else { return }
            let text = Array(test.input["text"]!.stringValue!.utf8)
            var out = [UInt8](repeating: 0, count: text.count + 1)
            var length = 0
            let rc = text.withUnsafeBufferPointer { input in
                input.withMemoryRebound(to: CChar.self) {
                    sodium_base642bin(&out, out.count, $0.baseAddress, $0.count, nil, &length, nil, sodium)
                }
            }
            switch test.result {
            case .valid: XCTAssertEqual(rc == 0 ? Hex.encode(out.prefix(length)) : nil, test.expected["bytes"]?.stringValue, test.id)
            case .invalid: XCTAssertNotEqual(rc, 0, test.id)
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
            guard let name = group.params["variant"]?.stringValue, let variant = Base64Variant(name: name),
                  variant.mode == .go, test.result == .valid else { return }
            // Unicode scalars, not Characters: "\r\n" is a single Character in Swift.
            let text = String(String.UnicodeScalarView(test.input["text"]!.stringValue!.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }))
            let bytes = try Hex.decode(test.expected["bytes"]!.stringValue!)
            let canonical = Base64.encode(bytes, variant: Base64Variant(variant.alphabet, variant.padding, .strict))
            // Same length and same characters except possibly the last data character.
            XCTAssertEqual(text.count, canonical.count, test.id)
            let sodium = variant.alphabet == .std
                ? (variant.padding == .padded ? sodium_base64_VARIANT_ORIGINAL : sodium_base64_VARIANT_ORIGINAL_NO_PADDING)
                : (variant.padding == .padded ? sodium_base64_VARIANT_URLSAFE : sodium_base64_VARIANT_URLSAFE_NO_PADDING)
            XCTAssertEqual(Base64Tests_sodium(Array(canonical.utf8), sodium), bytes, test.id)
        }
    }

    func testQueryEncodeVectorsAgreeWithFoundation() throws {
        try forEachCase(in: "wirecore/query-encoding") { group, test in
            guard group.type == "QueryEncodeTest" else { return }
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
        try forEachCase(in: "wirecore/query-encoding") { group, test in
            guard group.type == "QueryDecodeTest" else { return }
            let query = test.input["query"]!.stringValue!
            guard let components = URLComponents(string: "flowdown://models/exchange?" + query) else { return }
            compared += 1
            if test.flags.contains("StrayPercent") {
                // The documented alternative: Foundation re-encodes the stray '%' as %25 first.
                let repaired = query.replacingOccurrences(of: "%zz", with: "%25zz").replacingOccurrences(of: "1%", with: "1%25")
                let alternative = URLQueryEncoding.decode(repaired).map { [JSONValue.string($0.name), $0.value.map { .string($0) } ?? .null] }
                XCTAssertEqual(components.percentEncodedQuery, repaired, test.id)
                XCTAssertEqual((components.queryItems ?? []).map { [JSONValue.string($0.name), $0.value.map { .string($0) } ?? .null] },
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

func Base64Tests_sodium(_ text: [UInt8], _ variant: Int32) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: text.count + 1)
    var length = 0
    let rc = text.withUnsafeBufferPointer { input in
        input.withMemoryRebound(to: CChar.self) {
            sodium_base642bin(&out, out.count, $0.baseAddress, $0.count, nil, &length, nil, variant)
        }
    }
    return rc == 0 ? Array(out.prefix(length)) : nil
}
