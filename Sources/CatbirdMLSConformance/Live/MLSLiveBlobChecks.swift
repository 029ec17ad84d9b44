import CatbirdMLS
import ConformanceKit
import Crypto
import WireCore

/// uploadBlob (catbird-mls 2.9): the answer describes the bytes sent (size, media type, a CID of their
/// digest), and a blob of exactly the 50 MB limit (52,428,800 bytes) is taken.
extension MLSLiveChecker {
    /// The v0 lexicon's `maxSize` of a blob.
    static let blobLimit = 52_428_800

    func checkBlob() {
        let bytes = Array("wirecheck blob".utf8)
        check("uploadBlob-shape", spec: ["2.9"]) {
            switch output(try upload(bytes, contentType: "text/plain"), .uploadBlob) {
            case .failure(let f): return .fail(f.reason)
            case .success(let body):
                guard let blob = body["blob"], let cid = blob["cid"]?.stringValue else { return .fail("no blob.cid") }
                guard blob["size"] == .int(Int64(bytes.count)) else {
                    return .fail("size \(blob["size"] ?? .null), sent \(bytes.count) bytes")
                }
                guard blob["mimeType"]?.stringValue == "text/plain" else {
                    return .fail("mimeType \(blob["mimeType"] ?? .null), sent Content-Type: text/plain")
                }
                guard Self.cid(cid, names: bytes) else {
                    return .fail("cid \(cid) is neither the CIDv1 (raw, sha2-256, base32) nor sha256-<hex> of the bytes sent")
                }
                return .pass("200, blob \(cid): its size, media type and digest")
            }
        }
    }

    func checkBlobLimit() {
        check("uploadBlob-at-the-limit", spec: ["2.9"]) {
            switch output(try upload([UInt8](repeating: 0x57, count: Self.blobLimit), contentType: "application/octet-stream"), .uploadBlob)
            {
            case .failure(let f): return .fail("\(Self.blobLimit) bytes, exactly the limit: \(f.reason)")
            case .success(let body):
                let size = body["blob"]?["size"]
                return size == .int(Int64(Self.blobLimit))
                    ? .pass("200 for \(Self.blobLimit) bytes") : .fail("size \(size ?? .null), sent \(Self.blobLimit) bytes")
            }
        }
        // One byte over is not checked here: a server that answers 413 without reading the rest (as it should)
        // leaves a 50 MB sender blocked; MLSLiveCheckTests checks the refusal with a small limit instead.
    }

    func upload(_ bytes: [UInt8], contentType: String) throws(HTTPProbe.Failure) -> HTTPProbe.Reply {
        try request(
            "POST", MLSEndpoint.uploadBlob.path, headers: [("Authorization", "Bearer \(options.token)"), ("Content-Type", contentType)],
            body: bytes)
    }

    /// Whether `cid` names `bytes` in one of the two forms Catbird servers write: the blessed atproto
    /// CID (v1, raw codec 0x55, sha2-256, base32 lower-case with the prefix `b`) or `sha256-<hex>` (c52bfec).
    /// Decoded here rather than encoded, so that the server's encoder is checked by a different path.
    static func cid(_ cid: String, names bytes: [UInt8]) -> Bool {
        let digest = Array(SHA256.hash(data: bytes))
        if cid == "sha256-" + Hex.encode(digest) { return true }
        // 36 bytes are 58 base32 characters: one more would decode to the same bytes when its bits are zero.
        guard cid.first == "b", cid.utf8.count == 1 + (36 * 8 + 4) / 5, let decoded = base32Decoded(cid.utf8.dropFirst()) else {
            return false
        }
        return decoded == [0x01, 0x55, 0x12, 0x20] + digest
    }

    /// RFC 4648 base32, lower-case, without padding; nil for any other character or non-zero spare bits.
    static func base32Decoded(_ text: some Collection<UInt8>) -> [UInt8]? {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)
        var out: [UInt8] = []
        var buffer = 0
        var bits = 0
        for character in text {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5 | value) & 0xFFF
            bits += 5
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(buffer >> bits & 0xFF))
            }
        }
        return buffer & (1 << bits - 1) == 0 ? out : nil
    }
}
