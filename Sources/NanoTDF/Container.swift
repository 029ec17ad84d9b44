import WireCore

/// The payload section (section 7): `length (3) ‖ IV (3) ‖ ciphertext ‖ tag`.
public struct Payload: Sendable, Equatable {
    /// The 3-byte IV (never `000000`).
    public var iv: [UInt8]
    /// The ciphertext.
    public var ciphertext: [UInt8]
    /// The tag, of the cipher's length.
    public var tag: [UInt8]

    /// A payload.
    public init(iv: [UInt8], ciphertext: [UInt8], tag: [UInt8]) {
        self.iv = iv
        self.ciphertext = ciphertext
        self.tag = tag
    }

    /// The `length` field: IV, ciphertext and tag.
    public var length: Int { iv.count + ciphertext.count + tag.count }
}

/// The creator signature section (section 8): public key ‖ ECDSA `r‖s` over everything before it.
public struct CreatorSignature: Sendable, Equatable {
    /// The creator's compressed public key.
    public var publicKey: [UInt8]
    /// The fixed-width `r‖s`.
    public var signature: [UInt8]

    /// A signature section.
    public init(publicKey: [UInt8], signature: [UInt8]) {
        self.publicKey = publicKey
        self.signature = signature
    }
}

/// A whole NanoTDF: `Header ‖ Payload ‖ [Signature]` (section 1).
public struct Container: Sendable, Equatable {
    /// The header.
    public var header: Header
    /// The payload.
    public var payload: Payload
    /// The creator signature, present when the header says so.
    public var signature: CreatorSignature?

    /// A container.
    public init(header: Header, payload: Payload, signature: CreatorSignature? = nil) {
        self.header = header
        self.payload = payload
        self.signature = signature
    }

    /// How an ECDSA policy binding is laid out (NanoTDF spec section 5).
    public enum ECDSABindingForm: Sendable {
        /// The spec's fixed-width `r‖s` of the ephemeral curve.
        case fixedWidth
        /// The Go SDK's `len(r) ‖ r ‖ len(s) ‖ s`.
        case goLengthPrefixed
    }

    /// Parses only the header, as a KAS does, and says how many bytes it took; what follows is not read.
    public static func parseHeader(
        _ bytes: [UInt8], ecdsaBindingForm: ECDSABindingForm = .fixedWidth
    ) throws(NanoTDFError) -> (header: Header, length: Int) {
        var reader = FieldReader(bytes)
        let header = try Header.read(&reader, form: ecdsaBindingForm)
        return (header, reader.offset)
    }

    /// Parses a whole container; bytes after it are `trailing-bytes`.
    public static func parse(_ bytes: [UInt8], ecdsaBindingForm: ECDSABindingForm = .fixedWidth) throws(NanoTDFError) -> Container {
        var reader = FieldReader(bytes)
        let header = try Header.read(&reader, form: ecdsaBindingForm)
        let lengthOffset = reader.offset
        let length = try reader.uint24("payload.length")
        guard Int(length) >= 3 + header.cipher.tagLength else { throw .badPayloadLength(length, offset: lengthOffset) }
        let ivOffset = reader.offset
        let iv = try reader.bytes(3, "payload.iv")
        guard iv != [0, 0, 0] else { throw .reservedIV(offset: ivOffset) }
        let ciphertext = try reader.bytes(Int(length) - 3 - header.cipher.tagLength, "payload.ciphertext")
        let tag = try reader.bytes(header.cipher.tagLength, "payload.tag")
        var signature: CreatorSignature? = nil
        if header.hasSignature, let curve = header.signatureCurve {
            let key = try reader.point(curve, "signature.publicKey")
            signature = CreatorSignature(publicKey: key, signature: try reader.bytes(curve.signatureLength, "signature.signature"))
        }
        guard reader.remaining == 0 else { throw .trailingBytes(count: reader.remaining, offset: reader.offset) }
        return Container(header: header, payload: Payload(iv: iv, ciphertext: ciphertext, tag: tag), signature: signature)
    }

    /// Parses in the spec's fixed-width form, and when that fails, in Go's length-prefixed form
    /// (which only an ECDSA-bound container can be in); the first form's error when both fail.
    public static func parseEitherBindingForm(_ bytes: [UInt8]) throws(NanoTDFError) -> Container {
        try eitherBindingForm({ form throws(NanoTDFError) in try parse(bytes, ecdsaBindingForm: form) }, header: \.header)
    }

    /// `parseHeader` in the spec's form, then in Go's, as `parseEitherBindingForm`.
    public static func parseHeaderEitherBindingForm(_ bytes: [UInt8]) throws(NanoTDFError) -> (header: Header, length: Int) {
        try eitherBindingForm({ form throws(NanoTDFError) in try parseHeader(bytes, ecdsaBindingForm: form) }, header: \.header)
    }

    /// `read` in the fixed-width form, else in the Go form when that gives an ECDSA-bound header.
    static func eitherBindingForm<Parsed>(
        _ read: (ECDSABindingForm) throws(NanoTDFError) -> Parsed, header: (Parsed) -> Header
    ) throws(NanoTDFError) -> Parsed {
        do {
            return try read(.fixedWidth)
        } catch {
            guard let parsed = try? read(.goLengthPrefixed), header(parsed).ecdsaBinding else { throw error }
            return parsed
        }
    }

    /// The container's bytes; a parsed container gives back exactly what was read.
    public var bytes: [UInt8] {
        var writer = ByteWriter()
        writer.writeBytes(header.bytes)
        writer.writeUInt24(UInt32(payload.length))
        writer.writeBytes(payload.iv)
        writer.writeBytes(payload.ciphertext)
        writer.writeBytes(payload.tag)
        if let signature {
            writer.writeBytes(signature.publicKey)
            writer.writeBytes(signature.signature)
        }
        return writer.bytes
    }
}
