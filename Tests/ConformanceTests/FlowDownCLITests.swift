import Foundation
import WireCore
import XCTest

/// The README's requester round trip through the `wirecheck flowdown` commands, and the secret rules:
/// seeds and tokens are printed only when asked for.
final class FlowDownCLITests: XCTestCase {
    func wirecheck(_ arguments: [String], in directory: String) throws -> TestEnvironment.ProcessResult {
        try TestEnvironment.run([try TestEnvironment.wirecheck] + arguments, directory: directory)
    }

    func json(_ result: TestEnvironment.ProcessResult) throws -> JSONValue {
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONParser.parse(result.stdout)
    }

    func query(_ url: String, _ name: String) -> String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == name }?.value
    }

    func testRequesterRoundTripThroughTheSimulator() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        let models =
            #"[{"name":"Vision","model_identifier":"gpt-4o","capabilities":["visual","tool"],"token":"sk-live-0123","headers":{"Authoriz"#
            + #"ation":"Bearer abc"}},{"name":"Text","capabilities":["tool"],"token":"sk-2"}]"#
        try models.write(toFile: "\(dir)/models.json", atomically: true, encoding: .utf8)

        let keygen = try wirecheck(["flowdown", "keygen", "--out", "my.seed", "--json"], in: dir)
        let pk = try XCTUnwrap(try json(keygen)["pk"]?.stringValue)
        let seedHex = try String(contentsOfFile: "\(dir)/my.seed", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(keygen.stdout.contains(seedHex), "the seed is not printed unless asked")
        let mode = try FileManager.default.attributesOfItem(atPath: "\(dir)/my.seed")[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)

        let handshake = try XCTUnwrap(
            try json(try wirecheck(["flowdown", "handshake", "--seed-file", "my.seed", "--callback", "my-app", "--json"], in: dir))["url"]?
                .stringValue)
        let verification = try XCTUnwrap(
            try json(
                try wirecheck(
                    ["flowdown", "simulate", "--models", "models.json", "--state", "fd.json", "--url", handshake, "--json"], in: dir))[
                    "callback"]?.stringValue)
        XCTAssertEqual(query(verification, "pk"), pk)
        let session = try XCTUnwrap(query(verification, "session"))

        let exchange = try XCTUnwrap(
            try json(
                try wirecheck(
                    [
                        "flowdown", "exchange", "--seed-file", "my.seed", "--session", session, "--app-name", "CLI & Test", "--reason",
                        "Need models",
                        "--capability", "visual", "--multiple-selection", "--json",
                    ], in: dir))["url"]?.stringValue)
        let verified = try json(try wirecheck(["flowdown", "verify", exchange, "--pk", pk, "--json"], in: dir))
        XCTAssertEqual(verified["appName"], "CLI & Test")

        let completed = try XCTUnwrap(
            try json(
                try wirecheck(
                    ["flowdown", "simulate", "--models", "models.json", "--state", "fd.json", "--url", exchange, "--json"], in: dir))[
                    "callback"]?.stringValue)
        let payload = try XCTUnwrap(query(completed, "payload"))
        let opened = try json(
            try wirecheck(
                [
                    "flowdown", "open", "--seed-file", "my.seed", "--payload", payload, "--expected-session", session, "--out", "got.plist",
                    "--json",
                ], in: dir))
        XCTAssertEqual(opened["session"]?.stringValue, session)

        let listed = try wirecheck(["flowdown", "models", "got.plist"], in: dir)
        XCTAssertTrue(listed.stdout.contains("Vision") && !listed.stdout.contains("Text"), listed.stdout)
        XCTAssertFalse(listed.stdout.contains("sk-live-0123") || listed.stdout.contains("Bearer abc"), "secrets stay hidden by default")
        let shown = try wirecheck(["flowdown", "models", "got.plist", "--show-secrets", "--json"], in: dir)
        XCTAssertTrue(shown.stdout.contains("sk-live-0123"), "--show-secrets shows them")

        // The context was dropped after delivery: replaying the exchange gets no callback, exit 1.
        let replay = try wirecheck(
            ["flowdown", "simulate", "--models", "models.json", "--state", "fd.json", "--url", exchange, "--json"], in: dir)
        XCTAssertEqual(replay.status, 1)
        XCTAssertEqual(try JSONParser.parse(replay.stdout)["error"], "unknown-session")
    }

    func testParseReportsTheErrorClass() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        let refused = try wirecheck(
            [
                "flowdown", "parse",
                "flowdown://models/exchange?session=s&app_name=a&reason=r&multiple_selection=true&timestamp=1&capabilities=smell", "--json",
            ], in: dir)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(try JSONParser.parse(refused.stdout)["error"]?["code"], "unknown-capability")
        let parsed = try json(
            try wirecheck(["flowdown", "parse", "flowdown://models/exchange?stage=cancelled&session=S", "--json"], in: dir))
        XCTAssertEqual(parsed["kind"], "cancel")
    }

    func testVerifyRefusesWithTheErrorClassAndExitCode() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        let seed = Hex.encode((1...32).map(UInt8.init))
        let url = try XCTUnwrap(
            try json(
                try wirecheck(
                    [
                        "flowdown", "exchange", "--seed", seed, "--session", "s", "--app-name", "a", "--reason", "r", "--timestamp",
                        "1700000000", "--json",
                    ], in: dir))["url"]?.stringValue)
        let pk = "ebVWLo/mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQHo3y8FCCTyLdV3BsQ6Gy0JjdK0WqoU+0L38CyuG0cfA=="
        let late = try wirecheck(["flowdown", "verify", url, "--pk", pk, "--now", "1700000300", "--json"], in: dir)
        XCTAssertEqual(late.status, 1)
        XCTAssertEqual(try JSONParser.parse(late.stdout)["error"]?["code"], "expired")
        let ok = try wirecheck(["flowdown", "verify", url, "--pk", pk, "--now", "1700000299"], in: dir)
        XCTAssertEqual(ok.status, 0, ok.stderr)
    }
}
