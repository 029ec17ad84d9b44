import CatbirdMLS
import Foundation
import FuzzSupport
import WireCore

/// The Codable models of the Catbird MLS outputs, and the reading of error answers. The first byte
/// picks the endpoint (its index in `MLSEndpoint.allCases`) and so the output type, the rest is
/// the JSON. Oracles: what decodes re-encodes and decodes to an equal value (datetimes keep their
/// text); a value that decodes also passes the output lexicon's required fields, since every
/// non-optional property is a required field. The same bytes as an error body and as a
/// `Retry-After` value: a name read is the body's `error` and an XRPC name, a delay is the digits.
/// The validator, built once.
let validator = CatbirdLexicons.validator()

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    withLeakCheckingDisabled { consume(validator.catalog.documents.count) }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = inputBytes(start, count)
    guard let selector = bytes.first else { return 0 }
    let json = Data(bytes.dropFirst())
    let endpoint = MLSEndpoint.allCases[Int(selector) % MLSEndpoint.allCases.count]
    switch endpoint {
    case .getConvos: roundTrip(GetConvosOutput.self, json, endpoint)
    case .createConvo: roundTrip(CreateConvoOutput.self, json, endpoint)
    case .addMembers: roundTrip(AddMembersOutput.self, json, endpoint)
    case .leaveConvo: roundTrip(LeaveConvoOutput.self, json, endpoint)
    case .getMessages: roundTrip(GetMessagesOutput.self, json, endpoint)
    case .sendMessage: roundTrip(SendMessageOutput.self, json, endpoint)
    case .publishKeyPackage: roundTrip(PublishKeyPackageOutput.self, json, endpoint)
    case .getKeyPackages: roundTrip(GetKeyPackagesOutput.self, json, endpoint)
    case .uploadBlob: roundTrip(UploadBlobOutput.self, json, endpoint)
    }
    // Error bodies are short; longer inputs would only fuzz JSONParser again (FuzzJSON does) at half the speed.
    if bytes.count <= 513 { readError(Array(bytes.dropFirst()), endpoint) }
    return 0
}

func readError(_ body: [UInt8], _ endpoint: MLSEndpoint) {
    let text = String(decoding: body, as: UTF8.self)
    let answer = XRPCErrorResponse(status: 400, contentType: "application/json", retryAfter: text, body: body)
    if let name = answer.error {
        require(XRPCErrorResponse.isErrorName(name), "read error name \(name) is not an XRPC name")
        require((try? JSONParser.parse(body))?["error"]?.stringValue == name, "read error name \(name) is not the body's error")
    }
    if let delay = answer.retryAfter {
        let digits = text.utf8.filter { $0 != 0x20 && $0 != 0x09 }
        require(
            digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && Int(String(decoding: digits, as: UTF8.self)) == delay,
            "Retry-After \(text.debugDescription) read as \(delay)")
    }
    _ = answer.isDeclared(by: endpoint)
}

func roundTrip<Model: Codable & Equatable>(_: Model.Type, _ json: Data, _ endpoint: MLSEndpoint) {
    guard let model = try? JSONDecoder().decode(Model.self, from: json) else { return }
    guard let encoded = try? JSONEncoder().encode(model) else { contractViolated("\(Model.self) decoded but does not encode") }
    guard let again = try? JSONDecoder().decode(Model.self, from: encoded) else {
        contractViolated("\(Model.self) re-encoded to JSON it cannot decode: \(String(decoding: encoded, as: UTF8.self).prefix(300))")
    }
    require(again == model, "\(Model.self) changed in an encode → decode round trip")
    // Everything the lexicon requires is a non-optional property, so no missing-required error can remain.
    if let value = try? JSONParser.parse(Array(encoded)),
        let result = try? validator.validate(value, against: "\(endpoint.nsid)#output")
    {
        require(!result.errors.contains { $0.code == .missingRequired }, "\(Model.self) decoded without a required field: \(result.errors)")
    }
}
