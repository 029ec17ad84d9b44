/// Policy encryption for types 2 and 3 (NanoTDF spec section 9.3, the project's decision): the
/// policy key (the payload key for type 2) with the IV `000000` under the payload's IV convention,
/// stored as ciphertext followed by a tag of the cipher's length.
enum PolicyEncryption {
    static let iv: [UInt8] = [0, 0, 0]

    static func seal(_ content: [UInt8], key: [UInt8], convention: IVConvention, cipher: Cipher) -> [UInt8] {
        let sealed = AESGCM.seal(key: key, nonce: convention.nonce(iv), plaintext: content, tagLength: cipher.tagLength)
        return sealed.ciphertext + sealed.tag
    }

    static func open(_ content: [UInt8], key: [UInt8], convention: IVConvention, cipher: Cipher) -> [UInt8]? {
        guard content.count >= cipher.tagLength else { return nil }
        return AESGCM.open(
            key: key, nonce: convention.nonce(iv), ciphertext: Array(content.dropLast(cipher.tagLength)),
            tag: Array(content.suffix(cipher.tagLength)))
    }
}
