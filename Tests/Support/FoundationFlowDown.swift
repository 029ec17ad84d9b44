import Foundation

/// FlowDown's own reading of a received URL, step by step with Foundation, as the app does it
/// (`ModelExchangeCoordinator`, be50ddf): the independent side the reference is checked against.
public enum FoundationFlowDown {
    /// `canonicalPathWithoutSignature`: parse the URL, drop every item named sig (any case), set the
    /// items again, then `path` + `?` + `query` (the path alone for an empty query). Nil when
    /// Foundation has no URL.
    public static func canonical(_ text: String) -> String? {
        guard let url = URL(string: text), var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.queryItems = components.queryItems?.filter { $0.name.lowercased() != "sig" }
        guard let unsigned = components.url else { return nil }
        guard let query = unsigned.query, !query.isEmpty else { return unsigned.path }
        return unsigned.path + "?" + query
    }

    /// `ModelExchangeURL.resolve`'s items: lower-cased names, items without a value skipped, the first
    /// value kept (326d6d66; be50ddf traps on a repeat).
    public static func parameters(_ text: String) -> [String: String] {
        let items = URL(string: text).flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems } ?? []
        return Dictionary(
            items.compactMap { item in item.value.map { (item.name.lowercased(), $0) } }, uniquingKeysWith: { first, _ in first })
    }
}
