import WireCore

/// A resource locator (section 2): `protocol|idSize (1) ‖ bodyLength (1) ‖ body ‖ identifier`.
public struct ResourceLocator: Sendable, Equatable {
    /// The protocol nibble: 0 http, 1 https, 0xF shared resource directory.
    public var protocolCode: UInt8
    /// The body (for http/https the URL without `scheme://`), bytes as received.
    public var body: [UInt8]
    /// The identifier (key id): 0, 2, 8 or 32 bytes.
    public var identifier: [UInt8]

    /// The identifier sizes of the high nibble 0–3.
    public static let identifierSizes = [0, 2, 8, 32]

    /// A locator; `identifier` must be 0, 2, 8 or 32 bytes and `body` at most 255.
    public init(protocolCode: UInt8, body: [UInt8], identifier: [UInt8] = []) {
        self.protocolCode = protocolCode
        self.body = body
        self.identifier = identifier
    }

    /// The protocol's name in the vectors.
    public var protocolName: String {
        switch protocolCode {
        case 0: "http"
        case 1: "https"
        default: "shared-resource-directory"
        }
    }

    static func read(_ reader: inout FieldReader, field: String) throws(NanoTDFError) -> ResourceLocator {
        let start = reader.offset
        let byte = try reader.uint8("\(field).protocol")
        guard [0x0, 0x1, 0xF].contains(byte & 0x0F) else { throw .badLocatorProtocol(byte & 0x0F, offset: start) }
        guard byte >> 4 <= 3 else { throw .badIdentifierSize(byte >> 4, offset: start) }
        let length = try reader.uint8("\(field).bodyLength")
        let body = try reader.bytes(Int(length), "\(field).body")
        let identifier = try reader.bytes(identifierSizes[Int(byte >> 4)], "\(field).identifier")
        return ResourceLocator(protocolCode: byte & 0x0F, body: body, identifier: identifier)
    }

    func write(_ writer: inout ByteWriter) {
        // A locator that cannot be written is a programming error, not input: parsing never makes one.
        precondition(body.count <= 255, "a locator body is at most 255 bytes")
        guard let sizeIndex = Self.identifierSizes.firstIndex(of: identifier.count) else {
            preconditionFailure("a locator identifier is 0, 2, 8 or 32 bytes, not \(identifier.count)")
        }
        let sizeNibble = UInt8(sizeIndex)
        writer.writeUInt8(sizeNibble << 4 | protocolCode)
        writer.writeUInt8(UInt8(body.count))
        writer.writeBytes(body)
        writer.writeBytes(identifier)
    }

    /// The locator's bytes as written in a header.
    public var bytes: [UInt8] {
        var writer = ByteWriter()
        write(&writer)
        return writer.bytes
    }
}
