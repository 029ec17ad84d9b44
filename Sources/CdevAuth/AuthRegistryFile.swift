import Foundation
import WireCore

/// Profile head's device registry on disk (cdev keeps it in `~/.cdev/auth_registry.json`, beside the secret file, cdev
/// spec section 4.3): for each `device_id`, the nonces of the latest refresh and access tokens issued to it. A refresh
/// is accepted only with the device's latest refresh nonce, so a registry kept in memory alone made every refresh token
/// fail after a restart although the secret had survived it. The layout is the mock's own (clients never read it):
/// `{"devices": {"<device_id>": {"refresh_nonce": "…", "access_nonce": "…", "refresh_expires_at": 1764000000}}}`, 0600,
/// replaced whole on each change. Devices whose refresh token has expired can neither refresh nor revoke: `TokenManager`
/// drops them as the registry grows.
public struct AuthRegistryFile: Equatable, Sendable {
    /// The latest nonces issued to one device.
    public struct Record: Equatable, Sendable {
        /// The nonce of the device's latest refresh token: the only one `refresh` accepts.
        public var refresh: String
        /// The nonce of the device's latest access token: what `revoke` revokes with the refresh token.
        public var access: String
        /// When the device's latest refresh token expires (Unix seconds); after it the record is of no use.
        public var refreshExpiresAt: Int64

        /// A record.
        public init(refresh: String, access: String, refreshExpiresAt: Int64) {
            self.refresh = refresh
            self.access = access
            self.refreshExpiresAt = refreshExpiresAt
        }
    }

    /// The records by `device_id`.
    public var devices: [String: Record]

    /// A registry.
    public init(devices: [String: Record] = [:]) { self.devices = devices }

    /// The file's bytes (keys sorted, so that one state always writes the same file).
    public var contents: String {
        let devices = self.devices.sorted { $0.key < $1.key }.map { id, record -> (String, JSONValue) in
            (
                id,
                JSONValue.object([
                    "refresh_nonce": .string(record.refresh), "access_nonce": .string(record.access),
                    "refresh_expires_at": .int(record.refreshExpiresAt),
                ])
            )
        }
        return JSONWriter(options: .init(indent: 2)).string(.object(["devices": .object(JSONObject(devices))]))
    }

    /// The registry in `path`; an empty one when there is no file. A file that is there but cannot be read (no
    /// permission, a directory) is an error naming it: starting with an empty registry would silently refuse every
    /// device's refresh token, and the first change would overwrite the file. A record without `refresh_expires_at`
    /// (written before it was kept) is kept until it is replaced.
    public static func load(from path: String) throws -> AuthRegistryFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return AuthRegistryFile()
        } catch {
            throw AuthRegistryFileError(path: path, reason: "cannot read it (\(error.localizedDescription))")
        }
        guard let devices = (try? JSONParser.parse(Array(data)))?.objectValue?["devices"]?.objectValue else {
            throw AuthRegistryFileError(path: path, reason: "not a JSON object with a \"devices\" object")
        }
        var registry = AuthRegistryFile()
        for (id, value) in devices {
            guard let refresh = value.objectValue?["refresh_nonce"]?.stringValue,
                let access = value.objectValue?["access_nonce"]?.stringValue
            else { throw AuthRegistryFileError(path: path, reason: "device \(id.debugDescription) lacks refresh_nonce or access_nonce") }
            var refreshExpiresAt = Int64.max
            if let expiry = value.objectValue?["refresh_expires_at"] {
                guard let seconds = expiry.intValue else {
                    throw AuthRegistryFileError(path: path, reason: "device \(id.debugDescription): refresh_expires_at is not an integer")
                }
                refreshExpiresAt = seconds
            }
            registry.devices[id] = Record(refresh: refresh, access: access, refreshExpiresAt: refreshExpiresAt)
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
