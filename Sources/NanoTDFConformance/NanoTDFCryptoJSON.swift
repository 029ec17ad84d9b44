import ConformanceKit
import NanoTDF
import WireCore

/// The JSON of `nanotdf.encrypt`'s arguments and `nanotdf.decrypt`'s result, both ways, through the
/// declared fields (`NanoTDFFields`): the vectors write it, the op and the CLI read it.
package enum NanoTDFCryptoJSON {
    typealias F = NanoTDFFields

    /// The arguments of `nanotdf.encrypt` for `parameters`; keys are written as raw scalars.
    package static func arguments(_ parameters: EncryptionParameters) -> JSONObject {
        var policy: JSONObject
        switch parameters.policy {
        case .remote(let locator): policy = JSONObject(F.policyType(.remote), F.policyLocatorParameter(NanoTDFJSON.locator(locator)))
        case .embeddedPlaintext(let content): policy = JSONObject(F.policyType(.embeddedPlaintext), F.policyContent(content))
        case .embeddedEncrypted(let content): policy = JSONObject(F.policyType(.embeddedEncrypted), F.policyContent(content))
        case .embeddedEncryptedWithKeyAccess(let content, let locator, let key):
            policy = JSONObject(
                F.policyType(.embeddedEncryptedWithKeyAccess), F.policyContent(content),
                F.policyLocatorParameter(NanoTDFJSON.locator(locator)), F.keyAccessPrivateKey(key.scalarBytes))
        }
        var object = JSONObject(
            F.magic(parameters.version), F.kasPublicKey(parameters.kasPublicKey), F.kasParameter(NanoTDFJSON.locator(parameters.kas)),
            F.curve(parameters.ephemeralKey.curve), F.cipher(parameters.cipher), F.policyParameters(policy),
            F.ecdsaBinding(parameters.bindingVariant.isECDSA), F.bindingVariant(parameters.bindingVariant),
            F.ephemeralPrivateKey(parameters.ephemeralKey.scalarBytes), F.iv(parameters.iv), F.ivConvention(parameters.ivConvention),
            F.plaintext(parameters.plaintext))
        if let signing = parameters.signingKey {
            object.set(F.signingPrivateKey, signing.scalarBytes)
            object.set(F.signatureCurveParameter, signing.curve)
        }
        return object
    }

    /// `nanotdf.encrypt`'s arguments read back (the declared fields have been checked, so what is left
    /// is how they fit together); a key that cannot be read is the module's `bad-private-key`.
    package static func parameters(_ args: JSONObject) throws(ShimError) -> EncryptionParameters {
        let curve = try args.read(F.curve)
        let variant = try args.read(F.bindingVariant)
        guard try args.read(F.ecdsaBinding) == variant.isECDSA else {
            throw badRequest("ecdsaBinding must be \(variant.isECDSA) for bindingVariant \(variant.rawValue)")
        }
        let policyArgs = try args.read(F.policyParameters)
        let content = { () throws(ShimError) -> [UInt8] in try policyArgs.read(F.policyContent) }
        let locator = { () throws(ShimError) -> ResourceLocator in try Self.locator(try policyArgs.read(F.policyLocatorParameter)) }
        let policy: PolicyContent
        switch try policyArgs.read(F.policyType) {
        case .remote: policy = .remote(try locator())
        case .embeddedPlaintext: policy = .embeddedPlaintext(try content())
        case .embeddedEncrypted: policy = .embeddedEncrypted(try content())
        case .embeddedEncryptedWithKeyAccess:
            policy = .embeddedEncryptedWithKeyAccess(
                try content(), locator: try locator(), ephemeralKey: try key(policyArgs.read(F.keyAccessPrivateKey), curve))
        }
        var signingKey: PrivateKey? = nil
        if let signing = try args.readIfPresent(F.signingPrivateKey) {
            signingKey = try key(signing, try args.read(F.signatureCurveParameter))
        }
        return EncryptionParameters(
            version: try args.read(F.magic), kas: try Self.locator(try args.read(F.kasParameter)),
            kasPublicKey: try args.read(F.kasPublicKey),
            cipher: try args.read(F.cipher), policy: policy, bindingVariant: variant,
            ephemeralKey: try key(args.read(F.ephemeralPrivateKey), curve), iv: try args.read(F.iv),
            ivConvention: try args.read(F.ivConvention), plaintext: try args.read(F.plaintext), signingKey: signingKey)
    }

    /// `nanotdf.decrypt`'s result.
    package static func decryption(_ result: Decryption) -> JSONObject {
        JSONObject(
            F.plaintext(result.plaintext), F.ivConvention(result.ivConvention), F.bindingVerified(result.bindingVerified),
            F.verifiedBindingVariant(result.bindingVariant), F.signatureVerified(result.signatureVerified),
            F.policyPlaintext(result.policyPlaintext))
    }

    /// A locator object {protocol, body, identifier?}; an absent identifier is empty.
    static func locator(_ object: JSONObject) throws(ShimError) -> ResourceLocator {
        ResourceLocator(
            protocolCode: try object.read(F.locatorProtocol), body: try object.read(F.locatorBody),
            identifier: try object.readIfPresent(F.locatorIdentifier) ?? [])
    }

    /// A private key argument of `curve` (raw scalar or DER).
    static func key(_ bytes: [UInt8], _ curve: Curve) throws(ShimError) -> PrivateKey {
        do {
            return try PrivateKey(reading: bytes, curve: curve)
        } catch {
            throw ShimError(error)
        }
    }

    static func badRequest(_ message: String) -> ShimError { ShimError(code: ShimError.badRequestCode, message: message) }
}
