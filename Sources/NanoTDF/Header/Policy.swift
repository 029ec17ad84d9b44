import WireCore

/// The policy section (section 5): `type (1) ‖ body ‖ binding`.
public struct Policy: Sendable, Equatable {
    /// The policy types of section 5.
    public enum Kind: UInt8, Sendable, CaseIterable {
        case remote = 0
        case embeddedPlaintext = 1
        case embeddedEncrypted = 2
        case embeddedEncryptedWithKeyAccess = 3

        /// The name used in the vectors.
        public var name: String {
            ["remote", "embedded-plaintext", "embedded-encrypted", "embedded-encrypted-key-access"][Int(rawValue)]
        }
    }

    /// The policy type.
    public var kind: Kind
    /// The remote policy's locator (type 0), or the policy key access locator (type 3).
    public var locator: ResourceLocator?
    /// The embedded content (types 1–3; for 2 and 3 the ciphertext with its tag).
    public var content: [UInt8]
    /// The policy key access ephemeral public key (type 3).
    public var keyAccessPublicKey: [UInt8]
    /// The binding: 8 bytes, or an ECDSA `r‖s` of the ephemeral curve.
    public var binding: [UInt8]

    /// A policy section.
    public init(kind: Kind, locator: ResourceLocator? = nil, content: [UInt8] = [], keyAccessPublicKey: [UInt8] = [], binding: [UInt8]) {
        self.kind = kind
        self.locator = locator
        self.content = content
        self.keyAccessPublicKey = keyAccessPublicKey
        self.binding = binding
    }

    /// The body as on the wire, between the type byte and the binding.
    public var body: [UInt8] {
        var writer = ByteWriter()
        writeBody(&writer)
        return writer.bytes
    }

    /// What the binding covers (the project's decision in the spec): the locator for a remote
    /// policy, the content without its length for embedded ones (type 3: not the key access).
    public var boundBytes: [UInt8] { kind == .remote ? (locator?.bytes ?? []) : content }

    static func read(
        _ reader: inout FieldReader, curve: Curve, ecdsaBinding: Bool, form: Container.ECDSABindingForm
    ) throws(NanoTDFError) -> Policy {
        let start = reader.offset
        let type = try reader.uint8("policy.type")
        guard let kind = Kind(rawValue: type) else { throw .badPolicyType(type, offset: start) }
        var policy = Policy(kind: kind, binding: [])
        if kind == .remote {
            policy.locator = try ResourceLocator.read(&reader, field: "policy.locator")
        } else {
            let lengthOffset = reader.offset
            let length = try reader.uint16("policy.contentLength")
            guard length > 0 else { throw .emptyPolicy(offset: lengthOffset) }
            policy.content = try reader.bytes(Int(length), "policy.content")
            if kind == .embeddedEncryptedWithKeyAccess {
                policy.locator = try ResourceLocator.read(&reader, field: "policy.keyAccess.locator")
                policy.keyAccessPublicKey = try reader.point(curve, "policy.keyAccess.publicKey")
            }
        }
        if ecdsaBinding && form == .goLengthPrefixed {
            policy.binding = try readGoBinding(&reader, curve: curve)
        } else {
            policy.binding = try reader.bytes(ecdsaBinding ? curve.signatureLength : 8, "policy.binding")
        }
        return policy
    }

    /// Go's ECDSA binding, `len(r) ‖ r ‖ len(s) ‖ s`, kept as on the wire.
    static func readGoBinding(_ reader: inout FieldReader, curve: Curve) throws(NanoTDFError) -> [UInt8] {
        var binding: [UInt8] = []
        for part in ["r", "s"] {
            let lengthOffset = reader.offset
            let length = try reader.uint8("policy.binding.\(part)Length")
            guard Int(length) <= curve.signatureLength / 2 else { throw .badBindingLength(length, offset: lengthOffset) }
            binding += [length] + (try reader.bytes(Int(length), "policy.binding.\(part)"))
        }
        return binding
    }

    func writeBody(_ writer: inout ByteWriter) {
        if kind == .remote {
            locator?.write(&writer)
            return
        }
        precondition(content.count <= 0xFFFF, "embedded policy content is at most 65535 bytes")
        writer.writeUInt16(UInt16(content.count))
        writer.writeBytes(content)
        if kind == .embeddedEncryptedWithKeyAccess {
            locator?.write(&writer)
            writer.writeBytes(keyAccessPublicKey)
        }
    }

    func write(_ writer: inout ByteWriter) {
        writer.writeUInt8(kind.rawValue)
        writeBody(&writer)
        writer.writeBytes(binding)
    }
}
