import Foundation
import WireCore

/// `~/.cdev/token_secret.json` (cdev spec section 1.5): `json.MarshalIndent` with two spaces, keys
/// `server_id` then `secret` (standard Base64 of 32 random bytes), no trailing newline; directory
/// 0700, file 0600. An unusable file is replaced by a new identity.
public struct SecretFile: Equatable, Sendable {
    /// `server_id`.
    public var serverId: String
    /// The HMAC secret.
    public var secret: [UInt8]

    /// An identity.
    public init(serverId: String, secret: [UInt8]) {
        self.serverId = serverId
        self.secret = secret
    }

    /// A new server id and secret.
    public static func generate(using random: inout some RandomSource) -> SecretFile {
        let serverId = RandomString.make(using: &random)
        return SecretFile(serverId: serverId, secret: random.bytes(32))
    }

    /// The file's exact bytes.
    public var contents: String {
        let object: JSONValue = ["server_id": .string(serverId), "secret": .string(Base64.encode(secret, variant: .foundation))]
        return JSONWriter(options: .init(escapeHTML: true, indent: 2)).string(object)
    }

    /// Reads `contents`; nil when cdev would regenerate (unparsable, empty secret or empty server_id).
    public static func parse(_ bytes: [UInt8]) -> SecretFile? {
        guard let object = (try? JSONParser.parse(bytes, duplicateKeys: .keepLast))?.objectValue,
            let serverId = object["server_id"]?.stringValue, !serverId.isEmpty,
            let text = object["secret"]?.stringValue,
            let secret = try? Base64.decode(text, variant: Base64Variant(.std, .padded, .go)), !secret.isEmpty
        else { return nil }
        return SecretFile(serverId: serverId, secret: secret)
    }

    /// Where cdev keeps it: `$HOME/.cdev/token_secret.json`.
    public static var defaultPath: String {
        (ProcessInfo.processInfo.environment["HOME"] ?? ".") + "/.cdev/token_secret.json"
    }

    /// Loads `path`, or writes a new identity there when it is missing or unusable. A failed write
    /// is a warning (returned), as in cdev: the server still runs with the new identity in memory.
    public static func loadOrCreate(at path: String, random: inout some RandomSource) -> (file: SecretFile, warning: String?) {
        if let data = FileManager.default.contents(atPath: path), let file = parse(Array(data)) { return (file, nil) }
        let file = generate(using: &random)
        do { try file.write(to: path) } catch { return (file, "could not write \(path): \(error)") }
        return (file, nil)
    }

    /// Writes 0600 in a 0700 directory, replacing any previous file.
    public func write(to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(contents.utf8), attributes: [.posixPermissions: 0o600])
        else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary])
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}

extension SecretFile: CustomStringConvertible {
    /// The server id, never the secret: an identity printed by mistake (an error, a failing test, a
    /// checker's options) must not log it. `contents` is the way to ask for the secret.
    public var description: String { "SecretFile(serverId: \(serverId), secret: \(secret.count) bytes, not shown)" }
}
