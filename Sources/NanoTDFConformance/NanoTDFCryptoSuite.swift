import ConformanceKit
import NanoTDF
import WireCore

/// `nanotdf/crypto`: encryption and decryption of NanoTDF spec section 9 on every curve, cipher,
/// policy type, binding mode and variant, IV convention, signed or not, `L1M`; the spec examples
/// with their published keys; and every way decryption refuses. Each valid container is an
/// encrypt case (parameters → exact bytes) and a decrypt case (bytes and KAS key → plaintext and
/// what verified).
public struct NanoTDFCryptoSuite: VectorSuite {
    public init() {}
    public var id: String { "nanotdf/crypto" }
    typealias F = NanoTDFFields

    /// `NanoTDFDecryptTest`: `nanotdf.decrypt {container, privateKey, ivConvention?}` → the plaintext and what verified.
    public static let decrypt = GroupKind(
        "NanoTDFDecryptTest", op: "nanotdf.decrypt", input: [F.container, F.privateKey, F.ivConventionChoice],
        expected: [F.plaintext, F.ivConvention, F.bindingVerified, F.verifiedBindingVariant, F.signatureVerified, F.policyPlaintext])
    /// `NanoTDFEncryptTest`: `nanotdf.encrypt {…every parameter}` → the exact container.
    public static let encrypt = GroupKind(
        "NanoTDFEncryptTest", op: "nanotdf.encrypt",
        input: [
            F.magic, F.kasPublicKey, F.kasParameter, F.curve, F.cipher, F.policyParameters, F.ecdsaBinding, F.bindingVariant,
            F.ephemeralPrivateKey, F.iv, F.ivConvention, F.plaintext, F.signingPrivateKey, F.signatureCurveParameter,
        ],
        expected: [F.container])

    public var groupKinds: [GroupKind] { [Self.decrypt, Self.encrypt] }

    /// The flags of `nanotdf/crypto`, as its vector file spells them; each has a note in `NanoTDFCryptoNotes.all`.
    enum Flag: String, CaseFlag {
        case specExample = "SpecExample"
        case ivSpec24 = "IVSpec24"
        case ivZeroPrefix = "IVZeroPrefix"
        case ivZeroSuffix = "IVZeroSuffix"
        case bindingSha256Tail = "BindingSha256Tail"
        case bindingGmacTag = "BindingGmacTag"
        case ecdsaFixed = "EcdsaFixed"
        case ecdsaGo = "EcdsaGo"
        case arkavoL1M = "ArkavoL1M"
        case policyEncryption = "PolicyEncryption"
        case keyAccessPolicy = "KeyAccessPolicy"
        case secp256k1 = "Secp256k1"
        case truncatedTag = "TruncatedTag"
        case remotePolicy = "RemotePolicy"
        case signed = "Signed"
        case sharedDirectory = "SharedDirectory"
        case keyIdentifier = "KeyIdentifier"
        case emptyPlaintext = "EmptyPlaintext"
        case longPolicy = "LongPolicy"
        case tagModified = "TagModified"
        case wrongConvention = "WrongConvention"
        case wrongKey = "WrongKey"
        case keyCurve = "KeyCurve"
        case offCurve = "OffCurve"
        case badKey = "BadKey"
        case parseRefusal = "ParseRefusal"
        case reservedIV = "ReservedIV"
        case bindingMismatch = "BindingMismatch"
        case badSignature = "BadSignature"
        case openTDFKitSignature = "OpenTDFKitSignature"
        case openTDFKitPolicyTag = "OpenTDFKitPolicyTag"
        case badParameter = "BadParameter"
    }

    public func generate() -> VectorFile {
        var decryptCases: [TestCase] = []
        var encryptCases: [TestCase] = []
        let spec = ["NanoTDF 9.1", "NanoTDF 9.2", "NanoTDF 9.3", "NanoTDF 9.4", "NanoTDF 8"]
        for example in NanoTDFCryptoExamples.all {
            let container = try! Container.parse(example.container)
            decryptCases.append(
                TestCase(
                    id: "\(id)/decrypt-\(example.name)", comment: example.comment, flags: [Flag.specExample, .ivSpec24, .ecdsaFixed],
                    spec: spec,
                    input: JSONObject(F.container(example.container), F.privateKey(example.key)),
                    expected: NanoTDFCryptoJSON.decryption(try! container.decrypt(with: try! PrivateKey(reading: example.key))),
                    result: .valid))
        }
        for shape in NanoTDFCryptoShape.matrix() {
            let parameters = shape.parameters
            let container = try! Container.encrypt(parameters)
            let bytes = container.bytes
            let kasKey = NanoTDFCryptoShape.kasKey(shape.curve)
            let result = try! Container.parseEitherBindingForm(bytes).decrypt(with: kasKey)
            precondition(result.plaintext == parameters.plaintext && result.ivConvention == shape.convention, shape.slug)
            precondition(result.bindingVariant == shape.variant && result.signatureVerified != false, shape.slug)
            encryptCases.append(
                TestCase(
                    id: "\(id)/encrypt-\(shape.slug)", comment: shape.comment, flags: shape.flags, spec: spec,
                    input: NanoTDFCryptoJSON.arguments(parameters), expected: JSONObject(F.container(bytes)), result: .valid))
            // Keys are raw scalars, and PKCS#8 DER for GCM-104 cases and L1M, so both forms are read.
            let pkcs8 = shape.cipher == .aes256GCM104 || shape.version == .l1m
            decryptCases.append(
                TestCase(
                    id: "\(id)/decrypt-\(shape.slug)", comment: shape.comment + (pkcs8 ? ", PKCS#8 key" : ""), flags: shape.flags,
                    spec: spec,
                    input: JSONObject(F.container(bytes), F.privateKey(pkcs8 ? kasKey.pkcs8 : kasKey.scalarBytes)),
                    expected: NanoTDFCryptoJSON.decryption(result), result: .valid))
        }
        // The largest policy the uint16 length allows, decrypt only (its encrypt case would double 130 KB of hex).
        let long = NanoTDFCryptoShape(contentLength: 0xFFFF, seed: 9020, label: "-policy-65535")
        let longKey = NanoTDFCryptoShape.kasKey(long.curve)
        let longBytes = try! Container.encrypt(long.parameters).bytes
        decryptCases.append(
            TestCase(
                id: "\(id)/decrypt-\(long.slug)", comment: long.comment + ", 65535-byte policy", flags: long.flags, spec: spec,
                input: JSONObject(F.container(longBytes), F.privateKey(longKey.scalarBytes)),
                expected: NanoTDFCryptoJSON.decryption(try! Container.parse(longBytes).decrypt(with: longKey)), result: .valid))
        decryptCases += NanoTDFCryptoRefusals.decryptCases(suite: id)
        decryptCases += NanoTDFCryptoRefusals.parseRefusals(suite: id)
        encryptCases += NanoTDFCryptoRefusals.encryptCases(suite: id)
        return VectorFile(
            format: "nanotdf", suite: id, spec: NanoTDFFixtures.spec,
            header: [
                "NanoTDF cryptography: ECDH on the ephemeral key's curve, HKDF-SHA256 with salt SHA-256(magic) and empty info, "
                    + "AES-256-GCM with a 3-byte IV under a named IV convention and the leftmost 8-16 tag bytes, policy encryption "
                    + "(types 2 and 3: IV 000000 under the payload's convention, ciphertext then tag), the policy binding variants and "
                    + "the creator signature (ECDSA-SHA256 over header and payload).",
                "Ops nanotdf.encrypt {every parameter, keys as raw scalars} -> {container}: the bytes must match exactly (ECDSA uses "
                    + "RFC 6979 nonces; a verifier must not assume it). nanotdf.decrypt {container, privateKey (raw scalar or PKCS#8 "
                    + "DER), ivConvention? (default auto)} -> plaintext, the convention that authenticated, binding and signature "
                    + "verification, and the decrypted policy of types 2 and 3.",
                "A binding or signature that does not verify is reported (false), not refused; a tag that does not authenticate is "
                    + "the error authentication-failed.",
            ],
            notes: NanoTDFCryptoNotes.all,
            testGroups: [TestGroup(type: Self.decrypt.type, tests: decryptCases), TestGroup(type: Self.encrypt.type, tests: encryptCases)])
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        let containers = file.allTests.compactMap { $0.test.input[F.container] }
            .filter { $0.count < 4096 }
        // FuzzECDiff: curve index ‖ KAS scalar ‖ ephemeral key ‖ the bound policy bytes, from raw-key
        // decrypt cases on the NIST curves (the curve byte selects secp256r1/384r1/521r1 modulo 3).
        let ecSeeds = file.allTests.compactMap { entry -> CorpusSeed? in
            guard entry.group.type == Self.decrypt.type, entry.test.result == .valid,
                let key = entry.test.input[F.privateKey],
                let bytes = entry.test.input[F.container],
                let header = try? Container.parseEitherBindingForm(bytes).header, header.curve != .secp256k1,
                key.count == header.curve.signatureLength / 2
            else { return nil }
            let seed = [header.curve.rawValue] + key + header.ephemeralPublicKey + header.policy.boundBytes
            return seed.count <= 512 ? CorpusSeed(target: "FuzzECDiff", bytes: seed) : nil
        }
        return containers.map { CorpusSeed(target: "FuzzNanoTDF", bytes: $0) } + ecSeeds.prefix(64)
    }
}
