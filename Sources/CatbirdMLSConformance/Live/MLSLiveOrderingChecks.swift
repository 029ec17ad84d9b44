import ConformanceKit
import Foundation
import WireCore

/// getConvos' orders (catbird-mls 2.1): `sortBy` `lastMessageAt` (the default) or `createdAt`, `sortOrder`
/// `desc` (the default) or `asc`. Two conversations of their own: the first is created, then the second; the
/// second gets a message, then the first, so that the two orders disagree about which comes first. Each step is a
/// second and more apart (a server may keep whole seconds), and only the two's relative order is compared: other
/// conversations of the same user, from earlier runs, may come between or before them.
extension MLSLiveChecker {
    func checkOrdering() {
        check("getConvos-sortBy", spec: ["2.1"]) {
            var ids: [String] = []
            for step in ["createConvo", "createConvo", "sendMessage 2", "sendMessage 1"] {
                if !ids.isEmpty { Thread.sleep(forTimeInterval: 1.1) }
                if step == "createConvo" {
                    let reply = try call(.createConvo, token: options.token, body: ["cipherSuite": Self.suite])
                    guard case .success(let created) = output(reply, .createConvo), let id = created["convo"]?["id"]?.stringValue else {
                        return .fail("createConvo failed")
                    }
                    ids.append(id)
                } else {
                    let target = ids[step.hasSuffix("2") ? 1 : 0]
                    let message: JSONValue = ["convoId": .string(target), "ciphertext": "b3JkZXI="]
                    guard case .success = output(try call(.sendMessage, token: options.token, body: message), .sendMessage) else {
                        return .fail("sendMessage to a conversation of this check failed")
                    }
                }
            }
            let (first, second) = (ids[0], ids[1])
            let expected: [(query: String, order: [String])] = [
                ("", [first, second]),
                ("sortBy=lastMessageAt&sortOrder=asc", [second, first]),
                ("sortBy=createdAt", [second, first]),
                ("sortBy=createdAt&sortOrder=asc", [first, second]),
            ]
            for (query, order) in expected {
                let listed: [String]
                switch listedIDs(query, until: Set(order)) {
                case .failure(let f): return .fail("getConvos?\(query): \(f.reason)")
                case .success(let all): listed = all.filter(order.contains)
                }
                guard listed == order else {
                    return .fail(
                        "getConvos?\(query.isEmpty ? "(defaults)" : query) lists the two as \(listed), expected \(order) "
                            + "(first created, then messaged last)")
                }
            }
            return .pass("by lastMessageAt (the default) and by createdAt, descending and ascending: the four orders as expected")
        }
    }

    /// The conversation ids getConvos lists with `query`, page after page (100 each, 50 pages at most), until every
    /// id of `wanted` has been seen or the cursors end.
    func listedIDs(_ query: String, until wanted: Set<String>) -> Result<[String], LiveFailure> {
        var ids: [String] = []
        var cursor: String?
        for _ in 1...50 {
            let page =
                ["limit=100", query].filter { !$0.isEmpty }.joined(separator: "&")
                + (cursor.map { "&cursor=\(URLQueryEncoding.encodeComponent($0))" } ?? "")
            let reply: HTTPProbe.Reply
            do { reply = try call(.getConvos, token: options.token, query: page) } catch { return .failure(LiveFailure("\(error)")) }
            switch output(reply, .getConvos) {
            case .failure(let f): return .failure(f)
            case .success(let body):
                ids += (body["convos"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
                cursor = body["cursor"]?.stringValue
            }
            if cursor == nil || wanted.isSubset(of: ids) { break }
        }
        return .success(ids)
    }
}
