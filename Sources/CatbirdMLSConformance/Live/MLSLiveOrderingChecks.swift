import ConformanceKit
import Foundation
import WireCore

/// getConvos' orders (catbird-mls 2.1): `sortBy` `lastMessageAt` (the default) or `createdAt`, `sortOrder`
/// `desc` (the default) or `asc`. A second conversation is created after the first, then the first gets a
/// message, so that the two orders disagree about which comes first.
extension MLSLiveChecker {
    func checkOrdering(_ session: Session) {
        check("getConvos-sortBy", spec: ["2.1"]) {
            guard let first = session.convoId else { return .skip("no conversation was created") }
            guard
                case .success(let created) = output(
                    try call(.createConvo, token: options.token, body: ["cipherSuite": Self.suite]), .createConvo),
                let second = created["convo"]?["id"]?.stringValue
            else { return .fail("createConvo of a second conversation failed") }
            // A server that keeps whole seconds would otherwise give the message and the creation one time.
            Thread.sleep(forTimeInterval: 1.1)
            let message: JSONValue = ["convoId": .string(first), "ciphertext": "b3JkZXI="]
            guard case .success = output(try call(.sendMessage, token: options.token, body: message), .sendMessage) else {
                return .fail("sendMessage to the first conversation failed")
            }
            let expected: [(query: String, order: [String])] = [
                ("limit=100", [first, second]),
                ("limit=100&sortBy=lastMessageAt&sortOrder=asc", [second, first]),
                ("limit=100&sortBy=createdAt", [second, first]),
                ("limit=100&sortBy=createdAt&sortOrder=asc", [first, second]),
            ]
            for (query, order) in expected {
                switch output(try call(.getConvos, token: options.token, query: query), .getConvos) {
                case .failure(let f): return .fail("getConvos?\(query): \(f.reason)")
                case .success(let body):
                    let ids = (body["convos"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }.filter(order.contains)
                    guard ids == order else {
                        return .fail("getConvos?\(query) lists the two as \(ids), expected \(order) (first created, then messaged)")
                    }
                }
            }
            return .pass("by lastMessageAt (the default) and by createdAt, descending and ascending: the four orders as expected")
        }
    }
}
