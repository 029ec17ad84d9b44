import ATProtoLexicon
import WireCore

/// getMessages, sendMessage.
extension MLSService {
    func getMessages(_ caller: String, _ params: JSONObject) throws(XRPCError) -> JSONValue {
        let convoId = params["convoId"]?.stringValue ?? ""
        let limit = Int(params["limit"]?.intValue ?? 50)
        let after = try params["cursor"]?.stringValue.map { cursor throws(XRPCError) in try Self.messageCursor(cursor, convoId: convoId) }
        let since = params["since"]?.stringValue.flatMap { try? Datetime.parse($0) }.map { $0.unixSeconds * 1000 }
        let until = params["until"]?.stringValue.flatMap { try? Datetime.parse($0) }.map { $0.unixSeconds * 1000 }
        let epoch = params["epoch"]?.intValue
        return try state.withLock { state throws(XRPCError) in
            guard let convo = state.convos[convoId] else { throw .convoNotFound(convoId) }
            guard convo.members.contains(where: { $0.did == caller }) else { throw .notMember }
            // From the cursor on, and only as far as the page and one more: the cost of a page does not grow with the
            // conversation (it did: every message was filtered on every call, behind the one lock).
            var page: [MLSState.Message] = []
            var more = false
            for message in convo.messages[convo.firstIndex(afterSeq: after ?? 0)...]
            where (since.map { message.createdAt >= $0 } ?? true) && (until.map { message.createdAt <= $0 } ?? true)
                && (epoch.map { message.epoch == $0 } ?? true)
            {
                guard page.count < limit else {
                    more = true
                    break
                }
                page.append(message)
            }
            var output: JSONObject = ["messages": .array(page.map { MLSViews.message($0, convoId: convoId) })]
            if more, let last = page.last { output["cursor"] = .string(Cursor.encode("message", "\(convoId):\(last.seq)")) }
            return .object(output)
        }
    }

    /// The sequence number a message cursor ends at. The cursor names its conversation: one from another conversation
    /// is `InvalidCursor` (it was read as a position here and silently skipped messages).
    static func messageCursor(_ cursor: String, convoId: String) throws(XRPCError) -> Int64 {
        let position = try Cursor.decode(cursor, kind: "message")
        guard let colon = position.lastIndex(of: ":"), let seq = Int64(position[position.index(after: colon)...]) else {
            throw XRPCError(status: 400, name: "InvalidCursor", message: "not a message cursor")
        }
        guard position[..<colon] == convoId else {
            throw XRPCError(status: 400, name: "InvalidCursor", message: "the cursor is of another conversation")
        }
        return seq
    }

    func sendMessage(_ caller: String, _ input: JSONObject) throws(XRPCError) -> JSONValue {
        let convoId = input["convoId"]?.stringValue ?? ""
        let ciphertext = input["ciphertext"]?.stringValue ?? ""
        guard ciphertext.isEmpty == false, Self.decodeBase64(ciphertext) != nil else {
            throw XRPCError(status: 400, name: "InvalidCiphertext", message: "ciphertext is not base64")
        }
        let now = nowMilliseconds
        return try state.withLock { state throws(XRPCError) in
            let position: (seq: Int64, epoch: Int64)
            do {  // the copy of the conversation ends with this block, before the append below
                guard let convo = state.convos[convoId] else { throw XRPCError.convoNotFound(convoId) }
                guard convo.members.contains(where: { $0.did == caller }) else { throw XRPCError.notMember }
                position = (Int64(convo.messages.count + 1), convo.epoch)
            }
            let message = MLSState.Message(
                id: state.tid(nowMilliseconds: now), seq: position.seq, sender: caller, ciphertext: ciphertext,
                epoch: position.epoch, createdAt: now, contentType: input["contentType"]?.stringValue ?? "text/plain",
                attachments: (input["attachments"]?.arrayValue ?? []).map(MLSViews.blobRef(fromBlob:)))
            try persist([.message(message, convoId: convoId)], state)
            // In place, through the dictionary: a copy of the conversation taken out and stored back copied every
            // message on each append (the array had two owners), so the cost of a send grew with the conversation.
            state.convos[convoId]?.messages.append(message)
            state.convos[convoId]?.lastMessageAt = now
            return ["message": MLSViews.message(message, convoId: convoId)]
        }
    }

    /// Tolerant base64 (catbird-mls.md, Decisions): standard or URL-safe alphabet, padding optional.
    static func decodeBase64(_ text: String) -> [UInt8]? {
        var utf8 = Array(text.utf8)
        while utf8.last == UInt8(ascii: "=") { utf8.removeLast() }
        let url = utf8.contains(UInt8(ascii: "-")) || utf8.contains(UInt8(ascii: "_"))
        return try? Base64.decode(utf8: utf8, variant: Base64Variant(url ? .url : .std, .raw, .go))
    }
}
