import ATProtoLexicon
import WireCore

/// The JSON views of the lexicons (`blue.catbird.mls.defs`), built from the state.
enum MLSViews {
    static func datetime(_ ms: Int64) -> JSONValue { .string(Datetime.format(unixMilliseconds: ms)) }

    static func convo(_ c: MLSState.Convo) -> JSONValue {
        var view: JSONObject = [
            "id": .string(c.id), "groupId": .string(c.groupId), "creator": .string(c.creator),
            "members": .array(c.members.map(member)), "epoch": .int(c.epoch), "cipherSuite": .string(c.cipherSuite),
            "createdAt": datetime(c.createdAt),
        ]
        if let last = c.lastMessageAt { view["lastMessageAt"] = datetime(last) }
        if let metadata = c.metadata { view["metadata"] = .object(metadata) }
        return .object(view)
    }

    static func member(_ m: MLSState.Member) -> JSONValue {
        ["did": .string(m.did), "joinedAt": datetime(m.joinedAt), "leafIndex": .int(m.leafIndex)]
    }

    static func message(_ m: MLSState.Message, convoId: String) -> JSONValue {
        var view: JSONObject = [
            "id": .string(m.id), "convoId": .string(convoId), "sender": .string(m.sender), "ciphertext": .string(m.ciphertext),
            "epoch": .int(m.epoch), "createdAt": datetime(m.createdAt), "contentType": .string(m.contentType),
        ]
        if !m.attachments.isEmpty { view["attachments"] = .array(m.attachments) }
        return .object(view)
    }

    static func keyPackage(_ k: MLSState.KeyPackage) -> JSONValue {
        [
            "id": .string(k.id), "did": .string(k.did), "keyPackage": .string(k.keyPackage), "cipherSuite": .string(k.cipherSuite),
            "createdAt": datetime(k.createdAt), "expiresAt": datetime(k.expiresAt),
        ]
    }

    static func blob(_ b: MLSState.Blob) -> JSONValue { ["cid": .string(b.cid), "mimeType": .string(b.mimeType), "size": .int(b.size)] }

    /// A v0 `blobRef` for a blob of an input (`{$type: blob, ref: {$link}, mimeType, size}`).
    static func blobRef(fromBlob value: JSONValue) -> JSONValue {
        let cid = value["ref"]?["$link"]?.stringValue ?? value["cid"]?.stringValue ?? ""
        return ["cid": .string(cid), "mimeType": value["mimeType"] ?? "application/octet-stream", "size": value["size"] ?? 0]
    }
}
