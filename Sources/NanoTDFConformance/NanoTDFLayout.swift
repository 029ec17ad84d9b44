import NanoTDF
import WireCore

/// Every field of a parsed container with its byte offset, in wire order: the annotated view of
/// `wirecheck nanotdf inspect --annotate`, built from the serializer so it cannot drift from it.
package enum NanoTDFLayout {
    /// One field: its name, where it starts, its bytes.
    package struct Field {
        package var name: String
        package var offset: Int
        package var bytes: [UInt8]
    }

    /// The fields of a header.
    package static func fields(of header: Header) -> [Field] {
        var fields: [Field] = []
        var offset = 0
        func add(_ name: String, _ bytes: [UInt8]) {
            fields.append(Field(name: name, offset: offset, bytes: bytes))
            offset += bytes.count
        }
        func addLocator(_ prefix: String, _ locator: ResourceLocator) {
            let bytes = locator.bytes
            add("\(prefix).protocol", [bytes[0]])
            add("\(prefix).bodyLength", [bytes[1]])
            add("\(prefix).body", locator.body)
            if !locator.identifier.isEmpty { add("\(prefix).identifier", locator.identifier) }
        }
        add("magic", header.version.magic)
        addLocator("kas", header.kas)
        if let key = header.kasKey {
            add("kasKey.curve", [key.curve.rawValue])
            add("kasKey.publicKey", key.publicKey)
        }
        add("eccMode", [header.eccModeByte])
        add("config", [header.configByte])
        add("policy.type", [header.policy.kind.rawValue])
        if header.policy.kind == .remote, let locator = header.policy.locator {
            addLocator("policy.locator", locator)
        } else {
            add("policy.contentLength", [UInt8(header.policy.content.count >> 8), UInt8(header.policy.content.count & 0xFF)])
            add("policy.content", header.policy.content)
            if let locator = header.policy.locator {
                addLocator("policy.keyAccess.locator", locator)
                add("policy.keyAccess.publicKey", header.policy.keyAccessPublicKey)
            }
        }
        add("policy.binding", header.policy.binding)
        add("ephemeralPublicKey", header.ephemeralPublicKey)
        return fields
    }

    /// The fields of a whole container.
    package static func fields(of container: Container) -> [Field] {
        var fields = fields(of: container.header)
        var offset = container.header.bytes.count
        func add(_ name: String, _ bytes: [UInt8]) {
            fields.append(Field(name: name, offset: offset, bytes: bytes))
            offset += bytes.count
        }
        let length = container.payload.length
        add("payload.length", [UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)])
        add("payload.iv", container.payload.iv)
        add("payload.ciphertext", container.payload.ciphertext)
        add("payload.tag", container.payload.tag)
        if let signature = container.signature {
            add("signature.publicKey", signature.publicKey)
            add("signature.signature", signature.signature)
        }
        return fields
    }
}
