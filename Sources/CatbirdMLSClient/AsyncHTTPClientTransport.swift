import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// The production transport: AsyncHTTPClient's shared client, 30 s per request, bodies up to 128 MiB.
public struct AsyncHTTPClientTransport: XRPCTransport {
    /// The largest answer collected. A getMessages page may hold 100 messages whose ciphertext is up to 1 MiB
    /// of base64 each (the v0 lexicons), over 100 MiB in all; 64 MiB, the limit before, refused such a page.
    public static let maximumBody = 128 << 20
    /// Seconds a request may take.
    public var timeout: Int64
    let client: HTTPClient

    /// A transport over `client` (the shared singleton by default).
    public init(client: HTTPClient = .shared, timeout: Int64 = 30) {
        self.client = client
        self.timeout = timeout
    }

    /// Sends the request and collects the whole answer.
    public func send(_ request: XRPCRequest, baseURL: String) async throws -> XRPCResponse {
        var outgoing = HTTPClientRequest(url: baseURL + request.target)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        let response = try await client.execute(outgoing, timeout: .seconds(timeout))
        let body = try await response.body.collect(upTo: Self.maximumBody)
        return XRPCResponse(
            status: Int(response.status.code), headers: response.headers.map { (name: $0.name, value: $0.value) },
            body: Array(body.readableBytesView))
    }
}
