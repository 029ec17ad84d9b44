import ConformanceKit
import NanoTDF
import WireCore

/// Every field of the `nanotdf.*` group types, declared once: the suites' group types, the ops, the
/// generator and the tests name these, never the JSON keys (docs/ARCHITECTURE.md, "The typed seam").
public enum NanoTDFFields {
    // MARK: Containers and keys

    /// A whole NanoTDF container (or, for `parseHeader`, at least its header).
    public static let container: Field<[UInt8]> = .hex(
        "container", "The NanoTDF container's bytes, magic `4C 31 4C` (L1L) or `4C 31 4D` (L1M) first.")
    /// The KAS private key that opens a container.
    public static let privateKey: Field<[UInt8]> = .hex(
        "privateKey", "The recipient's (KAS) private key of the container's curve: the raw scalar, or PKCS#8 / SEC1 DER.")
    /// The IV convention a decryption is asked to use; `auto` tries each.
    public static let ivConventionChoice: Field<IVConvention?> = .oneOf(
        ivConvention.name, "The GCM nonce convention to decrypt with; `auto` (or absent) tries each, the deployed one first.",
        [nil] + IVConvention.allCases.map { $0 }, json: { .string($0?.rawValue ?? "auto") }, required: false)

    // MARK: The header (parse results and encrypt parameters)

    /// The header's length in bytes.
    public static let headerLength: Field<Int64> = .integer("headerLength", "The header's length in bytes: where the payload starts.")
    /// L1L or L1M.
    public static let magic: Field<Header.Version> = .oneOf(
        "magic", "The version of the magic: `L1L` (0x4C) or `L1M` (0x4D, whose KAS locator is followed by a KAS key).",
        Header.Version.allCases, label: \.name)
    /// A resource locator's protocol.
    public static let locatorProtocol: Field<UInt8> = .oneOf(
        "protocol", "The locator's protocol nibble by name: 0 `http`, 1 `https`, 0xF `shared-resource-directory`.", [0x0, 0x1, 0xF],
        label: { ResourceLocator(protocolCode: $0, body: []).protocolName })
    /// A resource locator's body.
    public static let locatorBody: Field<[UInt8]> = .hex("body", "The locator's body: for http(s) the URL without `scheme://`, as bytes.")
    /// A resource locator's identifier.
    public static let locatorIdentifier: Field<[UInt8]> = .hex(
        "identifier", "The locator's identifier (key id): 0, 2, 8 or 32 bytes, its size in the protocol byte's high nibble.")
    static let locatorFields: [any DeclaredField] = [locatorProtocol, locatorBody, locatorIdentifier]
    /// A locator given to `encrypt`: an absent identifier is an empty one.
    static let locatorParameterFields: [any DeclaredField] = [locatorProtocol, locatorBody, locatorIdentifier.optional()]
    /// The KAS locator.
    public static let kas: Field<JSONObject> = .object("kas", "The KAS resource locator (spec section 2).", fields: locatorFields)
    /// L1M's KAS public key.
    public static let kasKey: Field<JSONObject> = .object(
        "kasKey", "L1M only: the KAS public key after the KAS locator, with its curve.",
        fields: [kasKeyCurve, kasKeyPublicKey], required: false)
    /// The curve of L1M's KAS key.
    public static let kasKeyCurve: Field<Curve> = .oneOf(curve.name, "The KAS key's curve.", Curve.allCases, label: \.name)
    /// L1M's KAS key bytes.
    public static let kasKeyPublicKey: Field<[UInt8]> = .hex("publicKey", "The KAS key, compressed SEC1.")
    /// The ephemeral key's curve.
    public static let curve: Field<Curve> = .oneOf(
        "curve", "The ECC mode's curve, of the ephemeral key and an ECDSA binding.", Curve.allCases, label: \.name)
    /// Whether the binding is ECDSA.
    public static let ecdsaBinding: Field<Bool> = .boolean(
        "ecdsaBinding", "The ECC mode's binding bit: an ECDSA binding (true) or an 8-byte GMAC-mode binding (false).")
    /// Whether a signature follows the payload.
    public static let hasSignature: Field<Bool> = .boolean("hasSignature", "The config byte's signature bit.")
    /// The signature curve, when there is a signature.
    public static let signatureCurve: Field<Curve?> = Field<Curve>.oneOf(
        "signatureCurve", "The signature's curve when `hasSignature`, else null.", Curve.allCases, label: \.name
    ).nullable()
    /// The cipher, by its tag length in bits.
    public static let cipher: Field<Cipher> = .oneOf(
        "cipher", "The payload cipher by its GCM tag length in bits (64, 96, 104, 112, 120, 128).", Cipher.allCases,
        json: { .int(Int64($0.tagBits)) })
    /// The policy type by name.
    public static let policyType: Field<Policy.Kind> = .oneOf(
        "type", "The policy type: `remote`, `embedded-plaintext`, `embedded-encrypted` or `embedded-encrypted-key-access`.",
        Policy.Kind.allCases, label: \.name)
    /// A parsed policy's body.
    public static let policyBody: Field<[UInt8]> = .hex(
        "body",
        "The policy body as read: a locator for `remote`, else the content's length and content (and for key access the locator and key).")
    /// A policy's locator (remote, or key access).
    public static let policyLocator: Field<JSONObject> = .object(
        "locator", "The remote policy's locator, or the key-access policy's locator.", fields: locatorFields, required: false)
    /// The policy of a parse result.
    public static let policy: Field<JSONObject> = .object(
        "policy", "The policy section (spec section 5) as read.", fields: [policyType, policyBody, policyLocator])
    /// The binding.
    public static let binding: Field<[UInt8]> = .hex(
        "binding", "The policy binding as read: 8 bytes, or an ECDSA binding in either form (fixed-width r‖s, or Go's length-prefixed).")
    /// The ephemeral public key.
    public static let ephemeralPublicKey: Field<[UInt8]> = .hex("ephemeralPublicKey", "The ephemeral public key, compressed SEC1.")

    /// The header's fields, the result of `parseHeader` and the first part of `parse`'s.
    static let header: [any DeclaredField] = [
        headerLength, magic, kas, kasKey, curve, ecdsaBinding, hasSignature, signatureCurve, cipher, policy, binding, ephemeralPublicKey,
    ]

    // MARK: Payload and signature

    /// The payload's length field.
    public static let payloadLength: Field<Int64> = .integer("length", "The payload length field: IV, ciphertext and tag.")
    /// The payload IV.
    public static let payloadIV: Field<[UInt8]> = .hex("iv", "The 3-byte payload IV.")
    /// The payload ciphertext.
    public static let payloadCiphertext: Field<[UInt8]> = .hex("ciphertext", "The payload ciphertext, without the tag.")
    /// The payload tag.
    public static let payloadTag: Field<[UInt8]> = .hex("tag", "The payload's GCM tag, as long as the cipher says.")
    /// The payload section.
    public static let payload: Field<JSONObject> = .object(
        "payload", "The payload section (spec section 7).", fields: [payloadLength, payloadIV, payloadCiphertext, payloadTag])
    /// The signature's public key.
    public static let signaturePublicKey: Field<[UInt8]> = .hex("publicKey", "The signer's public key, compressed SEC1.")
    /// The signature bytes.
    public static let signatureBytes: Field<[UInt8]> = .hex("signature", "The ECDSA signature, fixed-width r‖s.")
    /// The signature section, or null.
    public static let signature: Field<JSONObject?> = Field<JSONObject>.object(
        signatureBytes.name, "The signature section (spec section 8), or null when the header has none.",
        fields: [signaturePublicKey, signatureBytes]
    ).nullable()

    // MARK: Decryption results

    /// The decrypted payload.
    public static let plaintext: Field<[UInt8]> = .hex("plaintext", "The payload's plaintext.")
    /// The IV convention that opened the payload.
    public static let ivConvention: Field<IVConvention> = .oneOf(
        "ivConvention", "The GCM nonce convention: `spec-iv24` (the 3 bytes are the IV), `zero-prefix` (00×9‖IV) or `zero-suffix`.")
    /// Whether the binding verified.
    public static let bindingVerified: Field<Bool> = .boolean("bindingVerified", "Whether the policy binding verified under one variant.")
    /// The binding variant that verified.
    public static let bindingVariant: Field<BindingVariant> = .oneOf(
        "bindingVariant", "The binding variant: `sha256-tail`, `gmac-tag`, `ecdsa-fixed` or `ecdsa-go`.")
    /// The variant that verified, or null.
    public static let verifiedBindingVariant: Field<BindingVariant?> = bindingVariant.nullable()
    /// Whether the signature verified, null without one.
    public static let signatureVerified: Field<Bool?> = Field<Bool>.boolean(
        "signatureVerified", "Whether the signature verified; null when the container has none.").nullable()
    /// The policy's plaintext, when it has one that opened.
    public static let policyPlaintext: Field<[UInt8]?> = Field<[UInt8]>.hex(
        "policyPlaintext",
        "The policy content in plaintext (decrypted for the encrypted types); null for a remote policy or one that did not open."
    ).nullable()

    // MARK: Encryption parameters

    /// The KAS public key a container is made for.
    public static let kasPublicKey: Field<[UInt8]> = .hex("kasPublicKey", "The recipient's (KAS) public key, compressed SEC1, of `curve`.")
    /// The embedded policy content.
    public static let policyContent: Field<[UInt8]> = .hex(
        "content", "The policy content in plaintext (encrypted on the way in for the encrypted types).")
    /// The key-access policy's ephemeral key.
    public static let keyAccessPrivateKey: Field<[UInt8]> = .hex(
        "keyAccessPrivateKey", "Key access policy only: the policy's own ephemeral private key (raw scalar).", required: false)
    /// The KAS locator of an encryption.
    public static let kasParameter: Field<JSONObject> = .object(
        kas.name, "The KAS resource locator to write (spec section 2); an absent identifier is empty.", fields: locatorParameterFields)
    /// The policy locator of an encryption.
    public static let policyLocatorParameter: Field<JSONObject> = .object(
        policyLocator.name, "The remote policy's locator, or the key-access policy's locator; an absent identifier is empty.",
        fields: locatorParameterFields, required: false)
    /// The policy of an encryption.
    public static let policyParameters: Field<JSONObject> = .object(
        policy.name, "The policy to write: its type and content, and the locator and key of the types that have them.",
        fields: [policyType, policyContent.optional(), policyLocatorParameter, keyAccessPrivateKey])
    /// The ephemeral private key.
    public static let ephemeralPrivateKey: Field<[UInt8]> = .hex(
        "ephemeralPrivateKey", "The ephemeral private key (raw scalar) of `curve`.")
    /// The payload IV to use.
    public static let iv: Field<[UInt8]> = .hex(payloadIV.name, "The 3-byte payload IV.")
    /// The signing key, when the container is signed.
    public static let signingPrivateKey: Field<[UInt8]> = .hex(
        "signingPrivateKey", "The signer's private key (raw scalar); absent for an unsigned container.", required: false)
    /// The signing key's curve.
    public static let signatureCurveParameter: Field<Curve> = .oneOf(
        signatureCurve.name, "The signer's curve; with `signingPrivateKey`.", Curve.allCases, label: \.name, required: false)
}
