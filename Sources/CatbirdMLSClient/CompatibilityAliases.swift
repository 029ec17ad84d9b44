import CatbirdMLS
import WireCore

/// The answers of servers that drifted from v0 (catbird-mls.md section 9 item 5), rewritten into the v0
/// shape before validation. Only in `MLSClient.Mode.lenient`; the default holds servers to v0.
enum CompatibilityAliases {
    /// `value` as v0 would have written it, for `endpoint`'s output.
    static func toV0(_ value: JSONValue, _ endpoint: MLSEndpoint) -> JSONValue {
        guard var object = value.objectValue else { return value }
        switch endpoint {
        case .getConvos where object["convos"] == nil && object["conversations"] != nil:
            // v0.1 renamed `convos` to `conversations`.
            object["convos"] = object["conversations"]
            object["conversations"] = nil
        case .createConvo where object["convo"] == nil && object["id"] != nil:
            // From v0.1 on, createConvo answers a bare convoView.
            return ["convo": .object(object), "welcomeMessages": []]
        case .uploadBlob where object["blob"] == nil && object["cid"] != nil:
            // The mls-ds server answered a bare {cid, size}.
            object["mimeType"] = object["mimeType"] ?? "application/octet-stream"
            return ["blob": .object(object)]
        case .publishKeyPackage:
            // Later servers call it `expires`.
            if var ref = object["keyPackage"]?.objectValue, ref["expiresAt"] == nil, let expires = ref["expires"] {
                ref["expiresAt"] = expires
                ref["expires"] = nil
                object["keyPackage"] = .object(ref)
            }
        default: break
        }
        return .object(object)
    }
}
