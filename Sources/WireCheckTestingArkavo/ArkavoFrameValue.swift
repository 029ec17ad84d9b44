import WireCheckTestingNanoTDF
import WireCore

/// One Arkavo WebSocket binary frame as your reader reads it: the type byte and its body, or a bare NanoTDF. The
/// NanoTDF inside a frame is `WireCheckTestingNanoTDF`'s header and container.
public enum ArkavoFrame: Equatable, Sendable {
    /// 0x01 client to server: the client's ephemeral compressed P-256 key.
    case clientPublicKey([UInt8])
    /// 0x01 server to client: the server's ephemeral compressed P-256 key and a 32-byte salt.
    case serverPublicKey(publicKey: [UInt8], salt: [UInt8])
    /// 0x02 client to server: the empty request for the KAS key.
    case kasPublicKeyRequest
    /// 0x02 server to client: the KAS key.
    case kasPublicKey([UInt8])
    /// 0x03: a NanoTDF header to rewrap, its bytes, and what follows it.
    case rewrap(header: NanoTDFHeader, headerBytes: [UInt8], trailing: [UInt8])
    /// 0x04: the header's ephemeral key, the nonce, the wrapped key and the tag.
    case rewrappedKey(ephemeralPublicKey: [UInt8], nonce: [UInt8], wrappedKey: [UInt8], tag: [UInt8])
    /// 0x04 with the key alone: a denied rewrap.
    case rewrapDenied(ephemeralPublicKey: [UInt8])
    /// 0x05: a NanoTDF to or from NATS.
    case nats(NanoTDFContainer)
    /// 0x06: an Event the Verifier accepts, and its bytes.
    case event(ArkavoEvent, bytes: [UInt8])
    /// 0x06: a NanoTDF.
    case eventNanoTDF(NanoTDFContainer)
    /// 0x06: bytes that are neither an Event nor a NanoTDF.
    case eventOpaque([UInt8])
    /// 0x08: a CBOR message, as it is.
    case cbor([UInt8])
    /// 0xFF: a JSON error's `error_type`, `message` and `details`, with the body as it was.
    case error(errorType: String, message: String, details: JSONValue?, body: [UInt8])
    /// A NanoTDF without a type byte.
    case bareNanoTDF(NanoTDFContainer)
}

/// The FlatBuffers Verifier's limits a decode op is given (the case's `maxDepth` and `maxTables`, or flatc's defaults).
public struct ArkavoVerifierLimits: Equatable, Sendable {
    /// The deepest nesting of tables accepted.
    public var maxDepth: UInt32
    /// The most tables accepted.
    public var maxTables: UInt32

    /// Limits.
    public init(maxDepth: UInt32, maxTables: UInt32) {
        self.maxDepth = maxDepth
        self.maxTables = maxTables
    }
}
