import WireCore

/// A URL as the Model Exchange code reads it: scheme, host, decoded path and query items
/// (FlowDown spec sections 3 and 8). Every URL of the protocol is `<scheme>://models/exchange?<items>`.
public struct ModelExchangeURL: Equatable, Sendable, CustomStringConvertible {
    /// The scheme (`flowdown`, or the requester's).
    public var scheme: String
    public var host: String
    /// Percent-decoded, without a trailing `/` (as `URL.path`).
    public var path: String
    /// The query as received, still encoded; nil when the URL has no `?`.
    public var rawQuery: String?
    /// The query items, decoded, in order.
    public var items: [QueryItem]

    /// The host of every protocol URL.
    public static let host = "models"
    /// The path of every protocol URL.
    public static let path = "/exchange"

    /// A URL built the way `URLComponents` builds every URL of the protocol.
    public init(scheme: String, items: [QueryItem]) {
        self.scheme = scheme
        self.host = Self.host
        self.path = Self.path
        self.items = items
        self.rawQuery = URLQueryEncoding.encode(items)
    }

    /// Splits `scheme://host/path?query#fragment`; the fragment is not part of the query.
    public init(string: String) throws(ModelExchangeError) {
        guard let separator = string.range(of: "://") else { throw .malformed("not an absolute URL (no \"://\")") }
        let scheme = String(string[..<separator.lowerBound])
        guard Self.isValidScheme(scheme) else { throw .malformed("invalid scheme \(scheme.debugDescription)") }
        var rest = string[separator.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var query: Substring? = nil
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        guard let path = URLQueryEncoding.percentDecode(String(rest[slash...])) else {
            throw .malformed("the path has an invalid percent escape")
        }
        self.scheme = scheme
        self.host = String(rest[..<slash])
        self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        self.rawQuery = query.map(String.init)
        self.items = query.map { URLQueryEncoding.decode(String($0)) } ?? []
    }

    /// RFC 3986 scheme: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`. Foundation traps on anything else.
    public static func isValidScheme(_ scheme: String) -> Bool {
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scheme.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
    }

    /// The URL as `URLComponents` writes it: the query re-encoded from the items.
    public var description: String {
        let query = URLQueryEncoding.encode(items)
        // Path segments allow the query set minus '?', which would start the query.
        let encodedPath = path.split(separator: "/", omittingEmptySubsequences: false)
            .map { URLQueryEncoding.encodeComponent(String($0)).replacingOccurrences(of: "?", with: "%3F") }
            .joined(separator: "/")
        return "\(scheme)://\(host)\(encodedPath)\(rawQuery == nil && items.isEmpty ? "" : "?" + query)"
    }

    /// Items keyed by lower-cased name, items without a value skipped, the first value kept
    /// (newest FlowDown; older builds crash on duplicates, section 8).
    public var parameters: [String: String] {
        var result: [String: String] = [:]
        for item in items {
            guard let value = item.value else { continue }
            let key = item.name.lowercased()
            if result[key] == nil { result[key] = value }
        }
        return result
    }

    /// True when two items share a lower-cased name (vectors flag these `DuplicateParameter`).
    public var hasDuplicateNames: Bool {
        let names = items.filter { $0.value != nil }.map { $0.name.lowercased() }
        return Set(names).count != names.count
    }
}
