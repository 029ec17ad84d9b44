/// One HTTP response: status, headers in order, body bytes. Server adapters write it unchanged.
public struct APIResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The headers, in the order they are written.
    public var headers: [Header]
    /// The body bytes.
    public var body: [UInt8]

    /// One header line.
    public struct Header: Sendable, Equatable {
        /// The name, as written.
        public var name: String
        /// The value.
        public var value: String

        /// A header line.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A response with headers given as `(name, value)` pairs.
    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers.map { Header(name: $0.0, value: $0.1) }
        self.body = body
    }

    /// The first header of that name (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The reason phrase of the statuses a mock writes itself, below the framework (a refused
    /// WebSocket upgrade, an injected failure): Go's `http.StatusText` for them.
    public static func reasonPhrase(_ status: Int) -> String {
        [
            400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
            408: "Request Timeout", 409: "Conflict", 413: "Request Entity Too Large", 426: "Upgrade Required",
            429: "Too Many Requests", 500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
            503: "Service Unavailable", 504: "Gateway Timeout",
        ][status] ?? "Error"
    }
}
