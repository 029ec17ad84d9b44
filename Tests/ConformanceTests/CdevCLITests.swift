import CdevAuth
import ConformanceKit
import Foundation
import WireCore
import XCTest

/// `wirecheck cdev mint|validate|inspect`, `wirecheck serve cdev` and `wirecheck check cdev` as a
/// user runs them: the spec's token from the command line, the exit codes, the server's start-up
/// banner, and a check of a running server in another process.
final class CdevCLITests: XCTestCase {
    func wirecheck(_ arguments: [String], in directory: String) throws -> TestEnvironment.ProcessResult {
        try TestEnvironment.run([try TestEnvironment.wirecheck] + arguments, directory: directory)
    }

    /// `wirecheck serve cdev` with auth on a free port in `dir`, stdout on a pipe; the caller stops it.
    func serve(in dir: String, _ extra: [String]) throws -> (Process, Pipe) {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: try TestEnvironment.wirecheck)
        server.arguments =
            ["serve", "cdev", "--require-auth", "--port", "0", "--secret-file", "\(dir)/secret.json", "--log-level", "warning"] + extra
        server.currentDirectoryURL = URL(fileURLWithPath: dir)
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        return (server, out)
    }

    func testMintValidateInspect() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        let secret = ["--secret-hex", Hex.encode((0..<32).map(UInt8.init)), "--server-id", "AbCdEfGhIjKlMnOp"]
        let mint = try wirecheck(
            ["cdev", "mint", "--type", "pairing", "--issued-at", "1735516800", "--nonce", "N0nce-_012345678"] + secret, in: dir)
        XCTAssertEqual(mint.status, 0, mint.stderr)
        let token = mint.stdout.trimmingCharacters(in: .newlines)
        XCTAssertTrue(token.hasSuffix("SIsInMiOiJyQk1ZWEZCVUlTamZvRkdEOXoybVd1dFRBdHdyV2doTENvMHJ2VThGY2IwIn0"), "spec 1.6 V1")
        let valid = try wirecheck(["cdev", "validate", token, "--now", "1735520400", "--json"] + secret, in: dir)
        XCTAssertEqual(valid.status, 0, valid.stderr)
        XCTAssertEqual(try JSONParser.parse(valid.stdout).objectValue?["payload"]?.objectValue?["nonce"], "N0nce-_012345678")
        let expired = try wirecheck(["cdev", "validate", token, "--now", "1735520401"] + secret, in: dir)
        XCTAssertEqual(expired.status, 1)
        XCTAssertTrue(expired.stdout.hasPrefix("expired:"), expired.stdout)
        let inspect = try wirecheck(["cdev", "inspect", token, "--now", "1735516800", "--json"], in: dir)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        let object = try XCTUnwrap(JSONParser.parse(inspect.stdout).objectValue)
        XCTAssertEqual(object["prefix"], "cdev_p_")
        XCTAssertEqual(object["macBytes"], .int(32))
        XCTAssertTrue(object["cannotTell"]?.stringValue?.contains("HMAC") == true)
        XCTAssertEqual(try wirecheck(["cdev", "inspect", "cdev_c_x"], in: dir).status, 1)
        XCTAssertEqual(try wirecheck(["cdev", "mint", "--type", "admin"] + secret, in: dir).status, 2, "bad arguments")
    }

    func testServePrintsPairingJSONAndCheckPassesAgainstIt() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        let (server, out) = try serve(in: dir, ["--json", "--allowed-origin", "*.example.com"])
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        // The banner is the pairing JSON in `cdev pair --json` order, with the bound port.
        var banner = Data()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !String(decoding: banner, as: UTF8.self).contains("}") {
            banner += out.fileHandleForReading.availableData
        }
        let info = try XCTUnwrap(JSONParser.parse(Array(banner)).objectValue)
        XCTAssertEqual(info.map(\.key), ["ws", "http", "session", "token", "repo"])
        let url = try XCTUnwrap(info["http"]?.stringValue)
        XCTAssertNotEqual(url, "http://127.0.0.1:0")
        let mode = try FileManager.default.attributesOfItem(atPath: "\(dir)/secret.json")[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        let check = try wirecheck(
            [
                "check", "cdev", "--url", url, "--secret-file", "\(dir)/secret.json", "--wildcard-origin", "*.example.com", "--report-dir",
                "\(dir)/report", "--json",
            ], in: dir)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        let summary = try XCTUnwrap(JSONParser.parse(check.stdout).objectValue)
        XCTAssertEqual(summary["counts"]?.objectValue?["FAIL"], .int(0))
        XCTAssertTrue(summary["findings"]?.arrayValue?.contains { $0.objectValue?["id"] == "cdev/live/ws-refresh-token" } == true)
        let skipped = try TestEnvironment.readResults("\(dir)/report").filter { $0["status"] == "SKIP" }.compactMap {
            $0["id"]?.stringValue
        }
        XCTAssertEqual(skipped, ["cdev/live/revoke-all-unauthenticated"], "revoke-all only with --allow-revoke-all")
        let unreachable = try wirecheck(["check", "cdev", "--url", "http://127.0.0.1:1"], in: dir)
        XCTAssertEqual(unreachable.status, 2)
    }

    /// Without --json the banner has a QR code only when it fits the terminal; on a pipe (80
    /// columns) the 93-column code of a token-bearing pairing text is replaced by the /pair URL.
    func testServeBannerNeverPrintsAQRCodeWiderThanTheTerminal() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        let (server, out) = try serve(in: dir, [])
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        var banner = ""
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !banner.contains("}\n(") && !banner.contains("█") {
            banner += String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        }
        XCTAssertFalse(banner.contains("█") || banner.contains("▀") || banner.contains("▄"), banner)
        XCTAssertTrue(banner.contains("columns, the terminal has 80"), banner)
        XCTAssertTrue(banner.contains("/pair to scan it"), banner)
    }

    /// The pairing JSON `serve cdev --json` prints first.
    func pairingInfo(_ out: Pipe) throws -> JSONObject {
        var banner = Data()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !String(decoding: banner, as: UTF8.self).contains("}") {
            banner += out.fileHandleForReading.availableData
        }
        return try XCTUnwrap(JSONParser.parse(Array(banner)).objectValue)
    }

    /// Issue 42, bug 3: head keeps its device registry beside the secret file, so a refresh token issued before a
    /// restart is still the device's latest after it (it was 401); a registry file that cannot be read stops the start.
    func testHeadRefreshTokenSurvivesARestart() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        let (first, firstOut) = try serve(in: dir, ["--profile", "head", "--json"])
        let info = try pairingInfo(firstOut)
        var http = try HTTPProbe(baseURL: try XCTUnwrap(info["http"]?.stringValue), timeout: 10)
        let pairingToken = try XCTUnwrap(info["token"]?.stringValue)
        let exchange = try http.send(
            "POST", "/api/auth/exchange", headers: [("Content-Type", "application/json")],
            body: Array(JSONWriter.compact(["pairing_token": .string(pairingToken)]).utf8))
        XCTAssertEqual(exchange.status, 200, exchange.text)
        let refresh = try XCTUnwrap(JSONParser.parse(exchange.body).objectValue?["refresh_token"]?.stringValue)
        first.terminate()
        first.waitUntilExit()

        let (second, secondOut) = try serve(in: dir, ["--profile", "head", "--json"])
        defer {
            second.terminate()
            second.waitUntilExit()
        }
        http = try HTTPProbe(baseURL: try XCTUnwrap(pairingInfo(secondOut)["http"]?.stringValue), timeout: 10)
        let refreshed = try http.send(
            "POST", "/api/auth/refresh", headers: [("Content-Type", "application/json")],
            body: Array(JSONWriter.compact(["refresh_token": .string(refresh)]).utf8))
        XCTAssertEqual(refreshed.status, 200, refreshed.text)
        let mode = try FileManager.default.attributesOfItem(atPath: "\(dir)/auth_registry.json")[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)

        try Data("{not json".utf8).write(to: URL(fileURLWithPath: "\(dir)/auth_registry.json"))
        let refused = try wirecheck(["serve", "cdev", "--profile", "head", "--port", "0", "--secret-file", "\(dir)/secret.json"], in: dir)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("auth_registry.json"), refused.stderr)
    }

    /// A timeout too large for the server's clock (`inf`, 1e300) is a usage error naming the option; it crashed.
    func testTimeoutsOutOfRangeAreUsageErrors() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        for option in ["--header-timeout", "--body-timeout"] {
            for value in ["inf", "1e300", "0"] {
                let result = try wirecheck(["serve", "cdev", "--port", "0", option, value], in: dir)
                XCTAssertEqual(result.status, 2, "\(option) \(value): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("--header-timeout and --body-timeout"), result.stderr)
            }
        }
    }
}
