import Foundation
import WireCore

/// Profile head's device registry on disk (cdev keeps it in `~/.cdev/auth_registry.json`, beside the secret file, cdev
/// spec section 4.3): for each `device_id`, the nonces of the latest refresh and access tokens issued to it. A refresh
/// is accepted only with the device's latest refresh nonce, so a registry kept in memory alone made every refresh token
/// fail after a restart although the secret had survived it. The layout is the mock's own (clients never read it):
/// `{"devices": {"<device_id>": {"refresh_nonce": "…", "access_nonce": "…"}}}`, 0600, replaced whole on each change.
public struct AuthRegistryFile: Equatable, Sendable {
    /// The latest nonces issued to one device.
    public struct Record: Equatable, Sendable {
        /// The nonce of the device's latest refresh token: the only one `refresh` accepts.
        public var refresh: String
        /// The nonce of the device's latest access token: what `revoke` revokes with the refresh token.
        public var access: String

        /// A record.
        public init(refresh: String, access: String) {
            self.refresh = refresh
            self.access = access
        }
    }

    /// The records by `device_id`.
    public var devices: [String: Record]

    /// A registry.
    public init(devices: [String: Record] = [:]) { self.devices = devices }

    /// The file's bytes (keys sorted, so that one state always writes the same file).
    public var contents: String {
        let devices = self.devices.sorted { $0.key < $1.key }.map { id, record -> (String, JSONValue) in
            (id, .object(["refresh_nonce": .string(record.refresh), "access_nonce": .string(record.access)]))
        }
        return JSONWriter(options: .init(indent: 2)).string(.object(["devices": .object(JSONObject(devices))]))
    }

    /// The registry in `path`; an empty one when there is no file. A file that is there but cannot be read is an error
    /// naming it: starting with an empty registry would silently refuse every device's refresh token.
    public static func load(from path: String) throws -> AuthRegistryFile {
        guard let data = FileManager.default.contents(atPath: path) else { return AuthRegistryFile() }
        guard let devices = (try? JSONParser.parse(Array(data)))?.objectValue?["devices"]?.objectValue else {
            throw AuthRegistryFileError(path: path, reason: "not a JSON object with a \"devices\" object")
        }
        var registry = AuthRegistryFile()
        for (id, value) in devices {
            guard let refresh = value.objectValue?["refresh_nonce"]?.stringValue,
                let access = value.objectValue?["access_nonce"]?.stringValue
            else { throw AuthRegistryFileError(path: path, reason: "device \(id.debugDescription) lacks refresh_nonce or access_nonce") }
            registry.devices[id] = Record(refresh: refresh, access: access)
        }
        return registry
    }

    /// Writes `path` (0600) through a temporary file and a rename, so a crash leaves the old file or the new one.
    public func write(to path: String) throws {
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(contents.utf8), attributes: [.posixPermissions: 0o600])
        else { throw AuthRegistryFileError(path: temporary, reason: "cannot create it") }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw AuthRegistryFileError(path: path, reason: "cannot replace it: \(reason)")
        }
    }

    /// `auth_registry.json` in the directory of the secret file at `secretFilePath`, where cdev keeps both.
    public static func path(besideSecretFile secretFilePath: String) -> String {
        ((secretFilePath as NSString).deletingLastPathComponent as NSString).appendingPathComponent("auth_registry.json")
    }
}

/// The registry file at `path` could not be read or written, and why.
public struct AuthRegistryFileError: Error, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What was wrong.
    public var reason: String
    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
