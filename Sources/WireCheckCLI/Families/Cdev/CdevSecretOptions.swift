import ArgumentParser
import CdevAuth
import Foundation
import WireCore

/// Where a cdev command gets the server secret: a cdev `token_secret.json`, or hex on the
/// command line (visible to other users in `ps`; prefer the file).
struct CdevSecretOptions: ParsableArguments {
    @Option(help: "A cdev secret file (token_secret.json: server_id and the Base64 secret).") var secretFile: String?
    @Option(help: "The 32-byte secret as hex (visible in the process list; prefer --secret-file).") var secretHex: String?
    @Option(help: "The server id (default: the secret file's).") var serverId: String?

    func identity() throws -> SecretFile {
        if let path = secretFile {
            guard let file = SecretFile.parse(Array(try readFile(path))) else {
                throw ValidationError("\(path) is not a cdev secret file (JSON with a non-empty server_id and a Base64 secret)")
            }
            return SecretFile(serverId: serverId ?? file.serverId, secret: file.secret)
        }
        guard let hex = secretHex else { throw ValidationError("give --secret-file PATH or --secret-hex HEX") }
        guard let secret = try? Hex.decode(hex), !secret.isEmpty else { throw ValidationError("--secret-hex is not hex") }
        guard let serverId else { throw ValidationError("--secret-hex needs --server-id") }
        return SecretFile(serverId: serverId, secret: secret)
    }
}

/// A token argument; `-` reads it from standard input, so it stays out of the process list.
func tokenArgument(_ value: String) throws -> String {
    guard value == "-" else { return value }
    let data = FileHandle.standardInput.readDataToEndOfFile()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}
