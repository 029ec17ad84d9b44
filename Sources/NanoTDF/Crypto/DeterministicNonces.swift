import COpenSSL

/// The nonce generator of RFC 6979 section 3.2 with HMAC-SHA256: the candidates k for a key and
/// a digest, in order. Our curves have qlen ≥ 256 = hlen, so bits2int of the digest is the digest.
struct DeterministicNonces {
    private var k: [UInt8]
    private var v: [UInt8]
    private let group: CurveGroup
    private var first = true

    init(key: [UInt8], digest: [UInt8], group: CurveGroup) {
        self.group = group
        let length = (group.orderBits + 7) / 8
        // bits2octets(h1) = int2octets(bits2int(h1) mod q)
        let reducedDigest = group.reduced(BigNumber(bytes: digest)).bytes(length: length)!
        let seed = BigNumber(bytes: key).bytes(length: length)! + reducedDigest
        k = [UInt8](repeating: 0x00, count: 32)
        v = [UInt8](repeating: 0x01, count: 32)
        k = Hashing.hmacSHA256(key: k, v + [0x00] + seed)
        v = Hashing.hmacSHA256(key: k, v)
        k = Hashing.hmacSHA256(key: k, v + [0x01] + seed)
        v = Hashing.hmacSHA256(key: k, v)
    }

    /// The next candidate in 1…q−1 (step h of the RFC).
    mutating func next() -> BigNumber {
        while true {
            if !first {
                k = Hashing.hmacSHA256(key: k, v + [0x00])
                v = Hashing.hmacSHA256(key: k, v)
            }
            first = false
            var t: [UInt8] = []
            while t.count * 8 < group.orderBits {
                v = Hashing.hmacSHA256(key: k, v)
                t += v
            }
            // bits2int: the leftmost qlen bits of T.
            let candidate = BigNumber(bytes: t)
            let excess = t.count * 8 - group.orderBits
            if excess > 0 { _ = BN_rshift(candidate.pointer, candidate.pointer, Int32(excess)) }
            if candidate.isInRange(below: group.order) { return candidate }
        }
    }
}
