import CSodium

/// libsodium's Ed25519, X25519 and ChaCha20-Poly1305 (IETF), to recompute every such value the
/// vectors hold with a library other than swift-crypto.
extension Libsodium {
    /// Ed25519 public key of a 32-byte seed (`crypto_sign_seed_keypair`).
    public static func ed25519PublicKey(seed: [UInt8]) -> [UInt8]? {
        guard seed.count == 32 else { return nil }
        var pk = [UInt8](repeating: 0, count: 32)
        var sk = [UInt8](repeating: 0, count: 64)
        return crypto_sign_seed_keypair(&pk, &sk, seed) == 0 ? pk : nil
    }

    /// Deterministic Ed25519 signature (RFC 8032) with the key from `seed`.
    public static func ed25519Sign(message: [UInt8], seed: [UInt8]) -> [UInt8]? {
        guard seed.count == 32 else { return nil }
        var pk = [UInt8](repeating: 0, count: 32)
        var sk = [UInt8](repeating: 0, count: 64)
        guard crypto_sign_seed_keypair(&pk, &sk, seed) == 0 else { return nil }
        var signature = [UInt8](repeating: 0, count: 64)
        var length: UInt64 = 0
        return crypto_sign_detached(&signature, &length, message, UInt64(message.count), sk) == 0 ? signature : nil
    }

    /// libsodium's Ed25519 verification.
    public static func ed25519Verify(signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard signature.count == 64, publicKey.count == 32 else { return false }
        return crypto_sign_verify_detached(signature, message, UInt64(message.count), publicKey) == 0
    }

    /// X25519 public key of a scalar (`crypto_scalarmult_base`; clamps like every X25519).
    public static func x25519PublicKey(scalar: [UInt8]) -> [UInt8]? {
        guard scalar.count == 32 else { return nil }
        var out = [UInt8](repeating: 0, count: 32)
        return crypto_scalarmult_base(&out, scalar) == 0 ? out : nil
    }

    /// X25519 shared secret; nil for an all-zero result (a low-order point), as libsodium reports.
    public static func x25519(scalar: [UInt8], point: [UInt8]) -> [UInt8]? {
        guard scalar.count == 32, point.count == 32 else { return nil }
        var out = [UInt8](repeating: 0, count: 32)
        return crypto_scalarmult(&out, scalar, point) == 0 ? out : nil
    }

    /// ChaCha20-Poly1305 IETF encryption without associated data: ciphertext ‖ tag.
    public static func chaCha20Poly1305Seal(plaintext: [UInt8], nonce: [UInt8], key: [UInt8]) -> [UInt8]? {
        guard nonce.count == 12, key.count == 32 else { return nil }
        var out = [UInt8](repeating: 0, count: plaintext.count + 16)
        var length: UInt64 = 0
        let rc = crypto_aead_chacha20poly1305_ietf_encrypt(
            &out, &length, plaintext, UInt64(plaintext.count), nil, 0, nil, nonce, key)
        return rc == 0 ? Array(out.prefix(Int(length))) : nil
    }

    /// ChaCha20-Poly1305 IETF decryption of ciphertext ‖ tag; nil when authentication fails.
    public static func chaCha20Poly1305Open(ciphertextAndTag: [UInt8], nonce: [UInt8], key: [UInt8]) -> [UInt8]? {
        guard nonce.count == 12, key.count == 32, ciphertextAndTag.count >= 16 else { return nil }
        var out = [UInt8](repeating: 0, count: ciphertextAndTag.count)
        var length: UInt64 = 0
        let rc = crypto_aead_chacha20poly1305_ietf_decrypt(
            &out, &length, nil, ciphertextAndTag, UInt64(ciphertextAndTag.count), nil, 0, nonce, key)
        return rc == 0 ? Array(out.prefix(Int(length))) : nil
    }
}
