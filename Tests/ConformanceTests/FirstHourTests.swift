import Foundation
import WireCore
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// What a new user meets in the first hour, through the real binary: runs that test nothing do
/// not exit 0, typos in filters are errors, failures show their bytes, and the shim and the CLI
/// say what went wrong with the documented exit codes.
final class FirstHourTests: XCTestCase {
    func wirecheck(_ arguments: [String], in directory: String? = nil) throws -> TestEnvironment.ProcessResult {
        try TestEnvironment.run([try TestEnvironment.wirecheck] + arguments, directory: directory)
    }

    /// `vectors verify` on the committed vectors, report in a fresh folder.
    func verify(_ arguments: [String]) throws -> (TestEnvironment.ProcessResult, String) {
        let reports = try TestEnvironment.temporaryDirectory() + "/run"
        let result = try wirecheck(
            ["vectors", "verify", "--vectors", TestEnvironment.vectorsDirectory, "--report-dir", reports] + arguments)
        return (result, reports)
    }

    /// A Python shim in a temporary file.
    func shim(_ source: String) throws -> String {
        let path = try TestEnvironment.temporaryDirectory() + "/shim.py"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return "python3 \(path)"
    }

    // MARK: Runs that cannot go falsely green

    func testFilterValuesThatNameNothingAreErrors() throws {
        for (arguments, message) in [
            (["--only", "wirecore/base46"], "--only wirecore/base46 matches no case"),
            (["--skip", "nothing/here"], "--skip nothing/here matches no case"),
            (["--flag", "NoSuchFlag"], "--flag NoSuchFlag is not a flag"),
            (["--bug-type", "NOPE"], "--bug-type NOPE is not a bug type"),
            (["--only", "wirecore/base64", "--skip", "wirecore/base64"], "the selection matches no case"),
        ] {
            let (result, _) = try verify(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stdout.contains("conformant"), "\(arguments)")
        }
    }

    func testHelloWithoutOpsIsAHarnessError() throws {
        let typo = try shim(
            """
            import sys, json
            for line in sys.stdin:
                print(json.dumps({"id": json.loads(line)["id"], "ok": True, "result": {"name": "typo", "op": []}}), flush=True)
            """)
        let (result, _) = try verify(["--shim", typo, "--only", "wirecore/base64"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains(#"no "ops" array"#), result.stderr)
    }

    func testARunThatExecutesNothingIsNotConformant() throws {
        let nothing = try shim(
            """
            import sys, json
            for line in sys.stdin:
                request = json.loads(line)
                if request["op"] == "hello":
                    print(json.dumps({"id": request["id"], "ok": True, "result": {"name": "empty", "ops": []}}), flush=True)
                else:
                    print(json.dumps({"id": request["id"], "ok": False, "error": {"code": "unimplemented"}}), flush=True)
            """)
        let (result, directory) = try verify(["--shim", nothing, "--only", "wirecore/base64"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("NOTHING TESTED"), result.stdout)
        XCTAssertTrue(try String(contentsOfFile: "\(directory)/summary.md", encoding: .utf8).contains("NOTHING TESTED"))
        let (allowed, _) = try verify(["--shim", nothing, "--only", "wirecore/base64", "--allow-empty", "--json"])
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        let summary = try JSONParser.parse(allowed.stdout)
        XCTAssertEqual(summary["executed"], 0)
        XCTAssertEqual(summary["exitCode"], 0)
    }

    func testStaleExpectationsWarnAndFailUnderStrict() throws {
        let file = try TestEnvironment.temporaryDirectory() + "/expect.json"
        try #"{"expectedFailures": {"wirecore/base64/no-such-case": "typo"}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let (lenient, _) = try verify(["--expect", file, "--only", "wirecore/base64/std-padded-strict"])
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        XCTAssertTrue(lenient.stderr.contains("warning: expectations: expectedFailures wirecore/base64/no-such-case matches no case"))
        let (strict, _) = try verify(["--expect", file, "--only", "wirecore/base64/std-padded-strict", "--strict"])
        XCTAssertEqual(strict.status, 2, strict.stderr)
    }

    func testDuplicateCaseIdsAreRejected() throws {
        let vectors = try TestEnvironment.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: "\(vectors)/wirecore", withIntermediateDirectories: true)
        let original = try String(contentsOfFile: "\(TestEnvironment.vectorsDirectory)/wirecore/base64.json", encoding: .utf8)
        try original.write(toFile: "\(vectors)/wirecore/base64.json", atomically: true, encoding: .utf8)
        try original.replacingOccurrences(of: "rfc4648-foob\"", with: "rfc4648-fooba\"")
            .write(toFile: "\(vectors)/wirecore/base64-copy.json", atomically: true, encoding: .utf8)
        let result = try wirecheck(["vectors", "verify", "--vectors", vectors, "--report-dir", vectors + "/run"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("appears twice"), result.stderr)
    }

    /// `vectors flags` lists every value `--flag` takes, with its bug type and case count, once per meaning.
    func testFlagsCommandListsTheValuesOfFlag() throws {
        let all = try wirecheck(["vectors", "flags", "--vectors", TestEnvironment.vectorsDirectory, "--json"])
        XCTAssertEqual(all.status, 0, all.stderr)
        let rows = try XCTUnwrap(try JSONParser.parse(all.stdout).arrayValue)
        let nonCanonical = try XCTUnwrap(rows.first { $0["flag"] == "NonCanonical" })
        XCTAssertEqual(nonCanonical["bugType"], "MALLEABILITY")
        XCTAssertEqual(nonCanonical["cases"], 16)
        let files = try TestEnvironment.vectorFiles()
        XCTAssertEqual(Set(rows.compactMap { $0["flag"]?.stringValue }), Set(files.flatMap(\.notes.keys)))
        // A flag two suites define each their own way is listed once per meaning, each with its suites and cases.
        let whitespace = rows.filter { $0["flag"] == "Whitespace" }
        XCTAssertEqual(whitespace.map { $0["suites"] }, [["wirecore/base64"], ["atproto/syntax"]])
        XCTAssertNotEqual(whitespace.first?["description"], whitespace.last?["description"])
        let auth = try wirecheck(["vectors", "flags", "--vectors", TestEnvironment.vectorsDirectory, "--bug-type", "AUTH_BYPASS", "--json"])
        let authRows = try XCTUnwrap(try JSONParser.parse(auth.stdout).arrayValue)
        XCTAssertFalse(authRows.isEmpty)
        XCTAssertTrue(authRows.allSatisfy { $0["bugType"] == "AUTH_BYPASS" })
        XCTAssertEqual(try wirecheck(["vectors", "flags", "--bug-type", "NOPE"]).status, 2)
    }

    // MARK: Failures that show the bytes

    func testFailuresCarryInputExpectedActualAndAHexDiff() throws {
        let flipping = try shim(
            """
            import sys, json, base64
            for line in sys.stdin:
                request = json.loads(line)
                if request["op"] == "hello":
                    hello = {"name": "flip", "ops": ["wirecore.base64Decode"]}
                    print(json.dumps({"id": request["id"], "ok": True, "result": hello}), flush=True)
                    continue
                data = bytearray(base64.b64decode("Zm9vYmFy"))
                data[3] ^= 1
                print(json.dumps({"id": request["id"], "ok": True, "result": {"bytes": data.hex()}}), flush=True)
            """)
        let id = "wirecore/base64/std-padded-strict/rfc4648-foobar"
        let (result, directory) = try verify(["--shim", flipping, "--only", id])
        XCTAssertEqual(result.status, 1, result.stderr)
        let line = try XCTUnwrap(TestEnvironment.readResults(directory).first { $0["id"]?.stringValue == id })
        let detail = try XCTUnwrap(line["detail"]?.objectValue)
        // The arguments as the shim received them: the group's params merged with the case's input.
        XCTAssertEqual(
            try JSONParser.parse(Array(try XCTUnwrap(detail["input"]?.stringValue).utf8)),
            ["variant": "std-padded-strict", "text": "Zm9vYmFy"])
        XCTAssertEqual(detail["expected"], #"{"bytes":"666f6f626172"}"#)
        XCTAssertEqual(detail["actual"], #"{"bytes":"666f6f636172"}"#)
        let diff = try XCTUnwrap(detail["hexDiffs"]?.arrayValue?.first?.stringValue)
        XCTAssertTrue(diff.contains("first difference at byte 3"), diff)
        XCTAssertTrue(diff.contains("000000 expected 66 6f 6f 62 61 72"), diff)
        XCTAssertTrue(diff.contains("000000 actual   66 6f 6f 63 61 72"), diff)
        let summary = try String(contentsOfFile: "\(directory)/summary.md", encoding: .utf8)
        XCTAssertTrue(summary.contains(#""text":"Zm9vYmFy""#), summary)
        XCTAssertEqual(detail["firstDifference"], #"/bytes: expected "666f6f626172", actual "666f6f636172""#)
        let junit = try String(contentsOfFile: "\(directory)/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("expected: {&quot;bytes&quot;:&quot;666f6f626172&quot;}"), junit)
        XCTAssertTrue(result.stdout.contains("first difference at byte 3"), result.stdout)
    }

    // MARK: The README walkthrough

    /// The FlowDown walkthrough of the README with the shipped `Examples/models.plist`, ending with
    /// `open --callback URL` and `open --payload` given the value as copied from the URL (%3D%3D).
    func testFlowDownWalkthroughWithTheShippedModels() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        let models = "\(TestEnvironment.root)/Examples/models.plist"
        func json(_ arguments: [String]) throws -> JSONValue {
            let result = try wirecheck(["flowdown"] + arguments + ["--json"], in: dir)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            return try JSONParser.parse(result.stdout)
        }
        _ = try json(["keygen", "--out", "my.seed"])
        let handshake = try XCTUnwrap(try json(["handshake", "--seed-file", "my.seed", "--callback", "my-app"])["url"]?.stringValue)
        let verification = try XCTUnwrap(
            try json(["simulate", "--models", models, "--state", "fd.json", "--url", handshake])["callback"]?.stringValue)
        let session = try XCTUnwrap(try json(["parse", verification])["fields"]?["session"]?.stringValue)
        let exchange = try XCTUnwrap(
            try json([
                "exchange", "--seed-file", "my.seed", "--session", session, "--app-name", "My App", "--reason", "Chat",
                "--capability", "tool", "--multiple-selection",
            ])["url"]?.stringValue)
        let completed = try XCTUnwrap(
            try json(["simulate", "--models", models, "--state", "fd.json", "--url", exchange, "--policy", "all-matching"])["callback"]?
                .stringValue)
        XCTAssertEqual(
            try json(["open", "--seed-file", "my.seed", "--callback", completed, "--out", "got.plist"])["session"]?.stringValue, session)
        // As copied from the URL ('=' is %3D there), then escaped further as a user's tool may do;
        // the first character too, so the value has an escape whatever the random payload holds.
        let copied = try XCTUnwrap(completed.split(separator: "&").first { $0.hasPrefix("payload=") }?.dropFirst(8))
        let escaped =
            "%" + Hex.encode(Array(copied.prefix(1).utf8)).uppercased()
            + copied.dropFirst().replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: "/", with: "%2F")
        _ = try json(["open", "--seed-file", "my.seed", "--payload", escaped, "--out", "got2.plist"])
        let opened = try XCTUnwrap(try json(["models", "got.plist"]).arrayValue)
        XCTAssertEqual(opened.compactMap { $0["name"]?.stringValue }, ["Example Vision", "Example Text"])
        XCTAssertEqual(FileManager.default.contents(atPath: "\(dir)/got.plist"), FileManager.default.contents(atPath: "\(dir)/got2.plist"))
        let printed = try wirecheck(["flowdown", "models", "got.plist"], in: dir)
        XCTAssertFalse(printed.stdout.contains("sk-example-not-a-real-key"), "tokens are printed only with --show-secrets")
    }

    /// Every `--help` of every command, walked from the top: an example line is never wrapped in the
    /// middle of its command (help is wrapped at 80 columns when stdout is not a terminal).
    func testHelpExamplesAreNotWrappedMidCommand() throws {
        var pending: [[String]] = [[]]
        var visited = 0
        var broken: [String] = []
        while let path = pending.popLast(), visited < 200 {
            visited += 1
            let help = try wirecheck(path + ["--help"]).stdout
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let discussion = lines.prefix { !$0.hasPrefix("USAGE:") }
            for (index, line) in discussion.enumerated()
            where line.hasPrefix("Example: ") || line.hasPrefix("  wirecheck ") || line.hasPrefix("  .build/") {
                let next = index + 1 < discussion.count ? discussion[index + 1] : ""
                if !next.isEmpty, !next.hasPrefix(" "), !next.hasSuffix(":"), !next.hasPrefix("Example") {
                    broken.append("wirecheck \(path.joined(separator: " ")): \(line) / \(next)")
                }
            }
            if let subcommands = help.components(separatedBy: "SUBCOMMANDS:").dropFirst().first {
                for line in subcommands.split(separator: "\n") where line.hasPrefix("  ") && !line.hasPrefix("   ") {
                    // Only command names: the section ends with "See 'wirecheck help …'" lines.
                    let name = String(line.dropFirst(2).prefix { $0 != " " })
                    guard !name.isEmpty, name != "help", name.allSatisfy({ $0.isLowercase || $0 == "-" }) else { continue }
                    pending.append(path + [name])
                }
            }
        }
        XCTAssertGreaterThan(visited, 20)
        XCTAssertEqual(broken, [])
    }

    // MARK: The shim

    func testShimEchoesTheIdOfABadRequestAndReadsLongLines() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        var input = #"{"id":5}"# + "\n"
        input += "{\"id\":6,\"op\":\"wirecore.base64Decode\",\"args\":{\"variant\":\"std-padded-strict\",\"text\":\""
        input += String(repeating: "QUFB", count: 1 << 20) + "\"}}\n"
        input += String(repeating: "x", count: 4 << 20) + "\n"
        try input.write(toFile: "\(dir)/in.jsonl", atomically: true, encoding: .utf8)
        let result = try TestEnvironment.run(["/bin/sh", "-c", "\(try TestEnvironment.wirecheck) shim < \(dir)/in.jsonl"])
        let lines = result.stdout.split(separator: "\n").map { try? JSONParser.parse(String($0)) }
        XCTAssertEqual(lines.count, 3, result.stderr)
        XCTAssertEqual(lines[0]?["id"], 5)
        XCTAssertEqual(lines[0]?["error"]?["code"], "bad-request")
        XCTAssertEqual(lines[1]?["id"], 6)
        XCTAssertEqual(lines[1]?["result"]?["bytes"]?.stringValue?.count, 6 << 20)
        XCTAssertEqual(lines[2]?["error"]?["code"], "bad-request")
    }

    func testAShimThatDiesBeforeHelloShowsItsStderr() throws {
        let (result, _) = try verify(["--shim", "python3 /nonexistent/my_shim.py", "--only", "wirecore/base64"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("the shim's stderr ends with"), result.stderr)
        XCTAssertTrue(result.stderr.contains("/nonexistent/my_shim.py"), result.stderr)
    }

    func testAShimThatNeverFlushesIsAskedAboutIt() throws {
        let silent = try shim("import sys, time\nsys.stdin.readline()\ntime.sleep(30)\n")
        let (result, _) = try verify(["--shim", silent, "--only", "wirecore/base64", "--timeout", "1"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("did the shim flush stdout"), result.stderr)
    }

    // MARK: Exit codes and messages

    func testMissingFilesAndBadArgumentsExit2WithoutTheTopLevelUsage() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        let missing = try wirecheck(
            ["flowdown", "simulate", "--models", "missing.plist", "--state", "fd.json", "--url", "flowdown://x"], in: dir)
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("cannot read missing.plist"), missing.stderr)
        XCTAssertFalse(missing.stderr.contains("USAGE"), missing.stderr)
        let secret = try wirecheck(["cdev", "validate", "cdev_p_x", "--secret-file", "/nonexistent"], in: dir)
        XCTAssertEqual(secret.status, 2, secret.stderr)
        let unknown = try wirecheck(["vectors", "verify", "--no-such-option"], in: dir)
        XCTAssertEqual(unknown.status, 2, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("wirecheck vectors verify"), unknown.stderr)
    }

    func testKeygenDoesNotOverwriteAKeyWithoutForce() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        XCTAssertEqual(try wirecheck(["flowdown", "keygen", "--out", "my.seed"], in: dir).status, 0)
        let first = try String(contentsOfFile: "\(dir)/my.seed", encoding: .utf8)
        let again = try wirecheck(["flowdown", "keygen", "--out", "my.seed"], in: dir)
        XCTAssertEqual(again.status, 2, again.stderr)
        XCTAssertTrue(again.stderr.contains("--force"), again.stderr)
        XCTAssertEqual(try String(contentsOfFile: "\(dir)/my.seed", encoding: .utf8), first)
        XCTAssertEqual(try wirecheck(["flowdown", "keygen", "--out", "my.seed", "--force"], in: dir).status, 0)
        XCTAssertNotEqual(try String(contentsOfFile: "\(dir)/my.seed", encoding: .utf8), first)
    }

    func testExpiredMessageSaysTheClassOnceWithWholeSeconds() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        let seed = Hex.encode((1...32).map(UInt8.init))
        let exchange = try wirecheck(
            [
                "flowdown", "exchange", "--seed", seed, "--session", "S", "--app-name", "A", "--reason", "R", "--capability", "tool",
                "--timestamp", "1700000000", "--json",
            ], in: dir)
        XCTAssertEqual(exchange.status, 0, exchange.stderr)
        let url = try XCTUnwrap(try JSONParser.parse(exchange.stdout)["url"]?.stringValue)
        let keys = try wirecheck(["flowdown", "keygen", "--seed", seed, "--json"], in: dir)
        let pk = try XCTUnwrap(try JSONParser.parse(keys.stdout)["pk"]?.stringValue)
        let verify = try wirecheck(["flowdown", "verify", url, "--pk", pk, "--now", "1800000000"], in: dir)
        XCTAssertEqual(verify.status, 1, verify.stderr)
        XCTAssertTrue(verify.stderr.contains("refused: expired: timestamp 1700000000 is 100000000 s from now (1800000000)"), verify.stderr)
        XCTAssertFalse(verify.stderr.contains("expired: expired"), verify.stderr)
    }

    func testServeOnABusyPortSaysSo() throws {
        let (listener, port) = try Self.listeningSocket()
        defer { close(listener) }
        let dir = try TestEnvironment.temporaryDirectory()
        let result = try wirecheck(["serve", "cdev", "--port", String(port), "--secret-file", "\(dir)/secret.json"], in: dir)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("the port is in use"), result.stderr)
    }

    func testCheckingAServerThatNeverAnswersSaysTimedOut() throws {
        // The kernel accepts the connection into the backlog; nobody ever reads or answers.
        let (listener, port) = try Self.listeningSocket()
        defer { close(listener) }
        let dir = try TestEnvironment.temporaryDirectory()
        let result = try wirecheck(["check", "cdev", "--url", "http://127.0.0.1:\(port)", "--timeout", "1"], in: dir)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("timed out after 1.0 s"), result.stderr)
        XCTAssertFalse(result.stderr.contains("Resource temporarily unavailable"), result.stderr)
    }

    /// A loopback TCP socket listening on a free port.
    static func listeningSocket() throws -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard bound == 0, listen(fd, 16) == 0 else { throw CocoaError(.fileWriteUnknown) }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
