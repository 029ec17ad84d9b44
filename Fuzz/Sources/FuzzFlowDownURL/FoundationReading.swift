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
        // A host that neither side reads as models, where the two agree on everything else (or one has no
        // URL): FlowDown and the reference requester refuse every URL whose host is not models, so such a difference
        // changes no verdict. It covers what the reference does not follow of Foundation's host parsing:
        // UTS #46 beyond what can map to models (HostIDNA), and IP literals or control characters in a URL
        // that Foundation re-encodes and parses again. FoundationURLDifferentialTests pins the exact
        // reading of the hosts the reference does follow.
        let isModels = { (reading: FoundationReading?) in reading?.host.lowercased() == ModelExchangeURL.host }
        if !isModels(foundation), !isModels(reference), sameElsewhere(foundation, reference) { return "HostNotModels" }
        return nil
    }

    /// Whether two readings agree on all but the host (or one of them has no URL).
    static func sameElsewhere(_ a: FoundationReading?, _ b: FoundationReading?) -> Bool {
        guard let a, let b else { return true }
        return (a.path, a.items, a.canonical) == (b.path, b.items, b.canonical)
    }
}
