import WireCore

/// WireCore's `ByteReader` with NanoTDF's errors: a short read is `truncated` naming the field.
struct FieldReader {
    var reader: ByteReader

    init(_ bytes: [UInt8]) { reader = ByteReader(bytes) }

    var offset: Int { reader.offset }
    var remaining: Int { reader.remaining }

    mutating func uint8(_ field: String) throws(NanoTDFError) -> UInt8 {
        do { return try reader.readUInt8(field: field) } catch { throw .from(error) }
    }

    mutating func uint16(_ field: String) throws(NanoTDFError) -> UInt16 {
        do { return try reader.readUInt16(field: field) } catch { throw .from(error) }
    }

    mutating func uint24(_ field: String) throws(NanoTDFError) -> UInt32 {
        do { return try reader.readUInt24(field: field) } catch { throw .from(error) }
    }

    mutating func bytes(_ count: Int, _ field: String) throws(NanoTDFError) -> [UInt8] {
        do { return try reader.readBytes(count, field: field) } catch { throw .from(error) }
    }

    /// A compressed point of `curve`: `02` or `03` followed by the x-coordinate.
    mutating func point(_ curve: Curve, _ field: String) throws(NanoTDFError) -> [UInt8] {
        let start = offset
        let key = try bytes(curve.publicKeyLength, field)
        guard key[0] == 0x02 || key[0] == 0x03 else { throw .badPoint(field: field, offset: start) }
        return key
    }
}
