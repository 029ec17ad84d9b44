import NanoTDF

/// One Arkavo WebSocket binary frame (NanoTDF spec section 13): a type byte and its body, or a bare
/// NanoTDF (the app checks for `4C 31` before it reads a type byte, and 0x4C is no type). A body's
/// form follows from its length where a type has two directions.
public enum Frame: Equatable, Sendable {
    /// 0x01 C→S: the client's ephemeral compressed P-256 key (33 bytes).
    case clientPublicKey([UInt8])
    /// 0x01 S→C: the server's ephemeral compressed P-256 key and a 32-byte salt.
    case serverPublicKey(publicKey: [UInt8], salt: [UInt8])
    /// 0x02 C→S: the empty request for the KAS key.
    case kasPublicKeyRequest
    /// 0x02 S→C: the KAS static compressed P-256 key (33 bytes).
    case kasPublicKey([UInt8])
    /// 0x03 C→S: a NanoTDF header to rewrap; arkavo-rs ignores what follows it (`trailing`).
    case rewrap(header: Header, headerBytes: [UInt8], trailing: [UInt8])
    /// 0x04 S→C: header ephemeral key (the correlation key) ‖ nonce (12) ‖ wrapped key (32) ‖ tag (16).
    case rewrappedKey(ephemeralPublicKey: [UInt8], nonce: [UInt8], wrappedKey: [UInt8], tag: [UInt8])
    /// 0x04 S→C with only the 33-byte key: the app's `handleRewrappedKeyMessage` reads it as DENY.
    case rewrapDenied(ephemeralPublicKey: [UInt8])
    /// 0x05: a NanoTDF published to or forwarded from NATS.
    case nats(Container)
    /// 0x06: a FlatBuffers Event the Verifier accepts, with its bytes.
    case event(Event, bytes: [UInt8])
    /// 0x06 S→C: a NanoTDF (arkavo-rs forwards NATS messages that do not begin with L1L as 0x06).
    case eventNanoTDF(Container)
    /// 0x06 S→C: bytes that are neither an Event nor a NanoTDF (cached bytes, "Event not found", …).
    case eventOpaque([UInt8])
    /// 0x08: a CBOR message, kept as it is.
    case cbor([UInt8])
    /// 0xFF: a JSON error, with the body as it was (JSON has many spellings of one object).
    case error(ErrorMessage, body: [UInt8])
    /// A NanoTDF with no type byte.
    case bareNanoTDF(Container)

    /// The type byte, nil for a bare NanoTDF.
    public var type: FrameType? {
        switch self {
        case .clientPublicKey, .serverPublicKey: .publicKey
        case .kasPublicKeyRequest, .kasPublicKey: .kasPublicKey
        case .rewrap: .rewrap
        case .rewrappedKey, .rewrapDenied: .rewrappedKey
        case .nats: .nats
        case .event, .eventNanoTDF, .eventOpaque: .event
        case .cbor: .cbor
        case .error: .error
        case .bareNanoTDF: nil
        }
    }

    /// The frame's bytes: the type byte and the body (a parsed frame gives back what was read).
    public var bytes: [UInt8] {
        guard let type else {
            if case .bareNanoTDF(let container) = self { return container.bytes }
            return []
        }
        return [type.rawValue] + body
    }

    private var body: [UInt8] {
        switch self {
        case .clientPublicKey(let key), .kasPublicKey(let key), .rewrapDenied(let key): key
        case .serverPublicKey(let key, let salt): key + salt
        case .kasPublicKeyRequest: []
        case .rewrap(_, let header, let trailing): header + trailing
        case .rewrappedKey(let key, let nonce, let wrapped, let tag): key + nonce + wrapped + tag
        case .nats(let container), .eventNanoTDF(let container), .bareNanoTDF(let container): container.bytes
        case .event(_, let bytes), .eventOpaque(let bytes), .cbor(let bytes): bytes
        case .error(_, let body): body
        }
    }
}
