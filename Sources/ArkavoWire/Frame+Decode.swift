import NanoTDF

extension Frame {
    /// The lengths of section 13: a compressed P-256 key, the 0x01 salt, the 0x04 nonce, wrapped key and tag.
    public static let keyLength = 33
    /// The salt after the server's key in a 0x01 reply.
    public static let saltLength = 32
    /// The body of a 0x04 reply: key 33 ‖ nonce 12 ‖ wrapped key 32 ‖ tag 16 (94 bytes with the type byte).
    public static let rewrappedKeyLength = 33 + 12 + 32 + 16
    /// The largest Event the app and arkavo-rs accept in a 0x06 frame.
    public static let maximumEventLength = 2000

    /// Decodes one binary frame. NanoTDF bodies are read with the NanoTDF module (the spec's
    /// fixed-width binding form); a refusal inside one keeps NanoTDF's class, with the frame offset.
    public static func decode(_ frame: [UInt8]) throws(ArkavoError) -> Frame {
        guard let first = frame.first else { throw .truncated(field: "type", offset: 0) }
        if frame.count >= 3, frame[0] == 0x4C, frame[1] == 0x31 { return .bareNanoTDF(try container(frame, frameOffset: 0)) }
        guard let type = FrameType(rawValue: first) else { throw .unknownFrameType(first, offset: 0) }
        let body = Array(frame.dropFirst())
        switch type {
        case .publicKey:
            switch body.count {
            case keyLength: return .clientPublicKey(try key(body, "client public key"))
            case keyLength + saltLength:
                return .serverPublicKey(
                    publicKey: try key(Array(body.prefix(keyLength)), "server public key"), salt: Array(body.suffix(saltLength)))
            default: throw .badBodyLength(type: type, length: body.count, expected: "33 or 65", offset: 1)
            }
        case .kasPublicKey:
            switch body.count {
            case 0: return .kasPublicKeyRequest
            case keyLength: return .kasPublicKey(try key(body, "KAS public key"))
            default: throw .badBodyLength(type: type, length: body.count, expected: "0 or 33", offset: 1)
            }
        case .rewrap:
            do throws(NanoTDFError) {
                let (header, length) = try Container.parseHeader(body)
                return .rewrap(header: header, headerBytes: Array(body.prefix(length)), trailing: Array(body.dropFirst(length)))
            } catch {
                throw .nanoTDF(error, offset: error.offset + 1)
            }
        case .rewrappedKey:
            switch body.count {
            case keyLength: return .rewrapDenied(ephemeralPublicKey: try key(body, "ephemeral public key"))
            case rewrappedKeyLength:
                return .rewrappedKey(
                    ephemeralPublicKey: try key(Array(body[0..<33]), "ephemeral public key"), nonce: Array(body[33..<45]),
                    wrappedKey: Array(body[45..<77]), tag: Array(body[77..<93]))
            default: throw .badBodyLength(type: type, length: body.count, expected: "33 or 93", offset: 1)
            }
        case .nats: return .nats(try container(body, frameOffset: 1))
        case .event: return try event(body)
        case .cbor: return .cbor(body)
        case .error: return .error(try ErrorMessage.decode(body[...], offset: 1), body: body)
        }
    }

    /// A 0x06 body: an Event when the Verifier accepts it, a NanoTDF when it begins with `4C 31`
    /// (no such buffer verifies: its root offset points far outside it), else opaque bytes.
    static func event(_ body: [UInt8]) throws(ArkavoError) -> Frame {
        if let event = Event.decodeIfValid(body) {
            guard body.count <= maximumEventLength else { throw .eventTooLarge(length: body.count, offset: 1) }
            return .event(event, bytes: body)
        }
        if body.count >= 3, body[0] == 0x4C, body[1] == 0x31 { return .eventNanoTDF(try container(body, frameOffset: 1)) }
        return .eventOpaque(body)
    }

    private static func key(_ bytes: [UInt8], _ field: String) throws(ArkavoError) -> [UInt8] {
        guard bytes[0] == 0x02 || bytes[0] == 0x03 else { throw .badPoint(field: field, offset: 1) }
        return bytes
    }

    /// A NanoTDF container that starts `frameOffset` bytes into the frame (a refusal's offset is the frame's).
    private static func container(_ bytes: [UInt8], frameOffset: Int) throws(ArkavoError) -> Container {
        do throws(NanoTDFError) {
            return try Container.parse(bytes)
        } catch {
            throw .nanoTDF(error, offset: error.offset + frameOffset)
        }
    }
}
