import ATProtoLexicon
import CatbirdMLS
import CatbirdMLSService
import ConformanceKit
import Foundation
import HTTPExchange
import WireCore

/// Lexicon validation of a 50-message `getMessages` output (documents/s and MB/s) next to Foundation's
/// `JSONDecoder` decoding the same bytes into the Codable model (the floor), in the same run.
enum MLSBench {
    static let set = BenchSet(summary: "getMessages output (50 messages, from the mock server): lexicon validation next to JSONDecoder") {
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
        ]
    }

    /// A real answer of the mock: 50 messages of 200-byte ciphertexts in one conversation.
    static func sampleOutput() -> [UInt8] {
        var config = MLSServiceConfig()
        config.clock = FixedClock(1_700_000_000)
        config.rateLimit = 1_000_000
        let service = MLSService(config: config)
        func call(_ endpoint: MLSEndpoint, _ body: JSONValue = [:], query: String = "") -> JSONValue {
            var request = APIRequest(
                method: endpoint.method, path: endpoint.path, query: query, headers: [("Authorization", "Bearer dev-alice")])
            if !endpoint.isQuery {
                request.headers.append((name: "Content-Type", value: "application/json"))
                request.body = Array(JSONWriter.compact(body).utf8)
            }
            return (try? JSONParser.parse(service.handle(request).body)) ?? .null
        }
        let convoId = call(.createConvo, ["cipherSuite": "MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519"])["convo"]?["id"]?.stringValue ?? ""
        let ciphertext = Base64.encode(Array(repeating: 0xA5, count: 150), variant: Base64Variant(.std, .padded, .strict))
        for _ in 0..<50 { _ = call(.sendMessage, ["convoId": .string(convoId), "ciphertext": .string(ciphertext)]) }
        var request = APIRequest(method: "GET", path: MLSEndpoint.getMessages.path, query: "convoId=\(convoId)&limit=50")
        request.headers = [(name: "Authorization", value: "Bearer dev-alice")]
        return service.handle(request).body
    }
}
