import Foundation
import WireCore
import XCTest

@testable import CdevAuth

/// `~/.cdev/token_secret.json` (cdev spec section 1.5).
final class SecretFileTests: XCTestCase {
    var directory = ""

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cdev-secret-\(UUID())").path
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    func testContentsAreGoMarshalIndentWithoutTrailingNewline() {
        let file = SecretFile(serverId: "AbCdEfGhIjKlMnOp", secret: (0..<32).map(UInt8.init))
        XCTAssertEqual(
            file.contents, "{\n  \"server_id\": \"AbCdEfGhIjKlMnOp\",\n  \"secret\": \"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=\"\n}")
        XCTAssertEqual(SecretFile.parse(Array(file.contents.utf8)), file)
    }

    /// Printing an identity, by mistake or by a failing assertion, shows no secret.
    func testDescriptionHidesTheSecret() {
        let file = SecretFile(serverId: "AbCdEfGhIjKlMnOp", secret: (0..<32).map(UInt8.init))
        let expected = "SecretFile(serverId: AbCdEfGhIjKlMnOp, secret: 32 bytes, not shown)"
        XCTAssertEqual("\(file) \(String(reflecting: file))", expected + " " + expected)
        XCTAssertEqual("\([file])", "[\(expected)]")
    }

    func testCreatedWithPrivatePermissionsAndReloaded() throws {
        let path = directory + "/.cdev/token_secret.json"
        var random = SeededRandom(seed: 3)
        let (created, warning) = SecretFile.loadOrCreate(at: path, random: &random)
        XCTAssertNil(warning)
        XCTAssertEqual(created.secret.count, 32)
        XCTAssertEqual(created.serverId.count, 16)
        let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        let directoryMode = try FileManager.default.attributesOfItem(atPath: directory + "/.cdev")[.posixPermissions] as? Int
        XCTAssertEqual(fileMode, 0o600)
        XCTAssertEqual(directoryMode, 0o700)
        var other = SeededRandom(seed: 4)
        XCTAssertEqual(SecretFile.loadOrCreate(at: path, random: &other).file, created, "an existing file is loaded, not replaced")
    }

    func testUnusableFilesAreReplaced() throws {
        let path = directory + "/token_secret.json"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for bad in [
            "not json", #"{"server_id":"","secret":"AAAA"}"#, #"{"server_id":"x","secret":""}"#, #"{"server_id":"x","secret":"!!"}"#,
        ] {
            try bad.write(toFile: path, atomically: true, encoding: .utf8)
            var random = SeededRandom(seed: 5)
            let (file, _) = SecretFile.loadOrCreate(at: path, random: &random)
            XCTAssertEqual(file.secret.count, 32, bad)
            XCTAssertEqual(SecretFile.parse(Array(FileManager.default.contents(atPath: path)!)), file, "\(bad) was rewritten")
        }
    }
}
