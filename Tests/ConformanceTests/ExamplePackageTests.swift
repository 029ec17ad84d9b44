import Foundation
import WireCheckTestSupport
import XCTest

/// `Examples/SwiftTestingExample`, an implementer's package that depends on `WireCheckTesting` by path,
/// passes its `swift test`, with its unimplemented cases shown as known issues; its deliberate bug gives one failure
/// per affected case, named by id, in both test styles, and its mistyped selection fails; and its build holds no
/// server framework, no CLI and no mock server (`serverOnly`).
final class ExamplePackageTests: XCTestCase {
    static let example = "\(Repository.root)/Examples/SwiftTestingExample"

    func swiftTest(showFailures: Bool) throws -> TestEnvironment.ProcessResult {
        try TestEnvironment.run(
            ["/usr/bin/env", "swift", "test", "--package-path", Self.example],
            environment: ["WIRECHECK_EXAMPLE_SHOW_FAILURES": showFailures ? "1" : "0"])
    }

    /// Targets a testing library's user should not have to build: the servers, the CLI, and the mock MLS
    /// server with its GRDB and jwt-kit (and swift-certificates' X509, which jwt-kit brings).
    static let serverOnly = [
        "Hummingbird", "NIO", "WireCheckCLI", "MockServers", "CatbirdMLSService", "CatbirdMLSEmbedded", "GRDB", "JWTKit", "X509",
    ]

    /// Targets with C or system-library code no Apple platform has (OpenSSL, libsodium, FlatBuffers, libqrencode,
    /// libpng), or that bring one: `WireCheckTesting` judges every family without them.
    static let cLibraryCode = [
        "COpenSSL", "CSodium", "CSecp256k1", "CrossCheck", "SodiumCheck", "NanoTDF", "ArkavoWire", "CArkavoFlatBuffers", "CQRPNG",
        "QRImage", "CdevService", "WireCheckFamilies", "WireCoreBench",
    ]
    /// The shared libraries of those, which the example's test executable must not load.
    static let cLibraryNames = ["libssl", "libcrypto", "libsodium", "libflatbuffers", "libqrencode", "libpng", "libsecp256k1"]

    func testTheExamplePackagePassesAndItsBugIsReportedPerCase() throws {
        // Objects an earlier build of the example left (before a target left the graph) must not count.
        for folder in try Self.buildFolders() where (Self.serverOnly + Self.cLibraryCode).contains(where: folder.hasPrefix) {
            try FileManager.default.removeItem(atPath: "\(Self.example)/.build/debug/\(folder)")
        }
        let green = try swiftTest(showFailures: false)
        XCTAssertEqual(green.status, 0, String((green.stdout + green.stderr).suffix(3000)))
        XCTAssertTrue(green.stdout.contains("with 42 test cases passed"), "one Swift Testing case per vector: \(green.stdout.suffix(800))")
        // The raw variants the example leaves unimplemented are known issues, counted, not passes; XCTest prints its counts.
        XCTAssertTrue(green.stdout.contains("rawBase64IsNotImplementedYet(_:) with 17 test cases passed"), String(green.stdout.suffix(800)))
        XCTAssertTrue(green.stdout.contains("with 17 known issues"), String(green.stdout.suffix(800)))
        XCTAssertTrue(
            green.stdout.contains("wirecore.base64Decode is not implemented by ExampleBase64: wirecore/base64/std-raw-strict/rfc4648-f"))
        XCTAssertTrue(green.stdout.contains("WireCheckTesting: ExampleBase64 on wirecore/base64/*-padded-strict/*: 42 passed\n"))
        XCTAssertTrue(green.stdout.contains("mistypedSelection(_:) skipped"), "the typo test runs with the deliberate bug only")

        let red = try swiftTest(showFailures: true)
        XCTAssertNotEqual(red.status, 0)
        let output = red.stdout + red.stderr
        // The bug (the standard alphabet for url-padded-strict) breaks exactly the cases that use `-`, `_`, `+` or `/`.
        let failing = ["wirecore/base64/url-padded-strict/alphabet-62-63", "wirecore/base64/url-padded-strict/other-alphabet"]
        for id in failing {
            XCTAssertTrue(output.contains("XCTestStyleTests.testStrictBase64Conforms : failed - FAIL \(id):"), "XCTest names \(id)")
            XCTAssertTrue(output.contains("testCase → \(id) at"), "Swift Testing names \(id)")
        }
        let xctestFailures = output.components(separatedBy: "XCTestStyleTests.testStrictBase64Conforms : failed - FAIL ").count - 1
        XCTAssertEqual(xctestFailures, failing.count, "one XCTest failure per failing case")
        XCTAssertTrue(output.contains("strictBase64Conforms(_:) with 42 test cases failed after"), String(output.suffix(1500)))
        XCTAssertTrue(output.contains("with 2 issues"), String(output.suffix(1500)))
        XCTAssertTrue(output.contains("WireCheckTesting: ExampleBase64 on wirecore/base64/*-padded-strict/*: 40 passed, 2 failed"))
        // A mistyped selection fails, naming the glob, instead of selecting nothing and passing.
        XCTAssertTrue(
            output.contains("the selection 'wirecore/base64/url-padded-strikt' matches no case id"), String(output.suffix(1500)))
        XCTAssertTrue(output.contains("✘ Test mistypedSelection(_:) with 1 test case failed"), String(output.suffix(1500)))

        // What the user's build compiled: the testing library, not Hummingbird, NIO or the CLI, nor the mock MLS
        // server with its GRDB and jwt-kit (with swift-certificates' X509). (SwiftPM makes a folder for every
        // target of the graph; only compiled ones hold object files.)
        // Nor any code of OpenSSL, libsodium, FlatBuffers, libqrencode or libpng: no object file of the targets that hold
        // or wrap them, and no such library loaded by the test executable.
        XCTAssertFalse(try Self.objectFiles(of: "WireCheckTesting").isEmpty)
        XCTAssertFalse(try Self.objectFiles(of: "WireCoreConformance").isEmpty, "the typed helpers' family is built")
        let folders = try Self.buildFolders()
        XCTAssertTrue(folders.contains("GRDB.build"), "the graph has GRDB's folder, so the check below looks at the right place")
        XCTAssertTrue(folders.contains("CArkavoFlatBuffers.build"), "and CArkavoFlatBuffers'")
        for folder in folders where (Self.serverOnly + Self.cLibraryCode).contains(where: folder.hasPrefix) {
            XCTAssertEqual(try Self.objectFiles(of: String(folder.dropLast(".build".count))), [], "\(folder) was compiled")
        }
        let ldd = try TestEnvironment.run(["/usr/bin/ldd", "\(Self.example)/.build/debug/SwiftTestingExamplePackageTests.xctest"])
        XCTAssertEqual(ldd.status, 0, ldd.stderr)
        XCTAssertTrue(ldd.stdout.contains("libswiftCore"), "ldd lists the executable's libraries: \(ldd.stdout)")
        for library in Self.cLibraryNames { XCTAssertFalse(ldd.stdout.contains(library), "the tests load \(library)") }
    }

    /// `import WireCheckTesting` brings no type of the reference into scope: the example's own `Base64` (named like
    /// WireCore's) is used without ambiguity in its tests, and a test file that does not import the example's module
    /// does not compile, whatever reference name it uses; nor does the typed helpers' product bring the reference's
    /// op table (which would let a test check WireCheck against itself).
    func testTheReferenceIsNotInScope() throws {
        let probe = "\(Self.example)/Tests/ExampleBase64Tests/ScopeProbe.swift"
        try """
        import WireCheckTesting
        import WireCheckTestingWireCore

        func probe() throws {
            _ = try Base64.decode("", urlAlphabet: false)
            _ = Hex.encode([1])
            _ = CdevToken.self
            _ = ModelExchangeKeyPair.self
            _ = WireCoreOps.reference
        }

        """.write(toFile: probe, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: probe) }
        let build = try TestEnvironment.run(["/usr/bin/env", "swift", "build", "--build-tests", "--package-path", Self.example])
        XCTAssertNotEqual(build.status, 0)
        let output = build.stdout + build.stderr
        for name in ["Base64", "Hex", "CdevToken", "ModelExchangeKeyPair"] {
            XCTAssertTrue(
                output.contains("ScopeProbe.swift") && output.contains("cannot find '\(name)' in scope"), "\(name): \(output.suffix(2000))")
        }
        // The typed helpers bring their builders, not the reference's op table.
        XCTAssertTrue(output.contains("has no member 'reference'"), String(output.suffix(2000)))
        XCTAssertFalse(output.contains("ambiguous"), String(output.suffix(2000)))
    }

    /// The folders of the example's debug build (none before its first build).
    static func buildFolders() throws -> [String] {
        let debug = "\(example)/.build/debug"
        guard FileManager.default.fileExists(atPath: debug) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: debug)
    }

    /// The object files SwiftPM compiled for `target` in the example's debug build.
    static func objectFiles(of target: String) throws -> [String] {
        let folder = "\(example)/.build/debug/\(target).build"
        return (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".o") }
    }
}
