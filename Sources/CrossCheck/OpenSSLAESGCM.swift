import COpenSSL

/// OpenSSL's AES-256-GCM with a 12-byte nonce and a full tag: the floor NanoTDF's payload
/// decryption is benchmarked against.
extension OpenSSL {
    /// Seals `plaintext`; returns ciphertext and the 16-byte tag.
    public static func aes256GCMSeal(key: [UInt8], nonce: [UInt8], plaintext: [UInt8]) -> (ciphertext: [UInt8], tag: [UInt8]) {
        let context = EVP_CIPHER_CTX_new()!
        defer { EVP_CIPHER_CTX_free(context) }
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count + 16)
        var tag = [UInt8](repeating: 0, count: 16)
        var length: Int32 = 0
        _ = EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce)
        _ = EVP_EncryptUpdate(context, &ciphertext, &length, plaintext, Int32(plaintext.count))
        _ = EVP_EncryptFinal_ex(context, &ciphertext[plaintext.count], &length)
        _ = EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, 16, &tag)
        return (Array(ciphertext.prefix(plaintext.count)), tag)
    }

    /// Opens; nil when the tag does not authenticate.
    public static func aes256GCMOpen(key: [UInt8], nonce: [UInt8], ciphertext: [UInt8], tag: [UInt8]) -> [UInt8]? {
        let context = EVP_CIPHER_CTX_new()!
        defer { EVP_CIPHER_CTX_free(context) }
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count + 16)
        var tag = tag
        var length: Int32 = 0
        let opened =
            EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce) == 1
            && EVP_DecryptUpdate(context, &plaintext, &length, ciphertext, Int32(ciphertext.count)) == 1
            && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(tag.count), &tag) == 1
            && EVP_DecryptFinal_ex(context, &plaintext[ciphertext.count], &length) == 1
        return opened ? Array(plaintext.prefix(ciphertext.count)) : nil
    }
}
