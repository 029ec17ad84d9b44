import ATProtoLexicon
import CatbirdMLS
import WireCore

/// getConvos, createConvo, addMembers, leaveConvo.
extension MLSService {
    static let knownSuites = Set(CatbirdLexicons.cipherSuites)

    func getConvos(_ caller: String, _ params: JSONObject) throws(XRPCError) -> JSONValue {
        let limit = Int(params["limit"]?.intValue ?? 50)
        let byCreation = params["sortBy"]?.stringValue == "createdAt"
        let ascending = params["sortOrder"]?.stringValue == "asc"
        let after = try params["cursor"]?.stringValue.map { cursor throws(XRPCError) in try Cursor.decode(cursor, kind: "convo") }
        return state.withLock { state in
            func key(_ c: MLSState.Convo) -> String {
                let ms = byCreation ? c.createdAt : (c.lastMessageAt ?? c.createdAt)
                return String(ms).leftPadded(16) + ":" + c.id
            }
            var mine = state.convos.values.filter { c in c.members.contains { $0.did == caller } }.map { (key($0), $0) }
            mine.sort { ascending ? $0.0 < $1.0 : $0.0 > $1.0 }
            if let after { mine = mine.filter { ascending ? $0.0 > after : $0.0 < after } }
            let page = mine.prefix(limit)
            var output: JSONObject = ["convos": .array(page.map { MLSViews.convo($0.1) })]
            if mine.count > limit, let last = page.last { output["cursor"] = .string(Cursor.encode("convo", last.0)) }
            return .object(output)
        }
    }

    func createConvo(_ caller: String, _ input: JSONObject) throws(XRPCError) -> JSONValue {
        let suite = input["cipherSuite"]?.stringValue ?? ""
        guard Self.knownSuites.contains(suite) else {
            throw XRPCError(status: 400, name: "InvalidCipherSuite", message: "unknown suite \(suite)")
        }
        let invited = Self.unique((input["initialMembers"]?.arrayValue ?? []).compactMap(\.stringValue).filter { $0 != caller })
        guard invited.count + 1 <= config.maximumMembers else {
            throw XRPCError(status: 400, name: "TooManyMembers", message: "at most \(config.maximumMembers) members")
        }
        let now = nowMilliseconds
        return try state.withLock { state throws(XRPCError) in
            let claims = try Self.claimKeyPackages(invited, suite: suite, state: state, now: now)
            let id = state.tid(nowMilliseconds: now)
            var convo = MLSState.Convo(
                id: id, groupId: Hex.encode(Array(id.utf8)), creator: caller, cipherSuite: suite, createdAt: now, lastMessageAt: nil,
                epoch: 0, members: [MLSState.Member(did: caller, joinedAt: now, leafIndex: 0)], nextLeaf: 1,
                metadata: input["metadata"]?.objectValue.map(Self.storedMetadata), messages: [])
            for did in invited { Self.join(did, &convo, now: now) }
            if !invited.isEmpty { convo.epoch = 1 }
            try persist([.convo(convo)] + claims.map { .keyPackage($0.package) }, state)
            Self.consume(claims, &state)
            state.convos[id] = convo
            return [
                "convo": MLSViews.convo(convo),
                "welcomeMessages": .array(claims.map { Self.welcome($0.package.did, package: $0.package, convo: convo) }),
            ]
        }
    }

    func addMembers(_ caller: String, _ input: JSONObject) throws(XRPCError) -> JSONValue {
        let convoId = input["convoId"]?.stringValue ?? ""
        let dids = Self.unique((input["members"]?.arrayValue ?? []).compactMap(\.stringValue))
        let now = nowMilliseconds
        return try state.withLock { state throws(XRPCError) in
            guard var convo = state.convos[convoId] else { throw .convoNotFound(convoId) }
            guard convo.members.contains(where: { $0.did == caller }) else { throw .notMember }
            if let already = dids.first(where: { did in convo.members.contains { $0.did == did } }) {
                throw XRPCError(status: 409, name: "AlreadyMember", message: "\(already) is already a member")
            }
            guard convo.members.count + dids.count <= config.maximumMembers else {
                throw XRPCError(status: 400, name: "TooManyMembers", message: "at most \(config.maximumMembers) members")
            }
            let claims = try Self.claimKeyPackages(dids, suite: convo.cipherSuite, state: state, now: now)
            for did in dids { Self.join(did, &convo, now: now) }
            convo.epoch += 1
            try persist([.convo(convo)] + claims.map { .keyPackage($0.package) }, state)
            Self.consume(claims, &state)
            state.convos[convoId] = convo
            return [
                "convo": MLSViews.convo(convo), "commit": .string(MLSPlaceholders.bytes("commit \(convo.id) epoch \(convo.epoch)")),
                "welcomeMessages": .array(claims.map { Self.welcome($0.package.did, package: $0.package, convo: convo) }),
            ]
        }
    }

    func leaveConvo(_ caller: String, _ input: JSONObject) throws(XRPCError) -> JSONValue {
        let convoId = input["convoId"]?.stringValue ?? ""
        let now = nowMilliseconds
        return try state.withLock { state throws(XRPCError) in
            guard var convo = state.convos[convoId] else { throw .convoNotFound(convoId) }
            guard convo.members.contains(where: { $0.did == caller }) else { throw .notMember }
            guard convo.members.count > 1 else {
                throw XRPCError(status: 400, name: "LastMember", message: "the last member cannot leave")
            }
            convo.members.removeAll { $0.did == caller }
            convo.epoch += 1
            try persist([.convo(convo)], state)
            state.convos[convoId] = convo
            return [
                "commit": .string(MLSPlaceholders.bytes("commit \(convo.id) epoch \(convo.epoch)")),
                "epoch": [
                    "epoch": .int(convo.epoch), "groupId": .string(convo.groupId), "memberCount": .int(Int64(convo.members.count)),
                    "updatedAt": MLSViews.datetime(now),
                ],
            ]
        }
    }

    // MARK: Helpers

    static func unique(_ dids: [String]) -> [String] {
        var seen = Set<String>()
        return dids.filter { seen.insert($0).inserted }
    }

    /// A key package a request is about to consume: where it is in the state, and the package as consumed.
    struct KeyPackageClaim {
        let index: Int
        let package: MLSState.KeyPackage
    }

    /// One usable key package per DID, all or none: `KeyPackageNotFound` names the first DID without one.
    /// Nothing changes until `consume`, so a later refusal (or a refused database write) leaves them usable.
    static func claimKeyPackages(_ dids: [String], suite: String, state: MLSState, now: Int64) throws(XRPCError) -> [KeyPackageClaim] {
        var claims: [KeyPackageClaim] = []
        for did in dids {
            guard let index = state.usableKeyPackage(did, suite: suite, now: now) else {
                throw XRPCError(status: 409, name: "KeyPackageNotFound", message: "no usable \(suite) key package for \(did)")
            }
            var package = state.keyPackages[did]![index]
            package.consumed = true
            claims.append(KeyPackageClaim(index: index, package: package))
        }
        return claims
    }

    static func consume(_ claims: [KeyPackageClaim], _ state: inout MLSState) {
        for claim in claims { state.keyPackages[claim.package.did]![claim.index] = claim.package }
    }

    static func join(_ did: String, _ convo: inout MLSState.Convo, now: Int64) {
        convo.members.append(MLSState.Member(did: did, joinedAt: now, leafIndex: convo.nextLeaf))
        convo.nextLeaf += 1
    }

    static func welcome(_ did: String, package: MLSState.KeyPackage, convo: MLSState.Convo) -> JSONValue {
        ["did": .string(did), "welcome": .string(MLSPlaceholders.bytes("welcome \(convo.id) for \(did) with key package \(package.id)"))]
    }

    /// Input metadata as the view shows it: an uploaded avatar becomes a v0 `blobRef`.
    static func storedMetadata(_ input: JSONObject) -> JSONObject {
        var metadata = input
        if let avatar = input["avatar"] { metadata["avatar"] = MLSViews.blobRef(fromBlob: avatar) }
        return metadata
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
