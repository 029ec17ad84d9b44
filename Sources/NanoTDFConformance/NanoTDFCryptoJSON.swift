import ConformanceKit
import NanoTDF
import WireCore

/// The JSON of `nanotdf.encrypt`'s arguments and `nanotdf.decrypt`'s result (binary values hex,
/// curves by name, ciphers by tag bits), both ways: the vectors write it, the op and the CLI read it.
package enum NanoTDFCryptoJSON {
    static let protocolCodes: [String: UInt8] = ["http": 0x0, "https": 0x1, "shared-resource-directory": 0xF]

    /// The arguments of `nanotdf.encrypt` for `parameters`; keys are written as raw scalars.
    package static func arguments(_ parameters: EncryptionParameters) -> JSONObject {
        var policy: JSONObject
        switch parameters.policy {
        case .remote(let locator): policy = ["type": "remote", "locator": NanoTDFJSON.locator(locator)]
        case .embeddedPlaintext(let content): policy = ["type": "embedded-plaintext", "content": .string(Hex.encode(content))]
        case .embeddedEncrypted(let content): policy = ["type": "embedded-encrypted", "content": .string(Hex.encode(content))]
        case .embeddedEncryptedWithKeyAccess(let content, let locator, let key):
            policy = [
                "type": "embedded-encrypted-key-access", "content": .string(Hex.encode(content)), "locator": NanoTDFJSON.locator(locator),
                "keyAccessPrivateKey": .string(Hex.encode(key.scalarBytes)),
            ]
        }
        var object: JSONObject = [
            "magic": .string(parameters.version.name), "kasPublicKey": .string(Hex.encode(parameters.kasPublicKey)),
            "kas": NanoTDFJSON.locator(parameters.kas), "curve": .string(parameters.ephemeralKey.curve.name),
            "cipher": .int(Int64(parameters.cipher.tagBits)), "policy": .object(policy),
            "ecdsaBinding": .bool(parameters.bindingVariant.isECDSA), "bindingVariant": .string(parameters.bindingVariant.rawValue),
            "ephemeralPrivateKey": .string(Hex.encode(parameters.ephemeralKey.scalarBytes)), "iv": .string(Hex.encode(parameters.iv)),
            "ivConvention": .string(parameters.ivConvention.rawValue), "plaintext": .string(Hex.encode(parameters.plaintext)),
        ]
        if let signing = parameters.signingKey {
            object["signingPrivateKey"] = .string(Hex.encode(signing.scalarBytes))
            object["signatureCurve"] = .string(signing.curve.name)
        }
        return object
    }

    /// `nanotdf.encrypt`'s arguments read back; what is missing, mistyped or unknown is `bad-request`
    /// naming the argument, a key that cannot be read is the module's `bad-private-key`.
    package static func parameters(_ args: JSONObject) throws(ShimError) -> EncryptionParameters {
        let curve = try named("curve", args, Curve.allCases, \.name)
        let cipher = try named("cipher", args, Cipher.allCases) { "\($0.tagBits)" }
        let variant = try named("bindingVariant", args, BindingVariant.allCases, \.rawValue)
        guard try args.bool("ecdsaBinding") == variant.isECDSA else {
            throw badRequest("ecdsaBinding must be \(variant.isECDSA) for bindingVariant \(variant.rawValue)")
        }
        let policyArgs = try object("policy", args)
        let content = { () throws(ShimError) -> [UInt8] in try policyArgs.hex("content") }
        let policy: PolicyContent
        switch try policyArgs.string("type") {
        case "remote": policy = .remote(try locator(try object("locator", policyArgs)))
        case "embedded-plaintext": policy = .embeddedPlaintext(try content())
        case "embedded-encrypted": policy = .embeddedEncrypted(try content())
        case "embedded-encrypted-key-access":
            policy = .embeddedEncryptedWithKeyAccess(
                try content(), locator: try locator(try object("locator", policyArgs)),
                ephemeralKey: try key(policyArgs.hex("keyAccessPrivateKey"), curve))
        case let other: throw badRequest("policy.type \(other) is not one of \(Policy.Kind.allCases.map(\.name))")
        }
        var signingKey: PrivateKey? = nil
        if args["signingPrivateKey"] != nil {
            signingKey = try key(args.hex("signingPrivateKey"), try named("signatureCurve", args, Curve.allCases, \.name))
        }
        return EncryptionParameters(
            version: try named("magic", args, Header.Version.allCases, \.name), kas: try locator(try object("kas", args)),
            kasPublicKey: try args.hex("kasPublicKey"), cipher: cipher, policy: policy, bindingVariant: variant,
            ephemeralKey: try key(args.hex("ephemeralPrivateKey"), curve), iv: try args.hex("iv"),
            ivConvention: try named("ivConvention", args, IVConvention.allCases, \.rawValue), plaintext: try args.hex("plaintext"),
            signingKey: signingKey)
    }

    /// `nanotdf.decrypt`'s result.
    package static func decryption(_ result: Decryption) -> JSONObject {
        [
            "plaintext": .string(Hex.encode(result.plaintext)), "ivConvention": .string(result.ivConvention.rawValue),
            "bindingVerified": .bool(result.bindingVerified), "bindingVariant": result.bindingVariant.map { .string($0.rawValue) } ?? .null,
            "signatureVerified": result.signatureVerified.map { .bool($0) } ?? .null,
            "policyPlaintext": result.policyPlaintext.map { .string(Hex.encode($0)) } ?? .null,
        ]
    }

    /// A locator object {protocol, body (hex), identifier (hex)}.
    static func locator(_ object: JSONObject) throws(ShimError) -> ResourceLocator {
        let name = try object.string("protocol")
        guard let code = protocolCodes[name] else {
            throw badRequest("locator protocol \(name) is not one of \(protocolCodes.keys.sorted())")
        }
        let identifier = object["identifier"] == nil ? [] : try object.hex("identifier")
        return ResourceLocator(protocolCode: code, body: try object.hex("body"), identifier: identifier)
    }

    /// A private key argument of `curve` (raw scalar or DER).
    static func key(_ bytes: [UInt8], _ curve: Curve) throws(ShimError) -> PrivateKey {
        do {
            return try PrivateKey(reading: bytes, curve: curve)
        } catch {
            throw ShimError(error)
        }
    }

    static func object(_ name: String, _ args: JSONObject) throws(ShimError) -> JSONObject {
        guard let value = args[name]?.objectValue else { throw badRequest("argument '\(name)' must be an object") }
        return value
    }

    /// The case of `all` whose name is the string argument `name`.
    static func named<T>(_ name: String, _ args: JSONObject, _ all: [T], _ label: (T) -> String) throws(ShimError) -> T {
        let value: String
        if let number = args[name]?.intValue { value = "\(number)" } else { value = try args.string(name) }
        guard let match = all.first(where: { label($0) == value }) else {
            throw badRequest("argument '\(name)' is \(value), not one of \(all.map(label))")
        }
        return match
    }

    static func badRequest(_ message: String) -> ShimError { ShimError(code: ShimError.badRequestCode, message: message) }
}
