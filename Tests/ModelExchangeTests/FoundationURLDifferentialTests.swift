import Foundation
import WireCheckTestSupport
import WireCore
import XCTest

@testable import ModelExchange

/// The reference's URL reading against Foundation's, which real FlowDown inherits: `URL(string:)`,
/// `URL.host`/`URL.path`, `URLComponents.queryItems`, and the canonical string FlowDown rebuilds in
/// `canonicalPathWithoutSignature` (drop every `sig` item, set `queryItems`, then `path` + `?` + `query`).
/// Thousands of URLs are built from pieces that hit every rule of `ModelExchangeURL(string:)`.
final class FoundationURLDifferentialTests: XCTestCase {
    /// What Foundation makes of a URL, as FlowDown reads it.
    struct FoundationView: Equatable {
        var host: String
        var path: String
        var items: [QueryItem]
        var canonical: String
    }

    static func foundation(_ text: String) -> FoundationView? {
        guard let url = URL(string: text), let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let canonical = FoundationFlowDown.canonical(text)
        else { return nil }
        let items = (components.queryItems ?? []).map { QueryItem($0.name, $0.value) }
        return FoundationView(host: url.host ?? "", path: url.path, items: items, canonical: canonical)
    }

    static func reference(_ text: String) -> FoundationView? {
        guard let url = try? ModelExchangeURL(string: text) else { return nil }
        let canonical = ExchangeRequest.canonical(path: url.path, items: url.items.filter { $0.name.lowercased() != "sig" })
        return FoundationView(host: url.host, path: url.path, items: url.items, canonical: canonical)
    }

    static let authorities = [
        "models", "MODELS", "u@models:8080", "u:p@models:99999", "@models", "a@b@models", "mo%64els", "models:", "models:8x",
        "models%", "[::1]", "mo%3Adels",
        // Unicode hosts: Foundation maps them through IDNA (width, case, ignorable characters) or to punycode.
        "ｍｏｄｅｌｓ", "ＭＯＤＥＬＳ", "mod\u{AD}els", "mo\u{200B}dels", "\u{FEFF}models", "%EF%BB%BFmodels",
        "mödels", "MODELS\u{AD}",
        "mo%C2%ADdels", "models\u{3002}", "xn--models-", "mo\u{200D}dels", "m\u{FE0F}odels", "Mo\u{301}dels",
        // ASCII Foundation refuses in a host (found by FuzzFlowDownURL: a NUL).
        "mo\u{0}dels", "mo dels", "mo\tdels", "mo\"dels", "mo<dels", "mo^dels", "mo`dels", "mo{dels", "mo|dels", "mo\\dels",
        "mo\u{7F}dels", "mo[dels", "[::1]x", "u s@models", "u<@models", "bücher+.example", "mo\u{FFFD}dels", "m:x:", "m:x:80",
        // Escapes in hosts and IP literals (found by FuzzFlowDownURL too).
        "mo%C3dels", "mo%96", "[+exae-", "[]", "[zz]", "[::1%25en0]", "[o0%multic]", "[a%C3b]", "[[]", "[a[b]", "[a%3Db]",
        "[a%25%25b]",
        // Combining marks and selectors after the authority's delimiters; non-ASCII IP literals (review findings).
        "x@\u{FE0F}models", "x@\u{FE0F}MODELS", "models:\u{301}80", "[ｍｏｄｅｌｓ]", "[a\u{301}]", "[models]",
    ]
    static let paths = [
        "/exchange", "/exchange/", "/exchange//", "/exchange///", "/%65xchange", "/exch%41nge", "/EXCHANGE", "", "/", "//",
        "/exchange%2F", "/exchange/%2F", "/ex change", "/exchange%", "/exchange%C3", "/%2Fexchange", "/exchange;p", "/exchange\\",
    ]
    static let pieces = [
        "a", "sig", "SIG", "Sig", "session", "app_name", "reason", "x", "1", "%41", "%20", "%2B", "%26", "%3D", "%zz", "%C3", "%C3%A9",
        "%", "+", " ", "é", "[", "]", "\"", "<", "|", "\\", "^", "`", "{", "~", "'", "!", "*", ";", ",", ":", "@", "/", "?", "$", "(",
        "=", "&", "&&", "\u{7f}", "\t",
        // Characters that fuse with a preceding '=' or '&' into one Swift Character, and byte order marks.
        "\u{301}", "\u{200D}", "\u{FE0F}", "\u{FEFF}", "%EF%BB%BF", "%ef%bb%bf",
    ]

    static func randomURL(_ random: inout SeededRandom) -> String {
        var url = "flowdown://" + authorities.randomElement(using: &random)! + paths.randomElement(using: &random)!
        if Int.random(in: 0..<8, using: &random) != 0 {
            url += "?" + (0..<Int.random(in: 0..<10, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        if Int.random(in: 0..<6, using: &random) == 0 {
            url += "#" + (0..<3).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        return url
    }

    func testReferenceReadsURLsAsFoundationDoes() {
        var random = SeededRandom(seed: 0x0F10_3D0E)
        var compared = 0
        var parsed = 0
        for _ in 0..<6000 {
            let url = Self.randomURL(&random)
            let expected = Self.foundation(url)
            XCTAssertEqual(Self.reference(url), expected, url.debugDescription)
            compared += 1
            if expected != nil { parsed += 1 }
        }
        // The pieces must reach both sides of the rules: most URLs parse, some do not.
        XCTAssertGreaterThan(parsed, compared / 2)
        XCTAssertLessThan(parsed, compared)
    }

    /// The classes the issue lists, one each, against Foundation.
    func testNamedClasses() {
        for url in [
            "flowdown://u@models:8080/exchange?session=s&sig=AA%3D%3D",
            "flowdown://models/exchange/?a=1#fragment",
            "flowdown://models/%65xchange?a=1",
            "flowdown://models/exchange//?a=1",
            "flowdown://models/exchange?app_name=My%20App&reason=why not",
            "flowdown://models/exchange?app_%6Eame=App&reason=why not",
            "flowdown://models/exchange?reason=100%",
            "flowdown://models/exchange?sig=%zzAAAA&a=1",
            "flowdown://models/exchange?a=1&&flag&SIG=x&b=2",
            "flowdown://models/exchange?app_name=\u{301}&reason=r&\u{301}session=s",
            "flowdown://models/exchange?stage=%EF%BB%BFcancelled&session=s",
            "flowdown://ｍｏｄｅｌｓ/exchange?a=1", "flowdown://mod\u{AD}els/exchange?a=1", "flowdown://mo\u{200B}dels/exchange?a=1",
            "flowdown://\u{FEFF}models/exchange?a=1", "flowdown://%EF%BB%BFmodels/exchange?a=1", "flowdown://mödels/exchange",
            "flowdown://B\u{FC}cher.example/exchange",
        ] {
            XCTAssertNotNil(Self.foundation(url), url)
            XCTAssertEqual(Self.reference(url), Self.foundation(url), url)
        }
        XCTAssertEqual(Self.reference("flowdown://ｍｏｄｅｌｓ/exchange")?.host, "models")
        // RFC 3492's own example label, and a joiner Foundation refuses.
        XCTAssertEqual(Self.reference("flowdown://b\u{FC}cher/exchange")?.host, "xn--bcher-kva")
        XCTAssertNil(Self.foundation("flowdown://mo\u{200D}dels/exchange"))
        XCTAssertNil(Self.reference("flowdown://mo\u{200D}dels/exchange"))
    }
}
