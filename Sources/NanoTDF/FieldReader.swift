import WireCore

/// WireCore's `ByteReader` with NanoTDF's errors: a short read is `truncated` naming the field.
/// Field names are built only when a read fails (`@autoclosure`): interpolated names such as
/// `policy.locator.protocol` are longer than Swift's inline strings and would cost an allocation
/// per field on every parse.
struct FieldReader {
    var reader: ByteReader

    init(_ bytes: [UInt8]) { reader = ByteReader(bytes) }

    var offset: Int { reader.offset }
    var remaining: Int { reader.remaining }

    /// Fails with `truncated` unless `count` bytes remain.
    func need(_ count: Int, _ field: () -> String) throws(NanoTDFError) {
        guard count >= 0, count <= remaining else { throw .truncated(field: field(), offset: offset) }
    }

    mutating func uint8(_ field: @autoclosure () -> String) throws(NanoTDFError) -> UInt8 {
        try need(1, field)
        return try! reader.readUInt8(field: "")
    }

    mutating func uint16(_ field: @autoclosure () -> String) throws(NanoTDFError) -> UInt16 {
        try need(2, field)
        return try! reader.readUInt16(field: "")
    }

    mutating func uint24(_ field: @autoclosure () -> String) throws(NanoTDFError) -> UInt32 {
        try need(3, field)
        return try! reader.readUInt24(field: "")
    }

    mutating func bytes(_ count: Int, _ field: @autoclosure () -> String) throws(NanoTDFError) -> [UInt8] {
        try need(count, field)
        return try! reader.readBytes(count, field: "")
    }

    /// A compressed point of `curve`: `02` or `03` followed by the x-coordinate.
    mutating func point(_ curve: Curve, _ field: @autoclosure () -> String) throws(NanoTDFError) -> [UInt8] {
        let start = offset
        let key = try bytes(curve.publicKeyLength, field())
        guard key[0] == 0x02 || key[0] == 0x03 else { throw .badPoint(field: field(), offset: start) }
        return key
    }
}
