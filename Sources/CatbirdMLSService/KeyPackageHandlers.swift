import ATProtoLexicon
import WireCore

/// publishKeyPackage, getKeyPackages.
extension MLSService {
    func publishKeyPackage(_ caller: String, _ input: JSONObject) throws(XRPCError) -> JSONValue {
        let keyPackage = input["keyPackage"]?.stringValue ?? ""
        guard !keyPackage.isEmpty, Self.decodeBase64(keyPackage) != nil else {
            throw XRPCError(status: 400, name: "InvalidKeyPackage", message: "keyPackage is not base64")
        }
        let suite = input["cipherSuite"]?.stringValue ?? ""
        guard Self.knownSuites.contains(suite) else {
            throw XRPCError(status: 400, name: "InvalidCipherSuite", message: "unknown suite \(suite)")
        }
        let now = nowMilliseconds
        var expires = now + config.defaultKeyPackageLifetime * 1000
        if let text = input["expiresAt"]?.stringValue, let parsed = try? Datetime.parse(text) {
            expires = parsed.unixSeconds * 1000
            guard expires > now else { throw .invalidRequest("/expiresAt: in the past") }
            guard expires <= now + config.maximumKeyPackageLifetime * 1000 else {
                throw XRPCError(status: 400, name: "ExpirationTooFar", message: "expiresAt is more than 90 days away")
            }
        }
        return try state.withLock { state throws(XRPCError) in
            let held = state.keyPackages[caller, default: []].filter { !$0.consumed && $0.expiresAt > now }.count
            guard held < config.maximumKeyPackagesPerDID else {
                throw XRPCError(status: 400, name: "TooManyKeyPackages", message: "\(held) unused key packages already")
            }
            let package = MLSState.KeyPackage(
                id: state.tid(nowMilliseconds: now), did: caller, keyPackage: keyPackage, cipherSuite: suite, createdAt: now,
                expiresAt: expires, consumed: false)
            try persist([.keyPackage(package)], state)
            state.keyPackages[caller, default: []].append(package)
            return ["keyPackage": MLSViews.keyPackage(package)]
        }
    }

    /// One usable key package per DID (fetching does not consume; adding a member does) and the DIDs without one.
    func getKeyPackages(_ caller: String, _ params: JSONObject) throws(XRPCError) -> JSONValue {
        let dids = Self.unique((params["dids"]?.arrayValue ?? []).compactMap(\.stringValue))
        let suite = params["cipherSuite"]?.stringValue
        let now = nowMilliseconds
        return state.withLock { state in
            var found: [JSONValue] = []
            var missing: [JSONValue] = []
            for did in dids {
                if let index = state.usableKeyPackage(did, suite: suite, now: now) {
                    found.append(MLSViews.keyPackage(state.keyPackages[did]![index]))
                } else {
                    missing.append(.string(did))
                }
            }
            var output: JSONObject = ["keyPackages": .array(found)]
            if !missing.isEmpty { output["missing"] = .array(missing) }
            return .object(output)
        }
    }
}
