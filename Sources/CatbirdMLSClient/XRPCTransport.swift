import CatbirdMLS

/// One XRPC request as the client sends it.
public struct XRPCRequest: Sendable, Equatable {
    /// `GET` or `POST`.
    public var method: String
    /// The path with its query, e.g. `/xrpc/blue.catbird.mls.getConvos?limit=50`.
    public var target: String
    /// Headers in order.
    public var headers: [(name: String, value: String)]
    /// The body (procedures).
    public var body: [UInt8]

    /// A request.
    public init(method: String, target: String, headers: [(name: String, value: String)], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    public static func == (lhs: XRPCRequest, rhs: XRPCRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.body == rhs.body
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }
}

/// One HTTP answer.
public struct XRPCResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Headers in order.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: [UInt8]

    /// An answer.
    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header of that name (case-insensitive).
    public func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }

    /// The answer read as an XRPC error: its name and message, and `Retry-After`.
    public var errorResponse: XRPCErrorResponse {
        XRPCErrorResponse(status: status, contentType: header("Content-Type"), retryAfter: header("Retry-After"), body: body)
    }
}

/// How requests reach the server: AsyncHTTPClient in production, anything in tests. A thrown error
/// is a network error (retried); an answer of any status is returned.
public protocol XRPCTransport: Sendable {
    /// Sends `request` to the server at `baseURL`.
    func send(_ request: XRPCRequest, baseURL: String) async throws -> XRPCResponse
}
