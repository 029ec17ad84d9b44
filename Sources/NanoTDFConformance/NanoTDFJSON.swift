import NanoTDF
import WireCore

/// The JSON form of parsed NanoTDF fields in vectors and shim results (binary values hex).
package enum NanoTDFJSON {
    static func locator(_ locator: ResourceLocator) -> JSONValue {
        [
            "protocol": .string(locator.protocolName), "body": .string(Hex.encode(locator.body)),
            "identifier": .string(Hex.encode(locator.identifier)),
        ]
    }

    /// `nanotdf.parseHeader`'s result.
    package static func header(_ header: Header, length: Int) -> JSONObject {
        var policy: JSONObject = ["type": .string(header.policy.kind.name), "body": .string(Hex.encode(header.policy.body))]
        if let policyLocator = header.policy.locator { policy["locator"] = locator(policyLocator) }
        var object: JSONObject = [
            "headerLength": .int(Int64(length)), "magic": .string(header.version.name), "kas": locator(header.kas),
        ]
        if let key = header.kasKey {
            object["kasKey"] = ["curve": .string(key.curve.name), "publicKey": .string(Hex.encode(key.publicKey))]
        }
        object["curve"] = .string(header.curve.name)
        object["ecdsaBinding"] = .bool(header.ecdsaBinding)
        object["hasSignature"] = .bool(header.hasSignature)
        object["signatureCurve"] = header.hasSignature ? .string(header.signatureCurve?.name ?? "") : .null
        object["cipher"] = .int(Int64(header.cipher.tagBits))
        object["policy"] = .object(policy)
        object["binding"] = .string(Hex.encode(header.policy.binding))
        object["ephemeralPublicKey"] = .string(Hex.encode(header.ephemeralPublicKey))
        return object
    }

    /// `nanotdf.parse`'s result: the header's fields, the payload and the signature.
    package static func container(_ container: Container, headerLength: Int) -> JSONObject {
        var object = header(container.header, length: headerLength)
        object["payload"] = [
            "length": .int(Int64(container.payload.length)), "iv": .string(Hex.encode(container.payload.iv)),
            "ciphertext": .string(Hex.encode(container.payload.ciphertext)), "tag": .string(Hex.encode(container.payload.tag)),
        ]
        object["signature"] =
            container.signature.map {
                ["publicKey": .string(Hex.encode($0.publicKey)), "signature": .string(Hex.encode($0.signature))]
            } ?? .null
        return object
    }
}
