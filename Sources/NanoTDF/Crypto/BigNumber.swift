import COpenSSL

/// An OpenSSL `BIGNUM` owned by Swift. Scalars here are often secret, so it is cleared when freed.
final class BigNumber {
    let pointer: OpaquePointer

    /// Zero.
    init() { pointer = BN_new()! }

    /// The unsigned big-endian integer `bytes`.
    init(bytes: [UInt8]) { pointer = BN_bin2bn(bytes, Int32(bytes.count), nil)! }

    /// Takes ownership of `pointer`.
    init(owning pointer: OpaquePointer) { self.pointer = pointer }

    deinit { BN_clear_free(pointer) }

    /// Big-endian bytes, left-padded to `length` (nil when the value does not fit).
    func bytes(length: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: length)
        return BN_bn2binpad(pointer, &out, Int32(length)) == Int32(length) ? out : nil
    }

    /// The minimal big-endian bytes (empty for zero), as Go's `big.Int.Bytes`.
    var minimalBytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: Int((BN_num_bits(pointer) + 7) / 8))
        _ = BN_bn2bin(pointer, &out)
        return out
    }

    var isZero: Bool { BN_is_zero(pointer) == 1 }

    /// Whether 0 < self < bound.
    func isInRange(below bound: OpaquePointer) -> Bool { !isZero && BN_cmp(pointer, bound) < 0 }
}
