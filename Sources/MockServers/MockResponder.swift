import HTTPExchange
import HTTPTypes
import Hummingbird
import NIOCore

/// Hands every HTTP request to the service's `handle` and writes its answer back unchanged: the
/// status, the headers in order and the exact body bytes.
struct MockResponder: HTTPResponder {
    let service: any MockService

    func respond(to request: Request, context: MockRequestContext) async throws -> Response {
        let head = try await Self.apiRequest(request, context: context, collectBody: false)
        let limit = service.bodyLimit(for: head)
        // A declared length over the limit is refused before a byte of the body is read; otherwise the
        // body is read up to the limit and refused at the first byte past it.
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit.maximum {
            return Self.response(limit.refusal)
        }
        let api: APIRequest
        do {
            api = try await Self.apiRequest(request, context: context, collectBody: true, upTo: limit.maximum)
        } catch is NIOTooManyBytesError {
            return Self.response(limit.refusal)
        } catch {
            // Not too large but unreadable: a chunked body cut short or with a malformed chunk size (it was 413).
            return Self.response(Self.badBody)
        }
        if let delay = service.delay(for: api) { try await Task.sleep(for: delay) }
        return Self.response(service.handle(api))
    }

    static func apiRequest(_ request: Request, context: MockRequestContext, collectBody: Bool, upTo maximum: Int = 0) async throws
        -> APIRequest
    {
        var body: [UInt8] = []
        if collectBody {
            var request = request
            let buffer = try await request.collectBody(upTo: maximum)
            body = Array(buffer.readableBytesView)
        }
        let target = request.head.path ?? "/"
        let (path, query) =
            target.firstIndex(of: "?").map { (String(target[..<$0]), String(target[target.index(after: $0)...])) } ?? (target, "")
        return APIRequest(
            method: request.method.rawValue, path: path, query: query,
            // HTTP/1's Host header arrives as the :authority pseudo-header; it is given back as the client sent it.
            headers: (request.head.authority.map { [(name: "Host", value: $0)] } ?? [])
                + request.headers.map { (name: $0.name.canonicalName, value: $0.value) }, body: body, fromLoopback: context.fromLoopback,
            clientAddress: context.remoteAddress?.ipAddress ?? "")
    }

    /// The answer to a body that cannot be read to its end, closing the connection, whose framing is now unknown.
    static let badBody = APIResponse(
        status: 400, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Connection", "close")], body: Array("Bad Request\n".utf8))

    static func response(_ api: APIResponse) -> Response {
        var fields = HTTPFields()
        for header in api.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        return Response(status: .init(code: api.status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: api.body)))
    }
}
