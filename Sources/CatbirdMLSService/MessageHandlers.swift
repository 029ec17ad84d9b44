import ATProtoLexicon
import WireCore

/// getMessages, sendMessage.
extension MLSService {
    func getMessages(_ caller: String, _ params: JSONObject) throws(XRPCError) -> JSONValue {
        let convoId = params["convoId"]?.stringValue ?? ""
        let limit = Int(params["limit"]?.intValue ?? 50)
        let after = try params["cursor"]?.stringValue.map { cursor throws(XRPCError) -> Int64 in
            guard let seq = Int64(try Cursor.decode(cursor, kind: "message")) else {
                throw XRPCError(status: 400, name: "InvalidCursor", message: "not a message cursor")
            }
            return seq
        }
        let since = params["since"]?.stringValue.flatMap { try? Datetime.parse($0) }.map { $0.unixSeconds * 1000 }
        let until = params["until"]?.stringValue.flatMap { try? Datetime.parse($0) }.map { $0.unixSeconds * 1000 }
        let epoch = params["epoch"]?.intValue
        return try state.withLock { state throws(XRPCError) in
            guard let convo = state.convos[convoId] else { throw .convoNotFound(convoId) }
            guard convo.members.contains(where: { $0.did == caller }) else { throw .notMember }
            let matching = convo.messages.filter { m in
                (after.map { m.seq > $0 } ?? true) && (since.map { m.createdAt >= $0 } ?? true) && (until.map { m.createdAt <= $0 } ?? true)
                    && (epoch.map { m.epoch == $0 } ?? true)
            }
            let page = matching.prefix(limit)
            var output: JSONObject = ["messages": .array(page.map { MLSViews.message($0, convoId: convoId) })]
            if matching.count > limit, let last = page.last { output["cursor"] = .string(Cursor.encode("message", String(last.seq))) }
            return .object(output)
        }
    }

    func sendMessage(_ caller: String, _ input: JSONObject) throws(XRPCError) -> JSONValue {
        let convoId = input["convoId"]?.stringValue ?? ""
        let ciphertext = input["ciphertext"]?.stringValue ?? ""
        guard ciphertext.isEmpty == false, Self.decodeBase64(ciphertext) != nil else {
            throw XRPCError(status: 400, name: "InvalidCiphertext", message: "ciphertext is not base64")
        }
        let now = nowMilliseconds
        return try state.withLock { state throws(XRPCError) in
            guard var convo = state.convos[convoId] else { throw .convoNotFound(convoId) }
            guard convo.members.contains(where: { $0.did == caller }) else { throw .notMember }
            let message = MLSState.Message(
                id: state.tid(nowMilliseconds: now), seq: Int64(convo.messages.count + 1), sender: caller, ciphertext: ciphertext,
                epoch: convo.epoch, createdAt: now, contentType: input["contentType"]?.stringValue ?? "text/plain",
                attachments: (input["attachments"]?.arrayValue ?? []).map(MLSViews.blobRef(fromBlob:)))
            try persist([.message(message, convoId: convoId)], state)
            convo.messages.append(message)
            convo.lastMessageAt = now
            state.convos[convoId] = convo
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
