import ArgumentParser
import Foundation
import NanoTDF
import WireCore

/// Reading what the `nanotdf` commands take: containers (binary or hex, a file or stdin) and keys.
enum NanoTDFFiles {
    /// The bytes of `path` (`-` = stdin) as they are.
    static func raw(_ path: String) throws -> [UInt8] {
        path == "-" ? Array(FileHandle.standardInput.readDataToEndOfFile()) : Array(try readFile(path))
    }

    /// The bytes of `path` (`-` = stdin); hex text (an editor copy, a vector's value) is read as the bytes it spells.
    static func container(_ path: String) throws -> [UInt8] {
        let bytes = try raw(path)
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.isEmpty, let decoded = try? Hex.decode(text) { return decoded }
        return bytes
    }

    /// A private key file: PEM, DER, or hex of DER or of a raw scalar (which needs `curve`).
    /// Errors name the file, never the key.
    static func privateKey(_ path: String, curve: Curve?) throws -> PrivateKey {
        var bytes = Array(try readFile(path))
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.hasPrefix("-----"), let decoded = try? Hex.decode(text) { bytes = decoded }
        do {
            return try PrivateKey(reading: bytes, curve: curve)
        } catch {
            throw exitHarness("\(path): \(error)")
        }
    }

    /// A public key: hex of a compressed point, or a private key file whose public half is meant.
    static func publicKey(_ value: String, curve: Curve?) throws -> (Curve?, [UInt8]) {
        if let point = try? Hex.decode(value) { return (curve, point) }
        let key = try privateKey(value, curve: curve)
        return (key.curve, key.publicKey)
    }

    /// Writes `bytes` to `path` (`-` = stdout).
    static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
        } else if !FileManager.default.createFile(atPath: path, contents: Data(bytes)) {
            throw exitHarness("cannot write \(path)")
        }
    }
}

extension Curve: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allCases.map(\.name) }
}

extension IVConvention: ExpressibleByArgument {}
extension BindingVariant: ExpressibleByArgument {}
