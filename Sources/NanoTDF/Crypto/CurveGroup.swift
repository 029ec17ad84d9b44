import COpenSSL

/// An OpenSSL `EC_POINT` owned by Swift.
final class CurvePoint {
    let pointer: OpaquePointer
    init(owning pointer: OpaquePointer) { self.pointer = pointer }
    deinit { EC_POINT_free(pointer) }
}

/// One NanoTDF curve as OpenSSL arithmetic: point decoding with the on-curve check, scalar
/// multiplication, and the modular arithmetic of ECDSA. Holds a `BN_CTX`, so it belongs to one
/// operation on one thread: make one per call.
final class CurveGroup {
    let curve: Curve
    let group: OpaquePointer
    let context: OpaquePointer
    /// The group order n.
    let order: OpaquePointer

    static let nids: [Curve: Int32] = [
        .secp256r1: NID_X9_62_prime256v1, .secp384r1: NID_secp384r1, .secp521r1: NID_secp521r1, .secp256k1: NID_secp256k1,
    ]

    /// One OpenSSL group per curve for the process: making one computes Montgomery constants and
    /// cost more than the ECDH itself (profiled: most of a decrypt). Groups are only read after
    /// creation (every operation takes `const EC_GROUP *`), so threads share them; the `BN_CTX`
    /// scratch space is per instance.
    nonisolated(unsafe) static let groups: [Curve: OpaquePointer] = Dictionary(
        uniqueKeysWithValues: Curve.allCases.map { ($0, EC_GROUP_new_by_curve_name(nids[$0]!)!) })

    init(_ curve: Curve) {
        self.curve = curve
        group = Self.groups[curve]!
        context = BN_CTX_new()!
        order = EC_GROUP_get0_order(group)!
    }

    deinit { BN_CTX_free(context) }

    /// Bytes of a scalar, an ECDSA `r` or `s`, and an ECDH x-coordinate: 32, 48, 66 or 32.
    var scalarLength: Int { curve.signatureLength / 2 }

    /// The bits of the order n (RFC 6979's qlen).
    var orderBits: Int { Int(BN_num_bits(order)) }

    /// A compressed point of this curve, or nil when it is not one: wrong length or prefix, x not
    /// below p, or no y on the curve for x (OpenSSL's decompression fails then).
    func decodeCompressed(_ bytes: [UInt8]) -> CurvePoint? {
        guard bytes.count == curve.publicKeyLength, bytes[0] == 0x02 || bytes[0] == 0x03 else { return nil }
        let point = CurvePoint(owning: EC_POINT_new(group)!)
        guard EC_POINT_oct2point(group, point.pointer, bytes, bytes.count, context) == 1,
            EC_POINT_is_on_curve(group, point.pointer, context) == 1
        else { return nil }
        return point
    }

    /// The compressed encoding of `point`.
    func compressed(_ point: CurvePoint) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: curve.publicKeyLength)
        let written = EC_POINT_point2oct(group, point.pointer, POINT_CONVERSION_COMPRESSED, &out, out.count, context)
        precondition(written == out.count, "a finite point of the curve compresses to \(out.count) bytes")
        return out
    }

    /// `generatorScalar`·G + `pointScalar`·`point` (either term may be absent).
    func multiply(generatorScalar: BigNumber?, point: CurvePoint? = nil, pointScalar: BigNumber? = nil) -> CurvePoint? {
        let result = CurvePoint(owning: EC_POINT_new(group)!)
        guard EC_POINT_mul(group, result.pointer, generatorScalar?.pointer, point?.pointer, pointScalar?.pointer, context) == 1,
            EC_POINT_is_at_infinity(group, result.pointer) == 0
        else { return nil }
        return result
    }

    /// The affine x-coordinate of `point` as an integer.
    func x(of point: CurvePoint) -> BigNumber {
        let x = BigNumber()
        let succeeded = EC_POINT_get_affine_coordinates(group, point.pointer, x.pointer, nil, context) == 1
        precondition(succeeded, "a finite point has affine coordinates")
        return x
    }

    // Arithmetic modulo the order n.

    func reduced(_ value: BigNumber) -> BigNumber {
        let out = BigNumber()
        _ = BN_nnmod(out.pointer, value.pointer, order, context)
        return out
    }

    func inverse(_ value: BigNumber) -> BigNumber {
        let out = BigNumber()
        _ = BN_mod_inverse(out.pointer, value.pointer, order, context)
        return out
    }

    func multiply(_ a: BigNumber, _ b: BigNumber) -> BigNumber {
        let out = BigNumber()
        _ = BN_mod_mul(out.pointer, a.pointer, b.pointer, order, context)
        return out
    }

    func add(_ a: BigNumber, _ b: BigNumber) -> BigNumber {
        let out = BigNumber()
        _ = BN_mod_add(out.pointer, a.pointer, b.pointer, order, context)
        return out
    }
}
