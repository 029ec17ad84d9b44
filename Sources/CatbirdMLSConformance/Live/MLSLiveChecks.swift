import ATProtoLexicon
import CatbirdMLS
import ConformanceKit
import Foundation
import WireCore

/// The checks of `wirecheck check mls`, in the order of the seed document's workflow: auth refusal
/// and routing first, then publish → fetch key packages → create → send → read (with pagination),
/// the contract's error names, and last the destructive leave.
extension MLSLiveChecker {
    static let suite: JSONValue = "MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519"

    /// What one check hands the next.
    struct Session {
        var convoId: String?
        var ownDID: String?
    }

    /// Runs every check in order and returns their results.
    public func run() -> [CaseResult] {
        var session = Session()
        checkRouting()
        checkKeyPackages(&session)
        checkConversation(&session)
        checkMessages(session)
        checkOrdering()
        checkParams()
        checkLimitsTaken(session)
        checkErrors(session)
        checkBlob()
        checkBlobLimit()
        checkLeave(session)
        checkMemberLimit()
        return results
    }

    func checkRouting() {
        check("auth-missing-token", spec: ["5", "Decisions"]) {
            Self.expectAuthenticationRequired(try call(.getConvos, token: nil))
        }
        check("auth-unknown-token", spec: ["5", "Decisions"]) {
            Self.expectAuthenticationRequired(try call(.getConvos, token: "not-a-token-wirecheck"))
        }
        check("unknown-method", spec: ["Decisions"]) {
            Self.expectError(
                try request("GET", "/xrpc/blue.catbird.mls.getEpoch", headers: [("Authorization", "Bearer \(options.token)")]), 501,
                "MethodNotImplemented")
        }
    }

    func checkKeyPackages(_ session: inout Session) {
        check("publishKeyPackage-shape", spec: ["2.7"]) {
            switch output(
                try call(.publishKeyPackage, token: options.token, body: ["keyPackage": "d2lyZWNoZWNr", "cipherSuite": Self.suite]),
                .publishKeyPackage)
            {
            case .failure(let f): return .fail(f.reason)
            case .success(let body):
                session.ownDID = body["keyPackage"]?["did"]?.stringValue
                return .pass("200, a keyPackageRef for \(session.ownDID ?? "?")")
            }
        }
        check("getKeyPackages-missing", spec: ["2.8"]) {
            let unknown = "did:plc:wirecheckmissing0000000000"
            let query = "dids=\(session.ownDID ?? "did:plc:wirecheck")&dids=\(unknown)"
            switch output(try call(.getKeyPackages, token: options.token, query: query), .getKeyPackages) {
            case .failure(let f): return .fail(f.reason)
            case .success(let body):
                guard body["missing"]?.arrayValue?.contains(.string(unknown)) == true else {
                    return .fail("missing does not list \(unknown)")
                }
                return .pass("200, \(body["keyPackages"]?.arrayValue?.count ?? 0) key package(s), missing lists the unknown DID")
            }
        }
        // The key package just published is found for its own suite and missing for another.
        check("getKeyPackages-by-cipherSuite", spec: ["2.8"]) {
            guard let own = session.ownDID else { return .skip("publishKeyPackage did not say whose key package it was") }
            guard let other = CatbirdLexicons.cipherSuites.first(where: { .string($0) != Self.suite }) else {
                return .skip("the lexicon names one suite only")
            }
            var listed: [String: Bool] = [:]
            for suite in [Self.suite.stringValue ?? "", other] {
                let query = "dids=\(own)&cipherSuite=\(suite)"
                switch output(try call(.getKeyPackages, token: options.token, query: query), .getKeyPackages) {
                case .failure(let f): return .fail("cipherSuite=\(suite): \(f.reason)")
                case .success(let body):
                    listed[suite] = body["keyPackages"]?.arrayValue?.contains { $0["did"]?.stringValue == own } == true
                }
            }
            guard listed[Self.suite.stringValue ?? ""] == true else { return .fail("the key package is not found for its own suite") }
            guard listed[other] == false else { return .fail("a key package of \(Self.suite) is returned for cipherSuite=\(other)") }
            return .pass("found for its own suite, missing for \(other)")
        }
        // The limit itself is allowed: 100 DIDs are answered, all of them missing.
        check("getKeyPackages-100-dids", spec: ["2.8"]) {
            let query = (1...100).map { "dids=did:plc:wirecheck\($0)" }.joined(separator: "&")
            switch output(try call(.getKeyPackages, token: options.token, query: query), .getKeyPackages) {
            case .failure(let f): return .fail("100 DIDs, the limit: \(f.reason)")
            case .success(let body):
                let missing = body["missing"]?.arrayValue?.count ?? 0
                return missing == 100 ? .pass("200 for 100 DIDs, all listed as missing") : .fail("100 DIDs: \(missing) listed as missing")
            }
        }
        check("getKeyPackages-too-many-dids", spec: ["2.8"]) {
            let query = (0...100).map { "dids=did:plc:wirecheck\($0)" }.joined(separator: "&")
            return Self.expectError(try call(.getKeyPackages, token: options.token, query: query), 400, "TooManyDids")
        }
    }

    func checkConversation(_ session: inout Session) {
        check("createConvo-shape", spec: ["2.2"]) {
            switch output(
                try call(.createConvo, token: options.token, body: ["cipherSuite": Self.suite, "metadata": ["name": "wirecheck"]]),
                .createConvo)
            {
            case .failure(let f): return .fail(f.reason)
            case .success(let body):
                session.convoId = body["convo"]?["id"]?.stringValue
                let members = body["convo"]?["members"]?.arrayValue?.compactMap { $0["did"]?.stringValue } ?? []
                guard body["convo"]?["metadata"]?["name"]?.stringValue == "wirecheck" else {
                    return .fail("the conversation's metadata.name is \(body["convo"]?["metadata"]?["name"] ?? .null), sent \"wirecheck\"")
                }
                if let own = session.ownDID, members != [own] {
                    return .fail("the new conversation's members are \(members), expected only its creator \(own)")
                }
                return .pass("200, conversation \(session.convoId ?? "?"), its name as sent, its creator the only member")
            }
        }
        check("getConvos-lists-it", spec: ["2.1"]) {
            guard let convoId = session.convoId else { return .skip("no conversation was created") }
            // Pages are followed until the conversation shows up or the cursors end.
            switch listedIDs("", until: [convoId]) {
            case .failure(let f): return .fail(f.reason)
            case .success(let ids):
                return ids.contains(convoId)
                    ? .pass("200, listed (\(ids.count) conversation(s) read)")
                    : .fail("the new conversation is not listed in \(ids.count) conversation(s)")
            }
        }
    }

    func checkMessages(_ session: Session) {
        check("sendMessage-shape", spec: ["2.6"]) {
            guard let convoId = session.convoId else { return .skip("no conversation was created") }
            // `+` and `/`: a server that re-encodes the bytes (base64url, no padding) changes them.
            let ciphertext = "+/+/AA=="
            switch output(
                try call(.sendMessage, token: options.token, body: ["convoId": .string(convoId), "ciphertext": .string(ciphertext)]),
                .sendMessage)
            {
            case .failure(let f): return .fail(f.reason)
            case .success(let body):
                let message = body["message"]
                guard message?["ciphertext"]?.stringValue == ciphertext else {
                    return .fail("the message's ciphertext is \(message?["ciphertext"] ?? .null), sent \(ciphertext)")
                }
                guard message?["convoId"]?.stringValue == convoId else { return .fail("the message's convoId is not the conversation's") }
                if let own = session.ownDID, message?["sender"]?.stringValue != own {
                    return .fail("the message's sender is \(message?["sender"] ?? .null), expected \(own)")
                }
                return .pass("200, a messageView with the ciphertext as sent, its conversation and its sender")
            }
        }
        check("getMessages-pagination", spec: ["2.5", "6"]) {
            guard let convoId = session.convoId else { return .skip("no conversation was created") }
            var sent: [String] = []
            for i in 1...5 {
                let body: JSONValue = ["convoId": .string(convoId), "ciphertext": .string("bWVzc2FnZSA\(i)")]
                guard case .success(let answer) = output(try call(.sendMessage, token: options.token, body: body), .sendMessage),
                    let id = answer["message"]?["id"]?.stringValue
                else { return .fail("message \(i) of 5 sent in a row was not taken") }
                sent.append(id)
            }
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let query = "convoId=\(convoId)&limit=2" + (cursor.map { "&cursor=\(URLQueryEncoding.encodeComponent($0))" } ?? "")
                switch output(try call(.getMessages, token: options.token, query: query), .getMessages) {
                case .failure(let f): return .fail("page \(pages + 1): \(f.reason)")
                case .success(let body):
                    let ids = body["messages"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
                    guard ids.count <= 2 else { return .fail("page \(pages + 1) has \(ids.count) messages for limit=2") }
                    seen += ids
                    cursor = body["cursor"]?.stringValue
                }
                pages += 1
            } while cursor != nil && pages < 50
            guard cursor == nil else { return .fail("still a cursor after 50 pages of 2: the cursors never end") }
            guard Set(seen).count == seen.count else { return .fail("a message came back on two pages") }
            let missing = sent.filter { !seen.contains($0) }
            guard missing.isEmpty else { return .fail("\(missing.count) of the 5 messages sent never came back") }
            return .pass("\(seen.count) messages in \(pages) pages of 2, each once; no cursor after the last")
        }
    }

    func checkParams() {
        check("getConvos-limit-out-of-range", spec: ["2.1", "7"]) {
            Self.expectError(try call(.getConvos, token: options.token, query: "limit=0"), 400, "InvalidRequest")
        }
        check("getConvos-sortBy-not-in-enum", spec: ["2.1", "7"]) {
            Self.expectError(try call(.getConvos, token: options.token, query: "sortBy=name"), 400, "InvalidRequest")
        }
        check("createConvo-missing-cipherSuite", spec: ["2.2", "7"]) {
            Self.expectError(try call(.createConvo, token: options.token, body: [:]), 400, "InvalidRequest")
        }
        check("sendMessage-ciphertext-too-long", spec: ["2.6", "7"]) {
            let body: JSONValue = ["convoId": "x", "ciphertext": .string(String(repeating: "A", count: Self.longestCiphertext + 4))]
            let reply = try call(.sendMessage, token: options.token, body: body)
            guard reply.status == 400 || reply.status == 413 else { return .fail("status \(reply.status), expected 400 (or 413)") }
            guard (try? JSONParser.parse(reply.body))?["error"]?.stringValue != nil else {
                return .fail("\(reply.status) without an XRPC error body: \(reply.text.prefix(200).debugDescription)")
            }
            return .pass("\(reply.status) with an XRPC error")
        }
    }

    /// sendMessage's `ciphertext` maxLength (2.6).
    static let longestCiphertext = 1_048_576

    /// The limits a server must take, not only refuse past: the longest ciphertext, a key package 89 days away.
    func checkLimitsTaken(_ session: Session) {
        check("sendMessage-ciphertext-at-the-limit", spec: ["2.6", "7"]) {
            guard let convoId = session.convoId else { return .skip("no conversation was created") }
            let body: JSONValue = [
                "convoId": .string(convoId), "ciphertext": .string(String(repeating: "A", count: Self.longestCiphertext)),
            ]
            switch output(try call(.sendMessage, token: options.token, body: body), .sendMessage) {
            case .failure(let f): return .fail("a ciphertext of \(Self.longestCiphertext) characters, the limit: \(f.reason)")
            case .success: return .pass("200 for a ciphertext of \(Self.longestCiphertext) characters")
            }
        }
        // Whole seconds, compared as instants: a server may write them back in another form.
        for (slug, seconds) in [("in-an-hour", 3_600), ("in-89-days", 89 * 86_400)] {
            check("publishKeyPackage-expires-\(slug)", spec: ["2.7"]) {
                let instant = (Int64(Date().timeIntervalSince1970) + Int64(seconds)) * 1000
                let body: JSONValue = [
                    "keyPackage": "d2lyZWNoZWNr", "cipherSuite": Self.suite,
                    "expiresAt": .string(Datetime.format(unixMilliseconds: instant)),
                ]
                switch output(try call(.publishKeyPackage, token: options.token, body: body), .publishKeyPackage) {
                case .failure(let f): return .fail("expiresAt \(slug.replacingOccurrences(of: "-", with: " ")): \(f.reason)")
                case .success(let answer):
                    let echoed = answer["keyPackage"]?["expiresAt"]?.stringValue.flatMap { try? Datetime.parse($0) }
                    guard echoed.map({ $0.unixSeconds * 1000 }) == instant else {
                        return .fail(
                            "expiresAt comes back as \(answer["keyPackage"]?["expiresAt"] ?? .null), sent \(body["expiresAt"] ?? .null)")
                    }
                    return .pass("200, expiresAt as sent")
                }
            }
        }
    }

    func checkErrors(_ session: Session) {
        check("getMessages-ConvoNotFound", spec: ["2.5", "9"]) {
            Self.expectError(try call(.getMessages, token: options.token, query: "convoId=wirecheck-no-such-convo"), 404, "ConvoNotFound")
        }
        check("getMessages-InvalidCursor", spec: ["2.5"]) {
            guard let convoId = session.convoId else { return .skip("no conversation was created") }
            return Self.expectError(
                try call(.getMessages, token: options.token, query: "convoId=\(convoId)&cursor=%21%21"), 400, "InvalidCursor")
        }
        check("publishKeyPackage-ExpirationTooFar", spec: ["2.7"]) {
            let far = Datetime.format(unixMilliseconds: Int64((Date().timeIntervalSince1970 + 100 * 86_400) * 1000))
            let body: JSONValue = ["keyPackage": "d2lyZWNoZWNr", "cipherSuite": Self.suite, "expiresAt": .string(far)]
            return Self.expectError(try call(.publishKeyPackage, token: options.token, body: body), 400, "ExpirationTooFar")
        }
        check("createConvo-InvalidCipherSuite", spec: ["2.2"]) {
            Self.expectError(
                try call(.createConvo, token: options.token, body: ["cipherSuite": "MLS_0_WIRECHECK"]), 400, "InvalidCipherSuite")
        }
        check("getMessages-NotMember", spec: ["2.5", "9"]) {
            guard let other = options.otherToken else { return .skip("needs --other-token") }
            guard let convoId = session.convoId else { return .skip("no conversation was created") }
            return Self.expectError(try call(.getMessages, token: other, query: "convoId=\(convoId)"), 403, "NotMember")
        }
        check("sendMessage-NotMember", spec: ["2.6", "9"]) {
            guard let other = options.otherToken else { return .skip("needs --other-token") }
            guard let convoId = session.convoId else { return .skip("no conversation was created") }
            return Self.expectError(
                try call(.sendMessage, token: other, body: ["convoId": .string(convoId), "ciphertext": "AAAA"]), 403, "NotMember")
        }
    }

    /// A server whose limit is two members: the creator adds the second user (exactly the limit, 200),
    /// then nobody more fits (`TooManyMembers`, 400).
    func checkMemberLimit() {
        check("addMembers-up-to-the-limit", spec: ["2.3"]) {
            guard options.maximumMembers == 2, let other = options.otherToken else {
                return .skip("needs a server with a member limit of 2 and --other-token")
            }
            let published = output(
                try call(.publishKeyPackage, token: other, body: ["keyPackage": "b3RoZXI=", "cipherSuite": Self.suite]), .publishKeyPackage)
            guard case .success(let body) = published, let otherDID = body["keyPackage"]?["did"]?.stringValue else {
                return .fail("the second user could not publish a key package")
            }
            let created = output(try call(.createConvo, token: options.token, body: ["cipherSuite": Self.suite]), .createConvo)
            guard case .success(let convo) = created, let convoId = convo["convo"]?["id"]?.stringValue else {
                return .fail("createConvo failed")
            }
            let reply = try call(.addMembers, token: options.token, body: ["convoId": .string(convoId), "members": [.string(otherDID)]])
            switch output(reply, .addMembers) {
            case .failure(let f): return .fail("adding the second member (exactly the limit of 2): \(f.reason)")
            case .success(let added):
                let members = added["convo"]?["members"]?.arrayValue?.compactMap { $0["did"]?.stringValue } ?? []
                let welcomed = added["welcomeMessages"]?.arrayValue?.compactMap { $0["did"]?.stringValue } ?? []
                guard members.count == 2, members.contains(otherDID) else { return .fail("after addMembers the members are \(members)") }
                guard welcomed == [otherDID] else { return .fail("welcomeMessages are for \(welcomed), expected one for \(otherDID)") }
            }
            return Self.expectError(
                try call(
                    .addMembers, token: options.token, body: ["convoId": .string(convoId), "members": ["did:plc:wirecheckthird000000000"]]),
                400, "TooManyMembers")
        }
        // The limit counts the creator: two invited members and the creator are three, refused before any
        // key package is looked up (none of these DIDs has one).
        check("createConvo-too-many-initial-members", spec: ["2.2"]) {
            guard options.maximumMembers == 2 else { return .skip("needs a server with a member limit of 2") }
            let invited: JSONValue = ["did:plc:wirecheckinvited00000001", "did:plc:wirecheckinvited00000002"]
            return Self.expectError(
                try call(.createConvo, token: options.token, body: ["cipherSuite": Self.suite, "initialMembers": invited]), 400,
                "TooManyMembers")
        }
    }

    func checkLeave(_ session: Session) {
        check("leaveConvo-LastMember", spec: ["2.4"]) {
            guard let convoId = session.convoId else { return .skip("no conversation was created") }
            return Self.expectError(try call(.leaveConvo, token: options.token, body: ["convoId": .string(convoId)]), 400, "LastMember")
        }
    }
}
