import HTTPExchange
import HTTPTypes
import Hummingbird
import NIOCore

/// Hands every HTTP request to the service's `handle` and writes its answer back unchanged: the
/// status, the headers in order and the exact body bytes.
struct MockResponder: HTTPResponder {
    let service: any MockService
    /// Larger bodies are refused before they reach a handler.
    static let maximumBody = 1 << 20

    func respond(to request: Request, context: MockRequestContext) async throws -> Response {
        let api: APIRequest
        do {
            api = try await Self.apiRequest(request, context: context, collectBody: true)
        } catch {
            let headers = [("Content-Type", "text/plain; charset=utf-8"), ("X-Content-Type-Options", "nosniff")]
            return Self.response(APIResponse(status: 413, headers: headers, body: Array("Request Entity Too Large\n".utf8)))
        }
        return Self.response(service.handle(api))
    }

    static func apiRequest(_ request: Request, context: MockRequestContext, collectBody: Bool) async throws -> APIRequest {
        var body: [UInt8] = []
        if collectBody {
            var request = request
            let buffer = try await request.collectBody(upTo: maximumBody)
            body = Array(buffer.readableBytesView)
        }
        let target = request.head.path ?? "/"
        let (path, query) =
            target.firstIndex(of: "?").map { (String(target[..<$0]), String(target[target.index(after: $0)...])) } ?? (target, "")
        return APIRequest(
            method: request.method.rawValue, path: path, query: query,
            headers: request.headers.map { (name: $0.name.canonicalName, value: $0.value) }, body: body, fromLoopback: context.fromLoopback)
    }

    static func response(_ api: APIResponse) -> Response {
        var fields = HTTPFields()
        for header in api.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        return Response(status: .init(code: api.status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: api.body)))
    }
}
