import WireCore

/// The protobuf binary encoding, as far as the OpenTDF KAS messages need it: a message is a run of fields, each a
/// varint key (field number << 3 | wire type) and a value; strings, bytes and sub-messages are length-delimited (wire
/// type 2). Connect clients such as otdf-python send `application/proto` by default, so the mock reads and writes it
/// without generated code. Unknown fields are skipped, as protobuf readers do; a truncated or malformed field is an error
/// naming its byte offset.
enum ProtobufWire {
    /// One field as read: its number, where its key starts and, for wire type 2, its bytes (other wire types are read
    /// past and kept empty).
    struct Field {
        var number: Int
        var offset: Int
        var wireType: Int
        var bytes: [UInt8]
        /// The bytes as a UTF-8 string (proto3 strings must be valid UTF-8).
        var string: String? { String(validating: bytes, as: UTF8.self) }
    }

    /// The fields of `message`, in order.
    static func fields(of message: [UInt8]) throws(WireError) -> [Field] {
        var reader = ByteReader(message)
        var fields: [Field] = []
        while !reader.isAtEnd {
            let keyOffset = reader.offset
            let key = try varint(&reader, field: "field key")
            let number = Int(key >> 3)
            let wireType = Int(key & 7)
            guard number > 0, number < 1 << 29 else {
                throw .invalidValue(field: "field key", offset: keyOffset, reason: "field number \(number) is out of range")
            }
            switch wireType {
            case 0: _ = try varint(&reader, field: "field \(number)")
            case 1: _ = try reader.readBytes(8, field: "field \(number)")
            case 2:
                let lengthOffset = reader.offset
                let length = try varint(&reader, field: "field \(number) length")
                guard length <= UInt64(reader.remaining) else {
                    throw .truncated(
                        field: "field \(number)", offset: lengthOffset, needed: Int(clamping: length), available: reader.remaining)
                }
                fields.append(
                    Field(
                        number: number, offset: keyOffset, wireType: 2, bytes: try reader.readBytes(Int(length), field: "field \(number)")))
                continue
            case 5: _ = try reader.readBytes(4, field: "field \(number)")
            default:
                throw .invalidValue(
                    field: "field \(number)", offset: keyOffset, reason: "wire type \(wireType) is not used by these messages")
            }
            fields.append(Field(number: number, offset: keyOffset, wireType: wireType, bytes: []))
        }
        return fields
    }

    /// The last string in field `number` (proto3: the last occurrence wins), or "" when absent.
    static func string(_ number: Int, in fields: [Field]) throws(WireError) -> String {
        guard let field = fields.last(where: { $0.number == number }) else { return "" }
        guard field.wireType == 2, let text = field.string else {
            throw .invalidValue(field: "field \(number)", offset: field.offset, reason: "not a length-delimited UTF-8 string")
        }
        return text
    }

    private static func varint(_ reader: inout ByteReader, field: String) throws(WireError) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 70, by: 7) {
            let offset = reader.offset
            let byte = try reader.readUInt8(field: field)
            guard shift < 64 else { throw .invalidValue(field: field, offset: offset, reason: "a varint longer than 10 bytes") }
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte & 0x80 == 0 { return value }
        }
        throw .invalidValue(field: field, offset: reader.offset, reason: "a varint longer than 10 bytes")
    }

    /// Writes fields in the order given.
    struct Writer {
        private(set) var bytes: [UInt8] = []

        /// A length-delimited field; proto3 leaves an empty one out.
        mutating func field(_ number: Int, _ value: [UInt8]) {
            guard !value.isEmpty else { return }
            varint(UInt64(number << 3 | 2))
            varint(UInt64(value.count))
            bytes += value
        }

        /// A string field.
        mutating func field(_ number: Int, _ value: String) { field(number, Array(value.utf8)) }

        /// A sub-message field, written even when empty (a repeated element must be there to be counted).
        mutating func message(_ number: Int, _ value: [UInt8]) {
            varint(UInt64(number << 3 | 2))
            varint(UInt64(value.count))
            bytes += value
        }

        private mutating func varint(_ value: UInt64) {
            var rest = value
            while rest >= 0x80 {
                bytes.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }
    }
}
