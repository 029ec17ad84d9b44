import HTTPExchange
import WireCore

/// An XRPC error answer: `{"error": name, "message": text}` with its status (catbird-mls.md, Decisions
/// and section 9 item 4). The names are the lexicons' own plus the generic XRPC ones.
struct XRPCError: Error, Sendable {
    let status: Int
    let name: String
    let message: String
    var headers: [(String, String)] = []

    static func invalidRequest(_ message: String) -> XRPCError { XRPCError(status: 400, name: "InvalidRequest", message: message) }
    static func authenticationRequired(_ message: String) -> XRPCError {
        XRPCError(status: 401, name: "AuthenticationRequired", message: message, headers: [("WWW-Authenticate", "Bearer")])
    }
    static func rateLimitExceeded(retryAfter: Int) -> XRPCError {
        XRPCError(
            status: 429, name: "RateLimitExceeded", message: "too many requests; retry after \(retryAfter) s",
            headers: [("Retry-After", String(retryAfter))])
    }
    static func methodNotImplemented(_ nsid: String) -> XRPCError {
        XRPCError(status: 501, name: "MethodNotImplemented", message: "\(nsid) is not implemented here")
    }
    static func convoNotFound(_ id: String) -> XRPCError { XRPCError(status: 404, name: "ConvoNotFound", message: "no conversation \(id)") }
    static let notMember = XRPCError(status: 403, name: "NotMember", message: "the caller is not a member of this conversation")

    /// The HTTP response.
    var response: APIResponse {
        let body = JSONWriter.compact(["error": .string(name), "message": .string(message)])
        return APIResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(body.utf8))
    }
}
