/// Where things are in a valid buffer, so the generator can break one thing at a time: the root
/// table, a table's vtable, a field's position, where an offset field points. It reads only buffers
/// the generator itself built with the real builders; decoding is the Verifier's job.
struct FlatBufferLayout {
    var bytes: [UInt8]

    func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }

    /// The root table's position.
    var root: Int { u32(0) }
    /// The vtable of the table at `table`.
    func vtable(_ table: Int) -> Int { table - Int(Int32(truncatingIfNeeded: u32(table))) }
    /// The position of `slot` in the table at `table` (the slot must be present).
    func field(_ table: Int, slot: Int) -> Int {
        let offset = u16(vtable(table) + 4 + 2 * slot)
        precondition(offset != 0, "slot \(slot) is absent")
        return table + offset
    }
    /// Where the offset field in `slot` points (a sub-table, vector or string).
    func target(_ table: Int, slot: Int) -> Int {
        let at = field(table, slot: slot)
        return at + u32(at)
    }

    mutating func setU32(_ at: Int, _ value: UInt32) {
        for i in 0..<4 { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
    }
    mutating func setU16(_ at: Int, _ value: UInt16) {
        bytes[at] = UInt8(value & 0xFF)
        bytes[at + 1] = UInt8(value >> 8)
    }
}
