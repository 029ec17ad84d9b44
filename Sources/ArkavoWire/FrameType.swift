/// The type byte that starts every Arkavo WebSocket binary frame (NanoTDF spec section 13; the app's
/// `ArkavoMessageType`, arkavo-rs `MessageType`).
public enum FrameType: UInt8, CaseIterable, Sendable {
    /// 0x01: the client's ephemeral P-256 key (C→S), or the server's key and a 32-byte salt (S→C).
    case publicKey = 0x01
    /// 0x02: an empty request (C→S), or the KAS static P-256 key (S→C).
    case kasPublicKey = 0x02
    /// 0x03: a NanoTDF header to rewrap (C→S); the server reads the header and ignores the rest.
    case rewrap = 0x03
    /// 0x04: the rewrapped key (S→C): header ephemeral key, nonce, wrapped key, tag; 33 bytes = denied.
    case rewrappedKey = 0x04
    /// 0x05: a NanoTDF published on or forwarded from NATS.
    case nats = 0x05
    /// 0x06: a FlatBuffers `Event`, or (S→C) cached bytes, a status text or a NanoTDF that is not L1L.
    case event = 0x06
    /// 0x08: CBOR messages (arkavo-rs only), kept opaque.
    case cbor = 0x08
    /// 0xFF: a UTF-8 JSON error object (S→C).
    case error = 0xFF

    /// The name in vectors and reports.
    public var name: String {
        switch self {
        case .publicKey: "public-key"
        case .kasPublicKey: "kas-public-key"
        case .rewrap: "rewrap"
        case .rewrappedKey: "rewrapped-key"
        case .nats: "nats"
        case .event: "event"
        case .cbor: "cbor"
        case .error: "error"
        }
    }
}
