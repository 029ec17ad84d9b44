import HTTPExchange
import WireCore

/// The response shapes of cdev's Go server: `json.NewEncoder(w).Encode(v)` and `http.Error`.
extension APIResponse {
    /// Go's `json.NewEncoder(w).Encode(v)`: compact, HTML-safe escaping, trailing newline.
    public static func json(_ status: Int, _ object: JSONObject) -> APIResponse {
        // Room for a refusal or a token pair from the start, and the newline goes into the same buffer
        // (`+ [0x0A]` made two more arrays).
        var bytes = JSONWriter(options: .init(escapeHTML: true)).bytes(.object(object), reservingCapacity: 512)
        bytes.append(0x0A)
        var response = APIResponse(status: status, body: bytes)
        // Room for the three CORS headers `CdevService.withCORS` adds to every response as well: one array,
        // never grown (a pair list mapped to headers, then grown for CORS, was three allocations).
        response.headers.reserveCapacity(4)
        response.headers.append(.init(name: "Content-Type", value: "application/json"))
        return response
    }

    /// `{"error":"…"}`, cdev's only error shape.
    public static func error(_ status: Int, _ message: String) -> APIResponse {
        json(status, ["error": .string(message)])
    }

    /// Go's `http.Error`: plain text with a newline, and `nosniff`.
    public static func text(_ status: Int, _ message: String) -> APIResponse {
        APIResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8"), ("X-Content-Type-Options", "nosniff")],
            body: Array((message + "\n").utf8))
    }

    /// Go's mux for a known path and a wrong method.
    public static let methodNotAllowed = text(405, "Method not allowed")
    /// Go's mux for an unknown path.
    public static let notFound = text(404, "404 page not found")
    /// The Bearer middleware's refusal.
    public static let unauthorized = text(401, "Unauthorized")
}
