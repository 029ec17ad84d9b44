import ExampleBase64
import Foundation
import WireCheckTesting
import WireCore

/// The example's code behind WireCheck's op `wirecore.base64Decode {variant, text} -> {bytes}`.
/// It implements the two strict padded variants; every other op and variant is unimplemented.
/// With WIRECHECK_EXAMPLE_SHOW_FAILURES=1 it decodes `url-padded-strict` with the standard alphabet
/// instead, a deliberate bug, to show what failures look like.
struct ExampleImplementation: Implementation {
    var name: String { "ExampleBase64" }
    var supportedOps: Set<String>? { ["wirecore.base64Decode"] }

    func call(op: String, args: JSONObject) throws(ShimError) -> JSONObject {
        guard op == "wirecore.base64Decode", let variant = args["variant"]?.stringValue, let text = args["text"]?.stringValue else {
            throw .unimplemented
        }
        let deliberateBug = ProcessInfo.processInfo.environment["WIRECHECK_EXAMPLE_SHOW_FAILURES"] == "1"
        let urlAlphabet: Bool
        switch variant {
        case "std-padded-strict": urlAlphabet = false
        case "url-padded-strict": urlAlphabet = !deliberateBug
        default: throw .unimplemented
        }
        do throws(StrictBase64.Refusal) {
            let bytes = try StrictBase64.decode(text, urlAlphabet: urlAlphabet)
            return ["bytes": .string(bytes.map { String(format: "%02x", $0) }.joined())]
        } catch {
            throw ShimError(code: error.rawValue)
        }
    }
}
