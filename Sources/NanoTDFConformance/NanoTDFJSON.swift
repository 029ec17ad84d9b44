import ConformanceKit
import NanoTDF
import WireCore

/// The JSON form of parsed NanoTDF fields in vectors and shim results (binary values hex), written
/// through the declared fields (`NanoTDFFields`).
package enum NanoTDFJSON {
    typealias F = NanoTDFFields

    static func locator(_ locator: ResourceLocator) -> JSONObject {
        JSONObject(F.locatorProtocol(locator.protocolCode), F.locatorBody(locator.body), F.locatorIdentifier(locator.identifier))
    }

    /// `nanotdf.parseHeader`'s result.
    package static func header(_ header: Header, length: Int) -> JSONObject {
        var policy = JSONObject(F.policyType(header.policy.kind), F.policyBody(header.policy.body))
        if let policyLocator = header.policy.locator { policy.set(F.policyLocator, locator(policyLocator)) }
        var object = JSONObject(F.headerLength(Int64(length)), F.magic(header.version), F.kas(locator(header.kas)))
        if let key = header.kasKey { object.set(F.kasKey, JSONObject(F.kasKeyCurve(key.curve), F.kasKeyPublicKey(key.publicKey))) }
        object.set(F.curve, header.curve)
        object.set(F.ecdsaBinding, header.ecdsaBinding)
        object.set(F.hasSignature, header.hasSignature)
        object.set(F.signatureCurve, header.hasSignature ? header.signatureCurve : nil)
        object.set(F.cipher, header.cipher)
        object.set(F.policy, policy)
        object.set(F.binding, header.policy.binding)
        object.set(F.ephemeralPublicKey, header.ephemeralPublicKey)
        return object
    }

    /// `nanotdf.parse`'s result: the header's fields, the payload and the signature.
    package static func container(_ container: Container, headerLength: Int) -> JSONObject {
        var object = header(container.header, length: headerLength)
        let payload = container.payload
        object.set(
            F.payload,
            JSONObject(
                F.payloadLength(Int64(payload.length)), F.payloadIV(payload.iv), F.payloadCiphertext(payload.ciphertext),
                F.payloadTag(payload.tag)))
        object.set(F.signature, container.signature.map { JSONObject(F.signaturePublicKey($0.publicKey), F.signatureBytes($0.signature)) })
        return object
    }
}
