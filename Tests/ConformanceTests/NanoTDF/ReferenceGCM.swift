import Crypto
import _CryptoExtras

/// AES-256-GCM written from SP 800-38D in the test, on swift-crypto's bare AES block (BoringSSL),
/// so OpenSSL's handling of a 3-byte IV is checked by something that is not OpenSSL: J0 of an IV
/// that is not 96 bits is GHASH(IV ‖ 0-padding ‖ 0⁶⁴ ‖ [len(IV)]₆₄) (§7.1 step 2).
enum ReferenceGCM {
    typealias Block = (UInt64, UInt64)

    static func block(_ bytes: ArraySlice<UInt8>) -> Block {
        var padded = Array(bytes)
        padded += [UInt8](repeating: 0, count: 16 - padded.count)
        let high = padded[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let low = padded[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return (high, low)
    }

    static func bytes(_ block: Block) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: block.0 >> (56 - 8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: block.1 >> (56 - 8 * $0)) }
    }

    /// X·Y in GF(2¹²⁸) with the GCM bit order (§6.3, algorithm 1).
    static func multiply(_ x: Block, _ y: Block) -> Block {
        var z: Block = (0, 0)
        var v = y
        for i in 0..<128 {
            let bit = i < 64 ? (x.0 >> (63 - UInt64(i))) & 1 : (x.1 >> (127 - UInt64(i))) & 1
            if bit == 1 { z = (z.0 ^ v.0, z.1 ^ v.1) }
            let carry = v.1 & 1
            v = (v.0 >> 1, v.1 >> 1 | v.0 << 63)
            if carry == 1 { v.0 ^= 0xE100_0000_0000_0000 }
        }
        return z
    }

    /// GHASH over `data` zero-padded to whole blocks.
    static func ghash(_ h: Block, _ data: [UInt8], into y: Block = (0, 0)) -> Block {
        var y = y
        var index = 0
        while index < data.count {
            let x = block(data[index..<min(index + 16, data.count)])
            y = multiply((y.0 ^ x.0, y.1 ^ x.1), h)
            index += 16
        }
        return y
    }

    static func lengthBlock(_ a: Int, _ b: Int) -> [UInt8] {
        bytes((UInt64(a) * 8, UInt64(b) * 8))
    }

    static func encryptBlock(_ input: [UInt8], key: SymmetricKey) -> [UInt8] {
        var block = input
        try! AES.permute(&block, key: key)
        return block
    }

    /// Ciphertext and full 16-byte tag.
    static func seal(key: [UInt8], iv: [UInt8], plaintext: [UInt8], aad: [UInt8] = []) -> (ciphertext: [UInt8], tag: [UInt8]) {
        let symmetricKey = SymmetricKey(data: key)
        let h = block(encryptBlock([UInt8](repeating: 0, count: 16), key: symmetricKey)[...])
        var j0: Block
        if iv.count == 12 {
            j0 = block((iv + [0, 0, 0, 1])[...])
        } else {
            let padding = (16 - iv.count % 16) % 16
            j0 = ghash(h, iv + [UInt8](repeating: 0, count: padding) + [UInt8](repeating: 0, count: 8) + lengthBlock(0, iv.count).suffix(8))
        }
        var counter = j0
        var ciphertext: [UInt8] = []
        var index = 0
        while index < plaintext.count {
            counter.1 = counter.1 & 0xFFFF_FFFF_0000_0000 | (counter.1 &+ 1) & 0xFFFF_FFFF  // inc32
            let stream = encryptBlock(bytes(counter), key: symmetricKey)
            let chunk = plaintext[index..<min(index + 16, plaintext.count)]
            ciphertext += zip(chunk, stream).map { $0 ^ $1 }
            index += 16
        }
        var s = ghash(h, aad)
        s = ghash(h, ciphertext, into: s)
        s = ghash(h, lengthBlock(aad.count, ciphertext.count), into: s)
        let mask = encryptBlock(bytes(j0), key: symmetricKey)
        return (ciphertext, zip(bytes(s), mask).map { $0 ^ $1 })
    }
}
