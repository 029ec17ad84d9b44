import ATProtoLexicon
import CatbirdMLS
import CatbirdMLSService
import ConformanceKit
import Foundation
import HTTPExchange
import WireCore

/// Lexicon validation of a 50-message `getMessages` output (documents/s and MB/s) next to Foundation's
/// `JSONDecoder` decoding the same bytes into the Codable model (the floor), in the same run; and the mock server's
/// getMessages and sendMessage in a conversation of 20,000 messages next to the same in one of 100 (the floor): the
/// cost of a request must not grow with what the server holds.
enum MLSBench {
    static let set = BenchSet(
        summary: "getMessages output (50 messages, from the mock server): lexicon validation next to JSONDecoder; "
            + "the mock's getMessages and sendMessage at 20,000 messages next to 100"
    ) {
        _ in
        let document = sampleOutput()
        let data = Data(document)
        let value = try JSONParser.parse(document)
        let validator = CatbirdLexicons.validator()
        let target = try LexiconTarget.parse("blue.catbird.mls.getMessages#output", in: validator.catalog)
        let size = document.count
        let decoderBytes = "JSONDecoder → GetMessagesOutput (floor), \(size) B"
        let decoderDocuments = "JSONDecoder → GetMessagesOutput (floor), documents"
        return [
            BenchCase(decoderBytes, inputBytes: size, unit: .megabytesPerSecond) {
                (try? JSONDecoder().decode(GetMessagesOutput.self, from: data))?.messages.count ?? 0
            },
            BenchCase(
                "parse + validate against getMessages#output, \(size) B", inputBytes: size, unit: .megabytesPerSecond, floor: decoderBytes
            ) {
                guard let parsed = try? JSONParser.parse(document), let result = try? validator.validate(parsed, against: target) else {
                    return 0
                }
                return result.isValid ? 1 : 0
            },
            BenchCase(decoderDocuments, inputBytes: size, unit: .operationsPerSecond) {
                (try? JSONDecoder().decode(GetMessagesOutput.self, from: data))?.messages.count ?? 0
            },
            BenchCase(
                "validate a parsed getMessages#output, documents", inputBytes: size, unit: .operationsPerSecond, floor: decoderDocuments
            ) {
                ((try? validator.validate(value, against: target))?.isValid ?? false) ? 1 : 0
            },
        ] + (try serverCases())
    }

    /// getMessages (a page of 50 from the start) and sendMessage through the mock's request handler, in a conversation
    /// of 100 messages (the floor) and one of 20,000 (sendMessage's conversations grow as the rows run).
    static func serverCases() throws -> [BenchCase] {
        var cases: [BenchCase] = []
        var floors: (get: String, send: String)?
        for size in [100, 20_000] {
            let mock = MockConversation(messages: size)
            let get = "mock getMessages, limit 50, conversation of \(size) messages"
            let send = "mock sendMessage, conversation of \(size) messages and growing"
            cases.append(BenchCase(get, inputBytes: 0, unit: .operationsPerSecond, floor: floors?.get) { mock.getMessages() })
            cases.append(BenchCase(send, inputBytes: 0, unit: .operationsPerSecond, floor: floors?.send) { mock.sendMessage() })
            floors = floors ?? (get, send)
        }
        return cases
    }

    /// A mock MLS service holding one conversation of alice's, filled through the request handler.
    final class MockConversation {
        let service: MLSService
        let convoId: String
        let send: APIRequest
        let get: APIRequest

        init(messages: Int) {
            var config = MLSServiceConfig()
            config.clock = FixedClock(1_700_000_000)
            config.rateLimit = 1_000_000_000
            service = MLSService(config: config)
            let create = Self.request(.createConvo, ["cipherSuite": "MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519"])
            convoId = (try? JSONParser.parse(service.handle(create).body))?["convo"]?["id"]?.stringValue ?? ""
            let ciphertext = Base64.encode(Array(repeating: 0xA5, count: 150), variant: Base64Variant(.std, .padded, .strict))
            send = Self.request(.sendMessage, ["convoId": .string(convoId), "ciphertext": .string(ciphertext)])
            get = Self.request(.getMessages, query: "convoId=\(convoId)&limit=50")
            for _ in 0..<messages { _ = service.handle(send) }
        }

        /// One page; its size in bytes (the same each time).
        func getMessages() -> Int { service.handle(get).body.count }
        /// One message sent; 1 when accepted.
        func sendMessage() -> Int { service.handle(send).status == 200 ? 1 : 0 }

        static func request(_ endpoint: MLSEndpoint, _ body: JSONValue = [:], query: String = "") -> APIRequest {
            var request = APIRequest(
                method: endpoint.method, path: endpoint.path, query: query, headers: [("Authorization", "Bearer dev-alice")])
            if !endpoint.isQuery {
                request.headers.append((name: "Content-Type", value: "application/json"))
                request.body = Array(JSONWriter.compact(body).utf8)
            }
            return request
        }
    }

    /// A real answer of the mock: 50 messages of 200-byte ciphertexts in one conversation.
    static func sampleOutput() -> [UInt8] {
        let mock = MockConversation(messages: 50)
        return mock.service.handle(mock.get).body
    }
}
