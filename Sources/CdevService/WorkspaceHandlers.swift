import CdevAuth
import Foundation
import HTTPExchange
import WireCore

/// `/api/status`, `/api/claude/*`, `/api/git/*`, `/api/file`: small but real, so a client can
/// exercise them and the Bearer middleware of head has something to protect. Baseline leaves
/// them open even with auth on (cdev spec section 9, gap 1).
extension CdevService {
    func status(_ request: APIRequest) -> APIResponse {
        .json(
            200,
            [
                "status": "running", "session_id": .string(config.sessionId), "repo_name": .string(config.repoName),
                "claude_state": "idle", "connected_clients": .int(Int64(connectedClients.load(ordering: .relaxed))),
                "uptime_seconds": .int(Int64(now() - startedAt)), "auth_required": .bool(config.requireAuth),
            ])
    }

    func claude(_ request: APIRequest) -> APIResponse {
        switch request.path {
        case "/api/claude/status": return request.method == "GET" ? .json(200, ["state": "idle", "session_id": .null]) : .methodNotAllowed
        case "/api/claude/sessions": return request.method == "GET" ? .json(200, ["sessions": []]) : .methodNotAllowed
        default: return .notFound
        }
    }

    func git(_ request: APIRequest) -> APIResponse {
        switch request.path {
        case "/api/git/status":
            guard request.method == "GET" else { return .methodNotAllowed }
            return .json(200, ["repo_name": .string(config.repoName), "branch": "main", "is_clean": true, "files": []])
        default: return .notFound
        }
    }

    /// A file under the repository root. The resolved path (symlinks followed) must stay inside
    /// the root: `..`, absolute paths and links out are refused with 403.
    func file(_ request: APIRequest) -> APIResponse {
        guard let relative = request.queryValue("path"), !relative.isEmpty else { return .error(400, "path is required") }
        guard !relative.utf8.contains(0) else { return .error(403, "Access denied") }
        let root = URL(fileURLWithPath: config.repositoryRoot).resolvingSymlinksInPath().standardizedFileURL.path
        let candidate = URL(fileURLWithPath: root).appendingPathComponent(relative).resolvingSymlinksInPath().standardizedFileURL.path
        guard candidate == root || candidate.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            log(.info, "file request outside the root refused")
            return .error(403, "Access denied")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) else { return .error(404, "File not found") }
        guard !isDirectory.boolValue else { return .error(400, "path is a directory") }
        guard let data = FileManager.default.contents(atPath: candidate) else { return .error(403, "Access denied") }
        let limit = 1 << 20
        let bytes = Array(data.prefix(limit))
        return .json(
            200,
            [
                "path": .string(relative), "size": .int(Int64(data.count)), "truncated": .bool(data.count > limit),
                "content": .string(String(decoding: bytes, as: UTF8.self)),
            ])
    }
}
