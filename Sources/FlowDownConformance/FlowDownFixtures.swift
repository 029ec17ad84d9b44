import ConformanceKit
import ModelExchange
import WireCore

/// Fixed inputs shared by the FlowDown suites: every key, nonce and model is derived from a
/// constant, so regeneration is byte-identical (vectors.md, "Determinism").
enum FlowDownFixtures {
    static let spec = VectorFile.SpecReference(
        name: "FlowDown Model Exchange", version: "FlowDown framework edeb66b4, app 5.x",
        url: "https://github.com/Lakr233/FlowDown")

    /// The seed of the FlowDown spec section 13 example: bytes 1..32.
    static let specSeed = (1...32).map(UInt8.init)

    /// A seed for key number `n` of the suites.
    static func seed(_ n: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: 0xF10D_0000 + n)
        return random.bytes(32)
    }

    static func keyPair(_ seed: [UInt8]) -> ModelExchangeKeyPair { try! ModelExchangeKeyPair(seed: seed) }

    /// A session id in FlowDown's shape: `<deviceId>-<UUID>`, uppercase.
    static let session = "5F0C3A52-1B7E-4C1D-9A3B-2E6F8D7C4B10-0D9E8F7A-6B5C-4D3E-8F2A-1B0C9D8E7F6A"
    static let now: Int64 = 1_700_000_000

    static func model(_ n: Int) -> CloudModel {
        var model = CloudModel()
        model.objectId = "6F1E2D3C-4B5A-4978-8877-66554433221\(n)"
        model.deviceId = "11111111-2222-4333-8444-555555555555"
        model.modelIdentifier = ["gpt-4o-mini", "claude-sonnet", "llama-3.1-70b"][n % 3]
        model.modelListEndpoint = "$INFERENCE_ENDPOINT$/../../models"
        model.creation = 1_700_000_000 + Int64(n)
        model.modified = 1_700_086_400 + Int64(n)
        model.removed = false
        model.endpoint = "https://api.example.com/v1/chat/completions"
        model.token = "sk-example-token-\(n)"
        model.headers = ["HTTP-Referer": "https://flowdown.ai/", "X-Title": "FlowDown"]
        model.bodyFields = #"{"temperature":0.7}"#
        model.capabilities = [["visual", "tool"], ["auditory", "visual", "tool", "developerRole"], ["tool"]][n % 3]
        model.context = [64000, 200000, 8000][n % 3]
        model.responseFormat = n % 2 == 0 ? "chatCompletions" : "responses"
        model.comment = n == 1 ? "escapes: <tag> & \"quotes\"" : ""
        model.name = "Model \(n)"
        model.temperaturePreference = "inherit"
        model.extensionStorage = n == 2 ? ["chat_client_kit_scripts": "[]"] : [:]
        return model
    }
}
