import COpenSSL

/// AES-256-GCM through OpenSSL's EVP interface, which takes any IV length (a 3-byte IV gets its J0
/// from GHASH) and any tag length: NanoTDF keeps the leftmost 8 to 16 bytes of the tag.
enum AESGCM {
    /// `ciphertext` and the leftmost `tagLength` bytes of the tag.
    static func seal(key: [UInt8], nonce: [UInt8], plaintext: [UInt8], aad: [UInt8] = [], tagLength: Int)
        -> (ciphertext: [UInt8], tag: [UInt8])
    {
        let context = EVP_CIPHER_CTX_new()!
        defer { EVP_CIPHER_CTX_free(context) }
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count + 16)
        var tag = [UInt8](repeating: 0, count: tagLength)
        var length: Int32 = 0
        let sealed =
            EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1
            && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1
            && EVP_EncryptInit_ex(context, nil, nil, key, nonce) == 1
            && (aad.isEmpty || EVP_EncryptUpdate(context, nil, &length, aad, Int32(aad.count)) == 1)
            && (plaintext.isEmpty || EVP_EncryptUpdate(context, &ciphertext, &length, plaintext, Int32(plaintext.count)) == 1)
            && EVP_EncryptFinal_ex(context, &ciphertext[plaintext.count], &length) == 1
            && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, Int32(tagLength), &tag) == 1
        precondition(sealed && key.count == 32, "AES-256-GCM sealing with a 32-byte key does not fail")
        return (Array(ciphertext.prefix(plaintext.count)), tag)
    }

    /// The plaintext, or nil when the (possibly truncated) tag does not authenticate.
    static func open(key: [UInt8], nonce: [UInt8], ciphertext: [UInt8], tag: [UInt8], aad: [UInt8] = []) -> [UInt8]? {
        guard key.count == 32, !nonce.isEmpty, (1...16).contains(tag.count) else { return nil }
        let context = EVP_CIPHER_CTX_new()!
        defer { EVP_CIPHER_CTX_free(context) }
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count + 16)
        var tag = tag
        var length: Int32 = 0
        let opened =
            EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1
            && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1
            && EVP_DecryptInit_ex(context, nil, nil, key, nonce) == 1
            && (aad.isEmpty || EVP_DecryptUpdate(context, nil, &length, aad, Int32(aad.count)) == 1)
            && (ciphertext.isEmpty || EVP_DecryptUpdate(context, &plaintext, &length, ciphertext, Int32(ciphertext.count)) == 1)
            // OpenSSL compares only as many tag bytes as it was given: the truncated-tag check.
            && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(tag.count), &tag) == 1
            && EVP_DecryptFinal_ex(context, &plaintext[ciphertext.count], &length) == 1
        return opened ? Array(plaintext.prefix(ciphertext.count)) : nil
    }
}
