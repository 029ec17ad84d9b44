import ATProtoLexicon
import CatbirdMLS
import CatbirdMLSService
import HTTPExchange
import WireCore
import XCTest

/// Calls a service in-process the way an XRPC client does, and holds every 200 answer to the
/// endpoint's output lexicon.
struct MLSCaller {
    let service: MLSService
    let token: String

    struct Answer {
        var status: Int
        var body: JSONValue
        var response: APIResponse
        var error: String? { body["error"]?.stringValue }
    }

    func call(_ endpoint: MLSEndpoint, _ input: JSONValue = [:], query: String = "", file: StaticString = #filePath, line: UInt = #line)
        -> Answer
    {
        var request = APIRequest(
            method: endpoint.method, path: endpoint.path, query: query, headers: [("Authorization", "Bearer \(token)")])
        if !endpoint.isQuery {
            request.headers.append((name: "Content-Type", value: "application/json"))
            request.body = Array(JSONWriter.compact(input).utf8)
        }
        let response = service.handle(request)
        let body = (try? JSONParser.parse(response.body)) ?? .null
        if response.status == 200 {
            let errors = (try? CatbirdLexicons.validator().validate(body, against: "\(endpoint.nsid)#output").errors) ?? []
            XCTAssertEqual(errors, [], "\(endpoint) output breaks its lexicon: \(body)", file: file, line: line)
        } else {
            XCTAssertEqual(response.header("Content-Type"), "application/json", file: file, line: line)
            XCTAssertNotNil(body["error"]?.stringValue, "an error body is {error, message}: \(response.bodyText)", file: file, line: line)
            let read = XRPCErrorResponse(
                status: response.status, contentType: response.header("Content-Type"), retryAfter: response.header("Retry-After"),
                body: response.body)
            XCTAssertTrue(
                read.isDeclared(by: endpoint), "\(endpoint) answered \(response.bodyText): a name neither its lexicon nor XRPC declares",
                file: file, line: line)
        }
        return Answer(status: response.status, body: body, response: response)
    }
}
