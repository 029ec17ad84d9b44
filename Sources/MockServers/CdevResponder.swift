import CdevService
import HTTPTypes
import Hummingbird
import NIOCore

/// Hands every HTTP request to `CdevService.handle` and writes its answer back unchanged: the
/// status, the headers in order and the exact body bytes.
struct CdevResponder: HTTPResponder {
    let service: CdevService
    /// Larger bodies are refused before they reach a handler.
    static let maximumBody = 1 << 20

    func respond(to request: Request, context: CdevRequestContext) async throws -> Response {
        let api: APIRequest
        do {
            api = try await Self.apiRequest(request, context: context, collectBody: true)
        } catch {
            return Self.response(.text(413, "Request Entity Too Large"))
        }
        return Self.response(service.handle(api))
    }

    static func apiRequest(_ request: Request, context: CdevRequestContext, collectBody: Bool) async throws -> APIRequest {
        var body: [UInt8] = []
        if collectBody {
            var request = request
            let buffer = try await request.collectBody(upTo: maximumBody)
            body = Array(buffer.readableBytesView)
        }
        let target = request.head.path ?? "/"
        let (path, query) = target.firstIndex(of: "?").map { (String(target[..<$0]), String(target[target.index(after: $0)...])) } ?? (target, "")
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
