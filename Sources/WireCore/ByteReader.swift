/// A bounds-checked cursor over bytes: every read returns a value or throws `WireError` with the
/// offset, and the reader index moves only when a read succeeds (swift-nio `ByteBuffer` style).
public struct ByteReader: Sendable {
    /// The whole input.
    public let bytes: [UInt8]
    /// The offset of the next unread byte.
    public private(set) var offset: Int

    /// A reader at offset 0 of `bytes`.
    public init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        self.bytes = Array(bytes)
        self.offset = 0
    }

    /// How many bytes are left to read.
    public var remaining: Int { bytes.count - offset }
    /// Whether every byte was read.
    public var isAtEnd: Bool { offset == bytes.count }

    private func require(_ count: Int, _ field: String) throws(WireError) {
        guard count >= 0, count <= remaining else {
            throw .truncated(field: field, offset: offset, needed: count, available: remaining)
        }
    }

    /// The next byte, without moving; `truncated` naming `field` at the end.
    public func peekUInt8(field: String) throws(WireError) -> UInt8 {
        try require(1, field)
        return bytes[offset]
    }

    /// One byte.
    public mutating func readUInt8(field: String) throws(WireError) -> UInt8 {
        try require(1, field)
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads a big-endian unsigned integer of `width` bytes (1...8), as network formats use.
    public mutating func readBigEndian(width: Int, field: String) throws(WireError) -> UInt64 {
        precondition((1...8).contains(width), "width must be 1...8")
        try require(width, field)
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + width] { value = value << 8 | UInt64(byte) }
        offset += width
        return value
    }

    /// A big-endian 16-bit integer.
    public mutating func readUInt16(field: String) throws(WireError) -> UInt16 {
        UInt16(try readBigEndian(width: 2, field: field))
    }

    /// A big-endian 24-bit integer.
    public mutating func readUInt24(field: String) throws(WireError) -> UInt32 {
        UInt32(try readBigEndian(width: 3, field: field))
    }

    /// A big-endian 32-bit integer.
    public mutating func readUInt32(field: String) throws(WireError) -> UInt32 {
        UInt32(try readBigEndian(width: 4, field: field))
    }

    /// `count` bytes; `truncated` naming `field` when fewer are left.
    public mutating func readBytes(_ count: Int, field: String) throws(WireError) -> [UInt8] {
        try require(count, field)
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// Reads a length prefix of `prefixWidth` bytes, then that many bytes. On failure nothing is consumed.
    public mutating func readLengthPrefixed(prefixWidth: Int, field: String) throws(WireError) -> [UInt8] {
        var copy = self
        let length = Int(try copy.readBigEndian(width: prefixWidth, field: "\(field) length"))
        let value = try copy.readBytes(length, field: field)
        self = copy
        return value
    }

    /// Every byte left.
    public mutating func readRemaining() -> [UInt8] {
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }

    /// Throws `trailingBytes` unless everything was read.
    public func expectEnd() throws(WireError) {
        guard isAtEnd else { throw .trailingBytes(offset: offset, count: remaining) }
    }
}
