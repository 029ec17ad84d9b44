import WireCore

/// One HTTP request as the cdev handlers see it, independent of any server framework, so the same
/// logic runs behind Hummingbird, in unit tests and in the FuzzCdevAuthBody target.
public struct APIRequest: Sendable {
    public var method: String
    public var path: String
    /// The raw query, without `?`.
    public var query: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Whether the peer is 127.0.0.1/::1 (the approval endpoints of profile head are loopback-only).
    public var fromLoopback: Bool

    public init(method: String, path: String, query: String = "", headers: [(name: String, value: String)] = [], body: [UInt8] = [],
                fromLoopback: Bool = true) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.fromLoopback = fromLoopback
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

/// One HTTP response: status, headers in order, body bytes.
public struct APIResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [Header]
    public var body: [UInt8]

    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers.map { Header(name: $0.0, value: $0.1) }
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// Go's `json.NewEncoder(w).Encode(v)`: compact, HTML-safe escaping, trailing newline.
    public static func json(_ status: Int, _ object: JSONObject) -> APIResponse {
        let bytes = JSONWriter(options: .init(escapeHTML: true)).bytes(.object(object)) + [0x0A]
        return APIResponse(status: status, headers: [("Content-Type", "application/json")], body: bytes)
    }

    /// `{"error":"…"}`, cdev's only error shape.
    public static func error(_ status: Int, _ message: String) -> APIResponse {
        json(status, ["error": .string(message)])
    }

    /// Go's `http.Error`: plain text with a newline, and `nosniff`.
    public static func text(_ status: Int, _ message: String) -> APIResponse {
        APIResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8"), ("X-Content-Type-Options", "nosniff")],
                    body: Array((message + "\n").utf8))
    }

    /// Go's `http.StatusText` for the statuses the `/ws` gate answers with.
    public static func statusText(_ status: Int) -> String {
        [400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 405: "Method Not Allowed"][status] ?? "Error"
    }

    public static let methodNotAllowed = text(405, "Method not allowed")
    public static let notFound = text(404, "404 page not found")
    public static let unauthorized = text(401, "Unauthorized")
}
