import WireCore

/// One HTTP request as a mock service sees it, independent of any server framework, so the same
/// handlers run behind Hummingbird, in unit tests and in fuzz targets.
public struct APIRequest: Sendable {
    /// The method, as sent (`GET`, `POST`, …).
    public var method: String
    /// The path without the query.
    public var path: String
    /// The raw query, without `?`.
    public var query: String
    /// The headers in the order they came.
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: [UInt8]
    /// Whether the peer is 127.0.0.1/::1 (some endpoints are loopback-only).
    public var fromLoopback: Bool
    /// The peer's IP address (what a per-client rate limit counts by); empty when unknown.
    public var clientAddress: String

    /// A request; the defaults are an empty query, no headers, no body, from loopback.
    public init(
        method: String, path: String, query: String = "", headers: [(name: String, value: String)] = [], body: [UInt8] = [],
        fromLoopback: Bool = true, clientAddress: String = ""
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.fromLoopback = fromLoopback
        self.clientAddress = clientAddress
    }

    /// The first header of that name (case-insensitive), as Go's `Header.Get`.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The first value of a query parameter, as Go's `URL.Query().Get`.
    public func queryValue(_ name: String) -> String? {
        URLQueryEncoding.decode(query).first { $0.name == name }?.value
    }
}
