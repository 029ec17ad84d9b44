import WireCore

/// Everything the mock MLS server holds: conversations with their members, epochs, metadata and
/// messages, key packages, and blobs. Times are Unix milliseconds.
struct MLSState: Sendable {
    struct Member: Sendable {
        var did: String
        var joinedAt: Int64
        var leafIndex: Int64
    }

    struct Message: Sendable {
        var id: String
        /// The conversation-wide order; cursors carry it, so pages stay right under concurrent inserts.
        var seq: Int64
        var sender: String
        var ciphertext: String
        var epoch: Int64
        var createdAt: Int64
        var contentType: String
        var attachments: [JSONValue]
    }

    struct Convo: Sendable {
        var id: String
        var groupId: String
        var creator: String
        var cipherSuite: String
        var createdAt: Int64
        var lastMessageAt: Int64?
        var epoch: Int64
        var members: [Member]
        var nextLeaf: Int64
        var metadata: JSONObject?
        /// In `seq` order.
        var messages: [Message]

        /// The index of the first message whose `seq` is greater than `seq` (a binary search: `messages` is in `seq`
        /// order), so a page starts without a pass over the messages before it.
        func firstIndex(afterSeq seq: Int64) -> Int {
            var (low, high) = (0, messages.count)
            while low < high {
                let middle = (low + high) / 2
                if messages[middle].seq > seq { high = middle } else { low = middle + 1 }
            }
            return low
        }
    }

    struct KeyPackage: Sendable {
        var id: String
        var did: String
        var keyPackage: String
        var cipherSuite: String
        var createdAt: Int64
        var expiresAt: Int64
        var consumed: Bool
    }

    struct Blob: Sendable {
        var cid: String
        var mimeType: String
        var size: Int64
    }

    var convos: [String: Convo] = [:]
    var keyPackages: [String: [KeyPackage]] = [:]
    var blobs: [String: Blob] = [:]
    /// Calls per endpoint so far, for fault injection.
    var calls: [String: Int] = [:]
    /// The last TID's timestamp, to keep identifiers strictly increasing.
    var lastTID: Int64 = 0

    /// A new TID (13 characters of base32-sortable: 53 bits of microseconds, 10 bits of clock id),
    /// strictly after every earlier one.
    mutating func tid(nowMilliseconds: Int64) -> String {
        lastTID = max(lastTID + 1, nowMilliseconds * 1000)
        let value = UInt64(lastTID) << 10 | 0x2a
        let alphabet = Array("234567abcdefghijklmnopqrstuvwxyz".utf8)
        var out = [UInt8](repeating: 0, count: 13)
        for i in 0..<13 { out[12 - i] = alphabet[Int((value >> (5 * UInt64(i))) & 31)] }
        return String(decoding: out, as: UTF8.self)
    }

    /// The first usable key package of `did` (unconsumed, unexpired, of `suite` when given).
    func usableKeyPackage(_ did: String, suite: String?, now: Int64) -> Int? {
        keyPackages[did]?.firstIndex { !$0.consumed && $0.expiresAt > now && (suite == nil || $0.cipherSuite == suite) }
    }
}
