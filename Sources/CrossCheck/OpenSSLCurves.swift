import COpenSSL

/// OpenSSL's elliptic-curve point decoding, independent of swift-crypto.
extension OpenSSL {
    /// The OpenSSL NIDs of the NanoTDF curves, by their names in the vectors.
    public static let curveNIDs: [String: Int32] = [
        "secp256r1": NID_X9_62_prime256v1, "secp384r1": NID_secp384r1, "secp521r1": NID_secp521r1, "secp256k1": NID_secp256k1,
    ]

    /// Whether `point` (SEC1 encoding: compressed or not) decodes to a point on the named curve.
    public static func isPointOnCurve(_ point: [UInt8], curve: String) -> Bool {
        guard let nid = curveNIDs[curve], let group = EC_GROUP_new_by_curve_name(nid) else { return false }
        defer { EC_GROUP_free(group) }
        guard let decoded = EC_POINT_new(group) else { return false }
        defer { EC_POINT_free(decoded) }
        // oct2point refuses bytes that are not the encoding of a point on the curve.
        return EC_POINT_oct2point(group, decoded, point, point.count, nil) == 1 && EC_POINT_is_on_curve(group, decoded, nil) == 1
    }
}
