import Crypto

/// The CID this server writes for an uploaded blob: CIDv1, raw codec (0x55), sha2-256 multihash, in
/// base32 lower-case without padding with the multibase prefix `b` (the blessed atproto form).
enum BlobCID {
    static func cid(of bytes: [UInt8]) -> String {
        cid(digest: Array(SHA256.hash(data: bytes)))
    }

    static func cid(digest: [UInt8]) -> String {
        "b" + base32([0x01, 0x55, 0x12, 0x20] + digest)
    }

    /// RFC 4648 base32, lower-case, no padding.
    static func base32(_ bytes: [UInt8]) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)
        var out: [UInt8] = []
        var buffer = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                out.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { out.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return String(decoding: out, as: UTF8.self)
    }
}
