import COpenSSL

/// OpenSSL (libcrypto 3) for the hashes, MACs and KDFs the vectors use.
public enum OpenSSL {
    /// OpenSSL's SHA-256.
    public static func sha256(_ data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        _ = SHA256(data, data.count, &out)
        return out
    }

    /// OpenSSL's HMAC-SHA256.
    public static func hmacSHA256(key: [UInt8], data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = HMAC(EVP_sha256(), key, Int32(key.count), data, data.count, &out, &length)
        return Array(out.prefix(Int(length)))
    }

    /// HKDF-SHA256 (RFC 5869) through `EVP_PKEY_HKDF`; nil if OpenSSL refuses.
    public static func hkdfSHA256(ikm: [UInt8], salt: [UInt8], info: [UInt8], length: Int) -> [UInt8]? {
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, nil) else { return nil }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_CTX_set_hkdf_md(context, EVP_sha256()) == 1,
            EVP_PKEY_CTX_set1_hkdf_salt(context, salt, Int32(salt.count)) == 1,
            EVP_PKEY_CTX_set1_hkdf_key(context, ikm, Int32(ikm.count)) == 1,
            EVP_PKEY_CTX_add1_hkdf_info(context, info, Int32(info.count)) == 1
        else { return nil }
        var out = [UInt8](repeating: 0, count: length)
        var outLength = length
        return EVP_PKEY_derive(context, &out, &outLength) == 1 ? Array(out.prefix(outLength)) : nil
    }
}
