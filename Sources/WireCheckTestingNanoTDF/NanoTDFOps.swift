import ConformanceKit
import NanoTDF
import NanoTDFConformance

/// The `nanotdf.*` ops as typed functions over this product's own value types, for an `OpTable` of `WireCheckTesting`:
/// `OpTable(name: "MyNanoTDF", [NanoTDFOps.parseHeader { bytes throws(ShimError) in … }])`. Each builder reads the
/// case's arguments, calls your function and writes its answer as the vectors compare it; throw `ShimError(code:)` with
/// the vectors' error class (`truncated`, `bad-magic`, `bad-curve`, `authentication-failed`, …) to refuse. What your
/// functions return is handed to the family's own builders member by member, so nothing your decoder read is replaced
/// by a default.
public enum NanoTDFOps {
    private typealias Reference = NanoTDFConformance.NanoTDFOps

    /// `nanotdf.parseHeader`: the header at the start of `container` and its length in bytes (what follows is not read).
    public static func parseHeader(
        _ parse: @escaping @Sendable (_ container: [UInt8]) throws(ShimError) -> (header: NanoTDFHeader, length: Int)
    ) -> ShimOperation {
        Reference.parseHeader { bytes throws(ShimError) in
            let (header, length) = try parse(bytes)
            return (try Header(header), length)
        }
    }

    /// `nanotdf.parse`: the whole container, header, payload and creator signature.
    public static func parse(_ parse: @escaping @Sendable (_ container: [UInt8]) throws(ShimError) -> NanoTDFContainer) -> ShimOperation {
        Reference.parse { bytes throws(ShimError) in try Container(try parse(bytes)) }
    }

    /// `nanotdf.decrypt`: `container` opened with `privateKey` (the KAS key as the case gives it: PEM, DER or the raw
    /// scalar) under `ivConvention` (nil: find the one the payload authenticates under).
    public static func decrypt(
        _ decrypt:
            @escaping @Sendable (_ container: [UInt8], _ privateKey: [UInt8], _ ivConvention: NanoTDFIVConvention?) throws(ShimError)
            -> NanoTDFDecryption
    ) -> ShimOperation {
        Reference.decrypt { bytes, key, convention throws(ShimError) in
            Decryption(try decrypt(bytes, key, convention.map { NanoTDFIVConvention(rawValue: $0.rawValue)! }))
        }
    }

    /// `nanotdf.encrypt`: the container's bytes for `request`.
    public static func encrypt(_ encrypt: @escaping @Sendable (_ request: NanoTDFEncryptionRequest) throws(ShimError) -> [UInt8])
        -> ShimOperation
    {
        Reference.encrypt { parameters throws(ShimError) in try encrypt(NanoTDFEncryptionRequest(parameters)) }
    }
}

// Member by member; each initialiser names every member of the product's type, so a member added to it is a compile
// error (the reference's initialisers have defaults: a member added there is not). The closed sets have the same raw
// values on both sides (a test compares them), so a conversion by raw value never fails. A header is written back to
// bytes to be compared, and the writer stops the program on a locator or policy no header can hold (it never parses
// one): such an answer is refused here, and its case fails, instead of taking the user's test process down.
extension ResourceLocator {
    package init(_ locator: NanoTDFLocator) {
        self.init(protocolCode: locator.protocolCode, body: locator.body, identifier: locator.identifier)
    }
}

extension NanoTDFLocator {
    package init(_ locator: ResourceLocator) {
        self.init(protocolCode: locator.protocolCode, body: locator.body, identifier: locator.identifier)
    }
}

extension Header {
    package init(_ header: NanoTDFHeader) throws(ShimError) {
        try Self.checkWritable(header.kas, "kas")
        if let locator = header.policy.locator { try Self.checkWritable(locator, "policy.locator") }
        guard header.policy.content.count <= 0xFFFF else {
            throw ShimError(code: "unwritable-answer", message: "policy.content is \(header.policy.content.count) bytes; at most 65535 fit")
        }
        self.init(
            version: Version(rawValue: header.version.rawValue)!, kas: ResourceLocator(header.kas),
            kasKey: header.kasKey.map { KASKey(curve: Curve(rawValue: $0.curve.rawValue)!, publicKey: $0.publicKey) },
            ecdsaBinding: header.ecdsaBinding, curve: Curve(rawValue: header.curve.rawValue)!, hasSignature: header.hasSignature,
            signatureCurveBits: header.signatureCurveBits, cipher: Cipher(rawValue: header.cipher.rawValue)!,
            policy: Policy(
                kind: Policy.Kind(rawValue: header.policy.kind.rawValue)!, locator: header.policy.locator.map(ResourceLocator.init),
                content: header.policy.content, keyAccessPublicKey: header.policy.keyAccessPublicKey, binding: header.policy.binding),
            ephemeralPublicKey: header.ephemeralPublicKey)
    }
}

extension Container {
    package init(_ container: NanoTDFContainer) throws(ShimError) {
        self.init(
            header: try Header(container.header),
            payload: Payload(iv: container.payload.iv, ciphertext: container.payload.ciphertext, tag: container.payload.tag),
            signature: container.signature.map { CreatorSignature(publicKey: $0.publicKey, signature: $0.signature) })
    }
}

extension Decryption {
    init(_ decryption: NanoTDFDecryption) {
        self.init(
            plaintext: decryption.plaintext, ivConvention: IVConvention(rawValue: decryption.ivConvention.rawValue)!,
            bindingVariant: decryption.bindingVariant.map { BindingVariant(rawValue: $0.rawValue)! },
            signatureVerified: decryption.signatureVerified, policyPlaintext: decryption.policyPlaintext)
    }
}

extension NanoTDFEncryptionRequest {
    init(_ parameters: EncryptionParameters) {
        let policy: Policy
        switch parameters.policy {
        case .remote(let locator): policy = .remote(NanoTDFLocator(locator))
        case .embeddedPlaintext(let content): policy = .embeddedPlaintext(content)
        case .embeddedEncrypted(let content): policy = .embeddedEncrypted(content)
        case .embeddedEncryptedWithKeyAccess(let content, let locator, let key):
            policy = .embeddedEncryptedWithKeyAccess(content, locator: NanoTDFLocator(locator), accessPrivateKey: key.scalarBytes)
        }
        self.init(
            version: NanoTDFVersion(rawValue: parameters.version.rawValue)!, kas: NanoTDFLocator(parameters.kas),
            kasPublicKey: parameters.kasPublicKey, curve: NanoTDFCurve(rawValue: parameters.ephemeralKey.curve.rawValue)!,
            cipher: NanoTDFCipher(rawValue: parameters.cipher.rawValue)!, policy: policy,
            bindingVariant: NanoTDFBindingVariant(rawValue: parameters.bindingVariant.rawValue)!,
            ephemeralPrivateKey: parameters.ephemeralKey.scalarBytes, iv: parameters.iv,
            ivConvention: NanoTDFIVConvention(rawValue: parameters.ivConvention.rawValue)!, plaintext: parameters.plaintext,
            signingKey: parameters.signingKey.map {
                SigningKey(curve: NanoTDFCurve(rawValue: $0.curve.rawValue)!, privateKey: $0.scalarBytes)
            })
    }
}

extension Header {
    /// Refuses a locator a header cannot hold: a body over 255 bytes, an identifier of another size than 0, 2, 8 or 32.
    static func checkWritable(_ locator: NanoTDFLocator, _ field: String) throws(ShimError) {
        guard locator.body.count <= 255 else {
            throw ShimError(code: "unwritable-answer", message: "\(field).body is \(locator.body.count) bytes; at most 255 fit")
        }
        guard ResourceLocator.identifierSizes.contains(locator.identifier.count) else {
            throw ShimError(
                code: "unwritable-answer", message: "\(field).identifier is \(locator.identifier.count) bytes; it is 0, 2, 8 or 32")
        }
    }
}
