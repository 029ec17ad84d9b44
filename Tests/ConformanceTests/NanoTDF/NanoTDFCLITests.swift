import Foundation
import NanoTDFConformance
import WireCheckTestSupport
import WireCore
import XCTest

/// `wirecheck nanotdf inspect|decrypt|encrypt|verify` on the shipped spec example and its key.
final class NanoTDFCLITests: XCTestCase {
    func wirecheck(_ arguments: [String]) throws -> TestEnvironment.ProcessResult {
        try TestEnvironment.run([try TestEnvironment.wirecheck] + arguments, directory: TestEnvironment.root)
    }

    func testInspectPrintsTheFieldsAndTheirOffsets() throws {
        let json = try wirecheck(["nanotdf", "inspect", "Examples/spec-example-1.ntdf", "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let fields = try JSONParser.parse(json.stdout)
        XCTAssertEqual(fields["headerLength"], 142)
        XCTAssertEqual(fields["curve"], "secp256r1")
        XCTAssertEqual(fields["cipher"], 64)
        XCTAssertEqual(fields["payload"]?["iv"], "9ebd09")
        let annotated = try wirecheck(["nanotdf", "inspect", "Examples/spec-example-1.ntdf", "--annotate"]).stdout
        let rows = annotated.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        let offsets = Dictionary(uniqueKeysWithValues: rows.map { (String($0[1]), Int($0[0])!) })
        XCTAssertEqual(offsets["eccMode"], 19)
        XCTAssertEqual(offsets["policy.binding"], 45)
        XCTAssertEqual(offsets["ephemeralPublicKey"], 109)
        XCTAssertEqual(offsets["payload.iv"], 145)
        XCTAssertEqual(offsets["signature.signature"], 194)
        // The annotated bytes, concatenated in order, are the file.
        let file = try XCTUnwrap(FileManager.default.contents(atPath: "\(TestEnvironment.root)/Examples/spec-example-1.ntdf"))
        XCTAssertEqual(rows.map { String($0[2]) }.joined(), Hex.encode(Array(file)))
    }

    func testInspectRefusesWithTheClassAndTheOffset() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        var bytes = Array(try XCTUnwrap(FileManager.default.contents(atPath: "\(TestEnvironment.root)/Examples/spec-example-1.ntdf")))
        bytes[20] = 0x86
        try Data(bytes).write(to: URL(fileURLWithPath: "\(dir)/bad.ntdf"))
        let refused = try wirecheck(["nanotdf", "inspect", "\(dir)/bad.ntdf", "--json"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(try JSONParser.parse(refused.stdout)["error"]?["code"], "bad-cipher")
        XCTAssertEqual(try JSONParser.parse(refused.stdout)["error"]?["offset"], 20)
        let header = try wirecheck(["nanotdf", "inspect", "\(dir)/bad.ntdf", "--header-only"])
        XCTAssertEqual(header.status, 1)
        XCTAssertTrue(header.stderr.contains("refused: bad-cipher: cipher 6 is above 5 at byte 20"), header.stderr)
    }

    func testDecryptPrintsThePlaintextAndWhatVerified() throws {
        let decrypted = try wirecheck([
            "nanotdf", "decrypt", "Examples/spec-example-1.ntdf", "--key", "Examples/spec-example-1-recipient.pem",
        ])
        XCTAssertEqual(decrypted.status, 0, decrypted.stderr)
        XCTAssertEqual(decrypted.stdout, "DON'T")
        XCTAssertTrue(decrypted.stderr.contains("IV spec-iv24), binding ecdsa-fixed verified, signature verified"), decrypted.stderr)
        // The key is never echoed (its scalar begins 472c179a).
        XCTAssertFalse((decrypted.stdout + decrypted.stderr).contains("472c179a"))
        let wrongKey = try wirecheck([
            "nanotdf", "decrypt", "Examples/spec-example-1.ntdf", "--key", "Examples/spec-example-2-recipient.pem",
        ])
        XCTAssertEqual(wrongKey.status, 1)
        XCTAssertTrue(wrongKey.stderr.contains("refused: authentication-failed"), wrongKey.stderr)
        let forced = try wirecheck([
            "nanotdf", "decrypt", "Examples/spec-example-1.ntdf", "--key", "Examples/spec-example-1-recipient.pem", "--iv-convention",
            "zero-prefix", "--json",
        ])
        XCTAssertEqual(forced.status, 1)
        XCTAssertEqual(try JSONParser.parse(forced.stdout)["error"]?["code"], "authentication-failed")
        XCTAssertEqual(try JSONParser.parse(forced.stdout)["error"]?["offset"], 153)
    }

    func testEncryptThenDecryptAndVerify() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        try Data("attack at dawn".utf8).write(to: URL(fileURLWithPath: "\(dir)/plain.txt"))
        let encrypted = try wirecheck([
            "nanotdf", "encrypt", "\(dir)/plain.txt", "--kas-key", "Examples/spec-example-2-recipient.pem", "--binding", "gmac-tag",
            "--iv-convention", "zero-suffix", "--sign-key", "Examples/spec-example-1-recipient.pem", "--out", "\(dir)/c.ntdf",
        ])
        XCTAssertEqual(encrypted.status, 0, encrypted.stderr)
        let decrypted = try wirecheck(["nanotdf", "decrypt", "\(dir)/c.ntdf", "--key", "Examples/spec-example-2-recipient.pem", "--json"])
        XCTAssertEqual(decrypted.status, 0, decrypted.stderr)
        let result = try JSONParser.parse(decrypted.stdout)
        XCTAssertEqual(result["plaintext"]?.stringValue, Hex.encode(Array("attack at dawn".utf8)))
        XCTAssertEqual(result["ivConvention"], "zero-suffix")
        XCTAssertEqual(result["bindingVariant"], "gmac-tag")
        XCTAssertEqual(result["signatureVerified"], true)
        // Without the key a gmac-tag binding cannot be checked, and verify says so.
        let keyless = try wirecheck(["nanotdf", "verify", "\(dir)/c.ntdf", "--json"])
        XCTAssertEqual(keyless.status, 1)
        XCTAssertEqual(try JSONParser.parse(keyless.stdout)["bindingVerified"], false)
        let keyed = try wirecheck(["nanotdf", "verify", "\(dir)/c.ntdf", "--key", "Examples/spec-example-2-recipient.pem"])
        XCTAssertEqual(keyed.status, 0, keyed.stderr)
        // A changed policy byte breaks the binding (its offset from the annotated view).
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/c.ntdf")))
        let layout = try wirecheck(["nanotdf", "inspect", "\(dir)/c.ntdf", "--annotate"]).stdout.split(separator: "\n")
        let contentRow = try XCTUnwrap(layout.map { $0.split(separator: " ") }.first { $0[1] == "policy.content" })
        bytes[Int(contentRow[0])!] ^= 1
        try Data(bytes).write(to: URL(fileURLWithPath: "\(dir)/tampered.ntdf"))
        let tampered = try wirecheck(["nanotdf", "verify", "\(dir)/tampered.ntdf", "--key", "Examples/spec-example-2-recipient.pem"])
        XCTAssertEqual(tampered.status, 1)
        XCTAssertTrue(tampered.stderr.contains("binding NOT verified"), tampered.stderr)
    }

    /// `--params` with a vector case's input reproduces its container byte for byte.
    func testEncryptWithParamsReproducesAVectorCase() throws {
        let dir = try TestEnvironment.temporaryDirectory()
        var reproduced = 0
        try forEachCase(in: "nanotdf/crypto", of: NanoTDFCryptoSuite.encrypt) { _, test in
            guard test.result == .valid, test.id.contains("secp521r1-gcm128-embedded-encrypted-key-access") else { return }
            try Data(JSONWriter().bytes(test.input)).write(to: URL(fileURLWithPath: "\(dir)/params.json"))
            let made = try wirecheck(["nanotdf", "encrypt", "--params", "\(dir)/params.json", "--json"])
            XCTAssertEqual(made.status, 0, made.stderr)
            XCTAssertEqual(try JSONParser.parse(made.stdout)["container"], test.expected["container"], test.id)
            reproduced += 1
        }
        XCTAssertGreaterThan(reproduced, 0)
    }
}
