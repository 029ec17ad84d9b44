import WireCore

/// A NanoTDF header (section 1): what a KAS receives, self-delimiting.
public struct Header: Sendable, Equatable {
    /// The magic-and-version bytes: `L1L` (v12, the standard) or `L1M` (v13, Arkavo, section 10).
    public enum Version: UInt8, Sendable, CaseIterable {
        case l1l = 0x4C
        case l1m = 0x4D

        /// `L1L` or `L1M`.
        public var name: String { self == .l1l ? "L1L" : "L1M" }
        /// The three bytes on the wire.
        public var magic: [UInt8] { [0x4C, 0x31, rawValue] }
    }

    /// The KAS public key an `L1M` header carries after the KAS locator.
    public struct KASKey: Sendable, Equatable {
        /// The key's curve.
        public var curve: Curve
        /// The compressed key.
        public var publicKey: [UInt8]

        /// A KAS key.
        public init(curve: Curve, publicKey: [UInt8]) {
            self.curve = curve
            self.publicKey = publicKey
        }
    }

    /// `L1L` or `L1M`.
    public var version: Version
    /// The KAS locator.
    public var kas: ResourceLocator
    /// The KAS key (L1M only).
    public var kasKey: KASKey?
    /// ECC byte bit 7: the policy binding is ECDSA.
    public var ecdsaBinding: Bool
    /// The ephemeral key's curve.
    public var curve: Curve
    /// Config byte bit 7: a creator signature follows the payload.
    public var hasSignature: Bool
    /// Config byte bits 6–4 as written (a curve when signed; any value is kept when not).
    public var signatureCurveBits: UInt8
    /// The payload cipher.
    public var cipher: Cipher
    /// The policy section.
    public var policy: Policy
    /// The compressed ephemeral public key.
    public var ephemeralPublicKey: [UInt8]

    /// A header.
    public init(
        version: Version = .l1l, kas: ResourceLocator, kasKey: KASKey? = nil, ecdsaBinding: Bool, curve: Curve, hasSignature: Bool,
        signatureCurveBits: UInt8, cipher: Cipher, policy: Policy, ephemeralPublicKey: [UInt8]
    ) {
        self.version = version
        self.kas = kas
        self.kasKey = kasKey
        self.ecdsaBinding = ecdsaBinding
        self.curve = curve
        self.hasSignature = hasSignature
        self.signatureCurveBits = signatureCurveBits
        self.cipher = cipher
        self.policy = policy
        self.ephemeralPublicKey = ephemeralPublicKey
    }

    /// The signature curve, when the bits name one.
    public var signatureCurve: Curve? { Curve(rawValue: signatureCurveBits) }

    /// The ECC-mode byte.
    public var eccModeByte: UInt8 { (ecdsaBinding ? 0x80 : 0) | curve.rawValue }

    /// The symmetric-and-payload config byte.
    public var configByte: UInt8 { (hasSignature ? 0x80 : 0) | (signatureCurveBits & 0x07) << 4 | cipher.rawValue }

    static func read(_ reader: inout FieldReader, form: Container.ECDSABindingForm) throws(NanoTDFError) -> Header {
        let magic = try reader.bytes(2, "magic")
        guard magic == [0x4C, 0x31] else { throw .badMagic(offset: 0) }
        let versionByte = try reader.uint8("version")
        guard let version = Version(rawValue: versionByte) else { throw .unsupportedVersion(versionByte, offset: 2) }
        let kas = try ResourceLocator.read(&reader, field: "kas")
        var kasKey: KASKey? = nil
        if version == .l1m {
            let curveOffset = reader.offset
            let curveByte = try reader.uint8("kasKey.curve")
            guard let curve = Curve(rawValue: curveByte) else { throw .badCurve(curveByte, offset: curveOffset) }
            kasKey = KASKey(curve: curve, publicKey: try reader.point(curve, "kasKey.publicKey"))
        }
        let eccOffset = reader.offset
        let ecc = try reader.uint8("eccMode")
        guard ecc & 0x78 == 0 else { throw .reservedBits(ecc, offset: eccOffset) }
        guard let curve = Curve(rawValue: ecc & 0x07) else { throw .badCurve(ecc & 0x07, offset: eccOffset) }
        let configOffset = reader.offset
        let config = try reader.uint8("config")
        guard let cipher = Cipher(rawValue: config & 0x0F) else { throw .badCipher(config & 0x0F, offset: configOffset) }
        let hasSignature = config & 0x80 != 0
        let signatureBits = config >> 4 & 0x07
        // An unused signature curve is not checked (example 2 writes 3 with no signature).
        if hasSignature, Curve(rawValue: signatureBits) == nil { throw .badCurve(signatureBits, offset: configOffset) }
        let policy = try Policy.read(&reader, curve: curve, ecdsaBinding: ecc & 0x80 != 0, form: form)
        let ephemeral = try reader.point(curve, "ephemeralPublicKey")
        return Header(
            version: version, kas: kas, kasKey: kasKey, ecdsaBinding: ecc & 0x80 != 0, curve: curve, hasSignature: hasSignature,
            signatureCurveBits: signatureBits, cipher: cipher, policy: policy, ephemeralPublicKey: ephemeral)
    }

    /// The header's bytes; a parsed header gives back exactly what was read.
    public var bytes: [UInt8] {
        var writer = ByteWriter()
        writer.writeBytes(version.magic)
        kas.write(&writer)
        if let kasKey {
            writer.writeUInt8(kasKey.curve.rawValue)
            writer.writeBytes(kasKey.publicKey)
        }
        writer.writeUInt8(eccModeByte)
        writer.writeUInt8(configByte)
        policy.write(&writer)
        writer.writeBytes(ephemeralPublicKey)
        return writer.bytes
    }
}
