import Foundation
import NanoTDF

/// The mock KAS's static P-256 key pair in a PEM file (PKCS#8, `-----BEGIN PRIVATE KEY-----`), created 0600 when the
/// file is missing. The private key is never printed or logged; the public key is what clients ask for with 0x02.
public enum KASKeyFile {
    /// The key in `path`, and whether it was created now.
    public static func loadOrCreate(at path: String) throws -> (key: PrivateKey, created: Bool) {
        if let data = FileManager.default.contents(atPath: path) {
            do {
                let key = try PrivateKey(reading: Array(data), curve: .secp256r1)
                return (key, false)
            } catch {
                throw KASKeyFileError(path: path, reason: "not a P-256 private key in PEM, DER or raw form (\(error))")
            }
        }
        let key = PrivateKey.generate(.secp256r1)
        let pem =
            "-----BEGIN PRIVATE KEY-----\n" + Data(key.pkcs8).base64EncodedString(options: [.lineLength64Characters])
            + "\n-----END PRIVATE KEY-----\n"
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        guard FileManager.default.createFile(atPath: path, contents: Data(pem.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw KASKeyFileError(path: path, reason: "cannot create it")
        }
        return (key, true)
    }
}

/// The key file could not be read or written, and why.
public struct KASKeyFileError: Error, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What was wrong.
    public var reason: String
    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
