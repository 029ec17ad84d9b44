import ConformanceKit
import ModelExchange
import WireCore

/// Fixed inputs shared by the FlowDown suites: every key, nonce and model is derived from a
/// constant, so regeneration is byte-identical (Vectors/README.md, "Determinism").
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

    /// The note of every case with a repeated query item (FINDINGS.md F1).
    static let duplicateParameterNote = VectorFile.Note(
        bugType: .knownBug,
        description:
            "A repeated item. FlowDown's framework up to oyaoo/FlowDown be50ddf (app 5.0.2) builds its dictionary with "
            + "Dictionary(uniqueKeysWithValues:) and traps, so one link crashes the app (FINDINGS.md F1); Lakr233/FlowDown 326d6d66 "
            + "keeps the first value. Accepting with the first value or rejecting are conformant; a crash is not (the harness "
            + "scores a crashed shim FAIL).")

    /// Foundation reads a URL component with a character not allowed in it literally (FlowDown spec section 8).
    static let literalQueryNote = VectorFile.Note(
        bugType: .interop,
        description:
            "The query holds a character that is not allowed in a URL (a raw space, non-ASCII, [ ] \" < > \\ ^ { } |, a stray %). "
            + "Swift 6 Foundation then percent-encodes the whole query, % included, so FlowDown (URLComponents.queryItems) gets "
            + "every name and value literally, without percent-decoding, and rebuilds the canonical string from those literal "
            + "texts. Checked with Swift 6.3.1 Foundation on Linux.")

    /// Foundation's percent-decoding drops a leading byte order mark (FlowDown spec section 8).
    static let byteOrderMarkNote = VectorFile.Note(
        bugType: .interop,
        description:
            "A name or value that begins with U+FEFF, escaped (%EF%BB%BF) or raw. Foundation's removingPercentEncoding, which "
            + "URLComponents.queryItems and URL.host use, reads the decoded bytes as a UTF-8 document and drops one leading "
            + "U+FEFF, so FlowDown sees the text without it (stage=%EF%BB%BFcancelled is a cancel) and rebuilds the canonical "
            + "string without it. Checked with Swift 6.3.1 Foundation on Linux.")

    /// Standard Base64 `text` with bit 0 set in its last data character: an unused bit whenever the
    /// text ends in padding. Foundation's `Data(base64Encoded:)` decodes it to the same bytes.
    static func withTrailingBits(_ text: String) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var characters = Array(text)
        let last = characters.lastIndex { $0 != "=" }!
        precondition(last < characters.count - 1, "only a padded text has unused bits")
        characters[last] = alphabet[alphabet.firstIndex(of: characters[last])! | 0b0001]
        return String(characters)
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
