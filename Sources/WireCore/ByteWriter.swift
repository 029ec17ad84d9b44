/// Appends wire fields in network byte order; the mirror of `ByteReader`.
public struct ByteWriter: Sendable {
    /// What was written so far.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// One byte.
    public mutating func writeUInt8(_ value: UInt8) { bytes.append(value) }

    /// Writes the low `width` bytes of `value`, big-endian. The value must fit.
    public mutating func writeBigEndian(_ value: UInt64, width: Int) {
        precondition((1...8).contains(width), "width must be 1...8")
        precondition(width == 8 || value >> UInt64(width * 8) == 0, "value does not fit in \(width) byte(s)")
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// A big-endian 16-bit integer.
    public mutating func writeUInt16(_ value: UInt16) { writeBigEndian(UInt64(value), width: 2) }
    /// The low 24 bits, big-endian.
    public mutating func writeUInt24(_ value: UInt32) { writeBigEndian(UInt64(value), width: 3) }
    /// A big-endian 32-bit integer.
    public mutating func writeUInt32(_ value: UInt32) { writeBigEndian(UInt64(value), width: 4) }

    /// Bytes as they are.
    public mutating func writeBytes<Bytes: Sequence>(_ value: Bytes) where Bytes.Element == UInt8 {
        bytes.append(contentsOf: value)
    }

    /// Writes a length prefix of `prefixWidth` bytes followed by the bytes.
    public mutating func writeLengthPrefixed(_ value: [UInt8], prefixWidth: Int) {
        writeBigEndian(UInt64(value.count), width: prefixWidth)
        bytes.append(contentsOf: value)
    }
}
