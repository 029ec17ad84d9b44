import ConformanceKit
import Foundation
import XCTest

/// `wirecheck serve kas` as a user runs it: the banner names the WebSocket URL and the KAS public key, never the
/// private key; the key file is created 0600 and a restart keeps the key; a bad --era is a usage error.
final class KASCLITests: XCTestCase {
    /// Starts `serve kas` in `dir` and returns it with its two banner lines.
    func serve(in dir: String, _ extra: [String]) throws -> (Process, [String]) {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: try TestEnvironment.wirecheck)
        server.arguments = ["serve", "kas", "--port", "0", "--kas-key", "\(dir)/kas.pem", "--log-level", "warning"] + extra
        server.currentDirectoryURL = URL(fileURLWithPath: dir)
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        var banner = Data()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, String(decoding: banner, as: UTF8.self).split(separator: "\n").count < 3 {
            banner += out.fileHandleForReading.availableData
        }
        return (server, String(decoding: banner, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    func testServeKASPrintsItsURLAndPublicKeyAndKeepsItsKeyFile() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        let (first, banner) = try serve(in: dir, ["--era", "a"])
        defer { first.terminate() }
        XCTAssertEqual(banner.count, 3, "\(banner)")
        XCTAssertTrue(banner[0].hasPrefix("Arkavo KAS mock on ws://127.0.0.1:") && banner[0].hasSuffix("/ws  era A"), banner[0])
        XCTAssertTrue(banner[1].hasPrefix("OpenTDF KAS mock on http://127.0.0.1:"), banner[1])
        let publicKey = try XCTUnwrap(banner[2].split(separator: " ").dropFirst(5).first.map(String.init))
        XCTAssertEqual(publicKey.count, 66, banner[2])
        XCTAssertTrue(banner[2].hasSuffix("created \(dir)/kas.pem"), banner[2])
        let pem = try String(contentsOfFile: "\(dir)/kas.pem", encoding: .utf8)
        XCTAssertTrue(pem.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        let body = pem.split(separator: "\n").dropFirst().dropLast().joined()
        XCTAssertFalse(banner.joined().contains(body.prefix(40)), "the private key is not printed")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: "\(dir)/kas.pem")[.posixPermissions] as? Int, 0o600)
        first.terminate()
        first.waitUntilExit()

        let (second, again) = try serve(in: dir, [])
        defer { second.terminate() }
        XCTAssertTrue(again.first?.hasSuffix("era C") == true, "\(again)")
        XCTAssertTrue(again.last?.contains(publicKey) == true, "a restart keeps the key: \(again)")

        // The client side: NanoTDFs for the printed key, decrypted through the running KAS; a wrong --era is refused. The
        // Arkavo KAS reads an embedded policy as a Metadata FlatBuffer (made here with the CLI), the OpenTDF one as JSON.
        let port = try XCTUnwrap(again.first?.split(separator: ":").last?.split(separator: "/").first.map(String.init))
        let wirecheck = try TestEnvironment.wirecheck
        try Data(#"{"created": 1731500000}"#.utf8).write(to: URL(fileURLWithPath: "\(dir)/policy.json"))
        let metadata = try TestEnvironment.run(
            [wirecheck, "arkavo", "metadata", "policy.json", "--from-json", "--out", "policy.bin"], directory: dir)
        XCTAssertEqual(metadata.status, 0, metadata.stderr)
        try Data("through the KAS".utf8).write(to: URL(fileURLWithPath: "\(dir)/plain.txt"))
        for (policy, file) in [(["--policy-file", "policy.bin"], "arkavo.ntdf"), (["--policy", "{}"], "message.ntdf")] {
            let made = try TestEnvironment.run(
                [wirecheck, "nanotdf", "encrypt", "plain.txt", "--kas-key", publicKey, "--out", file] + policy, directory: dir)
            XCTAssertEqual(made.status, 0, made.stderr)
        }
        let decrypted = try TestEnvironment.run(
            [wirecheck, "nanotdf", "decrypt", "arkavo.ntdf", "--kas", "ws://127.0.0.1:\(port)/ws"], directory: dir)
        XCTAssertEqual(decrypted.status, 0, decrypted.stderr)
        XCTAssertEqual(decrypted.stdout, "through the KAS")
        let textPolicy = try TestEnvironment.run(
            [wirecheck, "nanotdf", "decrypt", "message.ntdf", "--kas", "ws://127.0.0.1:\(port)/ws"], directory: dir)
        XCTAssertEqual(textPolicy.status, 2)
        XCTAssertTrue(textPolicy.stderr.contains("Invalid embedded policy metadata"), textPolicy.stderr)
        let wrongEra = try TestEnvironment.run(
            [wirecheck, "nanotdf", "decrypt", "arkavo.ntdf", "--kas", "ws://127.0.0.1:\(port)/ws", "--era", "a"], directory: dir)
        XCTAssertEqual(wrongEra.status, 2)
        XCTAssertTrue(wrongEra.stderr.contains("no era (--era a) unwraps"), wrongEra.stderr)
        // The OpenTDF side of the same server: client credentials, the rewrap, the payload; a wrong secret is refused.
        let openTDF = try TestEnvironment.run(
            [wirecheck, "nanotdf", "decrypt", "message.ntdf", "--kas", "http://127.0.0.1:\(port)"], directory: dir)
        XCTAssertEqual(openTDF.status, 0, openTDF.stderr)
        XCTAssertEqual(openTDF.stdout, "through the KAS")
        let badSecret = try TestEnvironment.run(
            [wirecheck, "nanotdf", "decrypt", "message.ntdf", "--kas", "http://127.0.0.1:\(port)", "--client-secret", "no"], directory: dir)
        XCTAssertEqual(badSecret.status, 2)
        XCTAssertTrue(badSecret.stderr.contains("401"), badSecret.stderr)

        let wrong = try TestEnvironment.run([try TestEnvironment.wirecheck, "serve", "kas", "--era", "d"], directory: dir)
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("--era must be a, b or c"), wrong.stderr)
    }
}
