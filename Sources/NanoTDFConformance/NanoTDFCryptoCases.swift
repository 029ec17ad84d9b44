import NanoTDF
import WireCore

/// The containers of `nanotdf/crypto`, made by the reference encryption from seeded keys and IVs:
/// the same parameters on every run, so regeneration is byte-identical.
struct NanoTDFCryptoShape {
    var version = Header.Version.l1l
    var curve = Curve.secp256r1
    var cipher = Cipher.aes256GCM96
    var kind = Policy.Kind.embeddedPlaintext
    var variant = BindingVariant.sha256Tail
    var signatureCurve: Curve? = nil
    var convention = IVConvention.zeroPrefix
    var protocolCode: UInt8 = 1
    var identifierSize = 0
    var plaintextLength = 24
    var contentLength = 40
    var seed: UInt64 = 0
    /// Appended to the slug of a case outside the matrix.
    var label = ""

    /// The KAS key of `curve`: one per curve for the whole file, so a decrypt case's key is recognisable.
    static func kasKey(_ curve: Curve) -> PrivateKey { NanoTDFFixtures.privateKey(curve, 0x4B41_5300 + UInt64(curve.rawValue)) }

    var parameters: EncryptionParameters {
        let kas = ResourceLocator(
            protocolCode: protocolCode, body: Array("kas.example.com".utf8), identifier: NanoTDFFixtures.filler(identifierSize, seed + 1))
        let text = String(
            repeating: #"{"body":{"dataAttributes":[{"attribute":"https://example.com/attr/a/value/b"}]}}"#, count: contentLength / 80 + 1)
        let content = Array(text.utf8.prefix(contentLength))
        let policy: PolicyContent =
            switch kind {
            case .remote: .remote(ResourceLocator(protocolCode: 1, body: Array("kas.example.com/policy/\(seed)".utf8)))
            case .embeddedPlaintext: .embeddedPlaintext(content)
            case .embeddedEncrypted: .embeddedEncrypted(content)
            case .embeddedEncryptedWithKeyAccess:
                .embeddedEncryptedWithKeyAccess(
                    content, locator: ResourceLocator(protocolCode: 1, body: Array("kas.example.com/pka".utf8)),
                    ephemeralKey: NanoTDFFixtures.privateKey(curve, seed + 2))
            }
        var iv = NanoTDFFixtures.filler(3, seed + 3)
        iv[2] |= 1
        let plaintext = Array(String(repeating: "Keep this message secret. ", count: plaintextLength / 26 + 1).utf8.prefix(plaintextLength))
        return EncryptionParameters(
            version: version, kas: kas, kasPublicKey: Self.kasKey(curve).publicKey, cipher: cipher, policy: policy,
            bindingVariant: variant, ephemeralKey: NanoTDFFixtures.privateKey(curve, seed + 4), iv: iv, ivConvention: convention,
            plaintext: plaintext, signingKey: signatureCurve.map { NanoTDFFixtures.privateKey($0, seed + 5) })
    }

    var flags: [NanoTDFCryptoSuite.Flag] {
        var flags: [NanoTDFCryptoSuite.Flag] = []
        if version == .l1m { flags.append(.arkavoL1M) }
        if curve == .secp256k1 { flags.append(.secp256k1) }
        flags.append(Self.conventionFlags[convention]!)
        flags.append(Self.variantFlags[variant]!)
        if cipher != .aes256GCM128 { flags.append(.truncatedTag) }
        if kind == .remote { flags.append(.remotePolicy) }
        if kind == .embeddedEncrypted || kind == .embeddedEncryptedWithKeyAccess { flags.append(.policyEncryption) }
        if kind == .embeddedEncryptedWithKeyAccess { flags.append(.keyAccessPolicy) }
        if signatureCurve != nil { flags.append(.signed) }
        if protocolCode == 0xF { flags.append(.sharedDirectory) }
        if identifierSize > 0 { flags.append(.keyIdentifier) }
        if plaintextLength == 0 { flags.append(.emptyPlaintext) }
        if contentLength > 255 && kind != .remote { flags.append(.longPolicy) }
        return flags
    }

    static let conventionFlags: [IVConvention: NanoTDFCryptoSuite.Flag] = [
        .specIV24: .ivSpec24, .zeroPrefix: .ivZeroPrefix, .zeroSuffix: .ivZeroSuffix,
    ]
    static let variantFlags: [BindingVariant: NanoTDFCryptoSuite.Flag] = [
        .sha256Tail: .bindingSha256Tail, .gmacTag: .bindingGmacTag, .ecdsaFixed: .ecdsaFixed, .ecdsaGo: .ecdsaGo,
    ]

    var slug: String {
        "\(version == .l1m ? "l1m-" : "")\(curve.name)-gcm\(cipher.tagBits)-\(kind.name)-\(variant.rawValue)"
            + (signatureCurve.map { "-signed-\($0.name)" } ?? "") + "-\(convention.rawValue)" + label
    }

    var comment: String {
        "\(version.name) on \(curve.name), AES-256-GCM-\(cipher.tagBits), \(kind.name) policy, \(variant.rawValue) binding, IV "
            + "\(convention.rawValue)" + (signatureCurve.map { ", signed on \($0.name)" } ?? "") + ", \(plaintextLength)-byte plaintext"
    }

    /// Every curve × cipher × policy type × binding mode × signed, with the variant of the mode, the
    /// IV convention, the locator protocol, the identifier size and the plaintext length rotating.
    static func matrix() -> [NanoTDFCryptoShape] {
        var shapes: [NanoTDFCryptoShape] = []
        var index = 0
        for curve in Curve.allCases {
            for cipher in Cipher.allCases {
                for kind in Policy.Kind.allCases {
                    for ecdsa in [false, true] {
                        for signed in [false, true] {
                            var shape = NanoTDFCryptoShape(curve: curve, cipher: cipher, kind: kind, seed: 1000 + UInt64(index) * 10)
                            shape.variant = BindingVariant.variants(ecdsa: ecdsa)[index / 4 % 2]
                            shape.signatureCurve = signed ? Curve(rawValue: UInt8(index / 2 % 4)) : nil
                            shape.convention = IVConvention.allCases[index % 3]
                            shape.protocolCode = [0x1, 0x0, 0xF][index / 3 % 3]
                            shape.identifierSize = ResourceLocator.identifierSizes[index / 5 % 4]
                            shape.plaintextLength = [24, 0, 1, 100, 5][index % 5]
                            shape.contentLength = 1 + index % 97
                            shapes.append(shape)
                            index += 1
                        }
                    }
                }
            }
        }
        shapes.append(NanoTDFCryptoShape(version: .l1m, curve: .secp256r1, cipher: .aes256GCM128, seed: 9000))
        shapes.append(
            NanoTDFCryptoShape(version: .l1m, curve: .secp384r1, variant: .ecdsaFixed, convention: .zeroSuffix, seed: 9010))
        return shapes
    }
}
