import Foundation
import ModelExchange
import WireCore

/// What Foundation makes of a URL as FlowDown reads it, on this platform, in-process: `URL(string:)`, its
/// host and path, `URLComponents.queryItems`, and the canonical string FlowDown rebuilds from them
/// (`canonicalPathWithoutSignature`: every `sig` item dropped, the items set again, then path, `?` and
/// query). The reference's `ModelExchangeURL` must read every input the same way.
struct FoundationReading: Equatable {
    var host: String
    var path: String
    var items: [QueryItem]
    var canonical: String

    /// Foundation's reading, or nil when it has no URL.
    init?(foundation text: String) {
        guard let url = URL(string: text), var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return nil
        }
        host = url.host ?? ""
        path = url.path
        items = (components.queryItems ?? []).map { QueryItem($0.name, $0.value) }
        components.queryItems = components.queryItems?.filter { $0.name.lowercased() != "sig" }
        guard let unsigned = components.url else { return nil }
        let query = unsigned.query ?? ""
        canonical = query.isEmpty ? unsigned.path : unsigned.path + "?" + query
    }

    /// The reference's reading, or nil when it has no URL.
    init?(reference text: String) {
        guard let url = try? ModelExchangeURL(string: text) else { return nil }
        host = url.host
        path = url.path
        items = url.items
        let unsigned = url.items.filter { $0.name.lowercased() != "sig" }
        let query = URLQueryEncoding.encode(unsigned)
        canonical = query.isEmpty ? url.path : url.path + "?" + query
    }

    /// The documented classes where the two readings may differ, by name; nil for any other input, whose
    /// difference is a finding.
    static func knownDifference(_ text: String, foundation: FoundationReading?, reference: FoundationReading?) -> String? {
        // No valid scheme before "://": Foundation may still read a relative reference with an authority
        // ("://host/path"); the reference has no URL. FlowDown routes only the scheme flowdown, and a
        // requester's callbacks come with its own scheme, so neither reads such a URL.
        let scheme = text.range(of: "://").map { String(text[..<$0.lowerBound]) }
        if scheme.map(ModelExchangeURL.isValidScheme) != true { return "InvalidScheme" }
        // A non-ASCII host that neither side reads as models: HostIDNA follows UTS #46 where a host can map
        // to models (width, case, ignored characters) and approximates the rest of its tables, so the two
        // may differ on whether such a host has a URL or on its Punycode, never on whether it is models.
        let authority = text.dropFirst(scheme!.count + 3).prefix { !"/?#".contains($0) }
        let isModels = { (reading: FoundationReading?) in reading?.host.lowercased() == ModelExchangeURL.host }
        // An IP literal ("[…]") with control characters, spaces or broken escapes inside: Foundation's
        // acceptance there depends on the rest of the URL (it re-encodes invalid characters and tries
        // again); the reference refuses them. Neither reads such a host as models.
        let hostPart = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        let literal = hostPart.hasPrefix("[") ? hostPart.dropFirst().prefix { $0 != "]" } : ""
        let odd = literal.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7F || $0 == "%" }
        if odd, !isModels(foundation), !isModels(reference), sameElsewhere(foundation, reference) { return "IPLiteralOddities" }
        if authority.unicodeScalars.contains(where: { !$0.isASCII }), !isModels(foundation), !isModels(reference),
            sameElsewhere(foundation, reference)
        {
            return "IDNAHostNotModels"
        }
        return nil
    }

    /// Whether two readings agree on all but the host (or one of them has no URL).
    static func sameElsewhere(_ a: FoundationReading?, _ b: FoundationReading?) -> Bool {
        guard let a, let b else { return true }
        return (a.path, a.items, a.canonical) == (b.path, b.items, b.canonical)
    }
}
