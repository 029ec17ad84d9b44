/// ECDSA with SHA-256 on the NanoTDF curves (policy binding, section 9.4; creator signature,
/// section 8). Signing uses RFC 6979 deterministic nonces so regenerated vectors are byte-identical;
/// verification accepts any valid signature, deterministic or not.
public enum ECDSA {
    /// The fixed-width `r‖s` over SHA-256(`message`).
    public static func sign(_ message: [UInt8], with key: PrivateKey) -> [UInt8] {
        let group = CurveGroup(key.curve)
        let digest = Hashing.sha256(message)
        let d = BigNumber(bytes: key.scalar)
        let z = group.reduced(BigNumber(bytes: digest))
        var nonces = DeterministicNonces(key: key.scalar, digest: digest, group: group)
        while true {
            let k = nonces.next()
            guard let point = group.multiply(generatorScalar: k) else { continue }
            let r = group.reduced(group.x(of: point))
            guard !r.isZero else { continue }
            // s = k⁻¹ (z + r·d) mod n
            let s = group.multiply(group.inverse(k), group.add(z, group.multiply(r, d)))
            guard !s.isZero else { continue }
            return r.bytes(length: group.scalarLength)! + s.bytes(length: group.scalarLength)!
        }
    }

    /// Whether `signature` (fixed-width `r‖s`) is a signature by `publicKey` (compressed) over
    /// SHA-256(`message`) on `curve`.
    public static func verify(_ signature: [UInt8], of message: [UInt8], publicKey: [UInt8], curve: Curve) -> Bool {
        let group = CurveGroup(curve)
        guard signature.count == 2 * group.scalarLength, let q = group.decodeCompressed(publicKey) else { return false }
        let r = BigNumber(bytes: Array(signature.prefix(group.scalarLength)))
        let s = BigNumber(bytes: Array(signature.suffix(group.scalarLength)))
        guard r.isInRange(below: group.order), s.isInRange(below: group.order) else { return false }
        // SHA-256 is never longer than n here (n has 256 bits or more), so z is the whole digest.
        let z = group.reduced(BigNumber(bytes: Hashing.sha256(message)))
        let w = group.inverse(s)
        guard let point = group.multiply(generatorScalar: group.multiply(z, w), point: q, pointScalar: group.multiply(r, w)) else {
            return false
        }
        return group.reduced(group.x(of: point)).minimalBytes == r.minimalBytes
    }

    /// Go's form of the ECDSA binding: `len(r) ‖ r ‖ len(s) ‖ s` with minimal big-endian
    /// integers (`big.Int.Bytes`), from a fixed-width `r‖s`.
    public static func goLengthPrefixed(_ fixed: [UInt8]) -> [UInt8] {
        let half = fixed.count / 2
        return [fixed.prefix(half), fixed.suffix(half)].flatMap { part -> [UInt8] in
            let minimal = Array(part.drop(while: { $0 == 0 }))
            return [UInt8(minimal.count)] + minimal
        }
    }

    /// The fixed-width `r‖s` of a Go length-prefixed binding, or nil when `bytes` is not exactly one.
    public static func fixedWidth(goLengthPrefixed bytes: [UInt8], curve: Curve) -> [UInt8]? {
        let half = curve.signatureLength / 2
        guard let rLength = bytes.first.map(Int.init), rLength <= half, bytes.count > 1 + rLength else { return nil }
        let sLength = Int(bytes[1 + rLength])
        guard sLength <= half, bytes.count == 2 + rLength + sLength else { return nil }
        let r = bytes[1..<(1 + rLength)]
        let s = bytes[(2 + rLength)...]
        return [UInt8](repeating: 0, count: half - rLength) + r + [UInt8](repeating: 0, count: half - sLength) + s
    }
}
