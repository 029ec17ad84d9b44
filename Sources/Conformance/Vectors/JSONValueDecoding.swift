import Foundation
import WireCore

/// Decodes a `Decodable` from an already parsed `JSONValue` by way of Foundation's decoder, so the
/// model types keep their synthesized `Codable` and the parser keeps its byte-offset errors.
enum JSONValueDecoding {
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        let data = Data(JSONWriter().bytes(value))
        return try JSONDecoder().decode(T.self, from: data)
    }
}
