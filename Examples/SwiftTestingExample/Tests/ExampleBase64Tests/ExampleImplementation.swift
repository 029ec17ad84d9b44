import ExampleBase64
import Foundation
import WireCheckTesting
import WireCheckTestingWireCore

/// With WIRECHECK_EXAMPLE_SHOW_FAILURES=1 both implementations below decode `url-padded-strict` with the
/// standard alphabet instead, a deliberate bug, to show what failures look like.
let deliberateBug = ProcessInfo.processInfo.environment["WIRECHECK_EXAMPLE_SHOW_FAILURES"] == "1"

/// The example's code behind WireCheck's op `wirecore.base64Decode`: the two strict padded variants;
/// any other variant is unimplemented. Refusals carry the vectors' error class.
@Sendable func decode(variant: String, text: String) throws(ShimError) -> [UInt8] {
    let urlAlphabet: Bool
    switch variant {
    case "std-padded-strict": urlAlphabet = false
    case "url-padded-strict": urlAlphabet = !deliberateBug
    default: throw .unimplemented
    }
    do throws(Base64.Refusal) {
        return try Base64.decode(text, urlAlphabet: urlAlphabet)
    } catch {
        throw ShimError(code: error.rawValue)
    }
}

/// Typed: the builder `WireCoreOps.base64Decode` reads the case's arguments, calls `decode` and
/// writes the result; every other op is unimplemented.
let typedImplementation = OpTable(name: "ExampleBase64", [WireCoreOps.base64Decode(decode)])

/// The same in the shim's shape, `call(op:args:)` with JSON in and out, for those who prefer it:
/// `wirecore.base64Decode {variant, text} -> {bytes}` (bytes as hex).
struct ExampleImplementation: Implementation {
    var name: String { "ExampleBase64" }
    var supportedOps: Set<String>? { ["wirecore.base64Decode"] }

    func call(op: String, args: JSONObject) throws(ShimError) -> JSONObject {
        guard op == "wirecore.base64Decode", let variant = args["variant"]?.stringValue, let text = args["text"]?.stringValue else {
            throw .unimplemented
        }
        let bytes = try decode(variant: variant, text: text)
        return ["bytes": .string(bytes.map { String(format: "%02x", $0) }.joined())]
    }
}
