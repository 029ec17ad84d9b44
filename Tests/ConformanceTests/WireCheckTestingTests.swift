import CdevAuth
import ConformanceKit
import WireCheckFamilies
import WireCheckTestSupport
import WireCore
import XCTest

@testable import WireCheckTesting

/// `WireCheckTesting` in-process: an `Implementation` that forwards to the reference shim conforms
/// everywhere; one with a bug fails exactly the cases the bug touches, each named by its id.
final class WireCheckTestingTests: XCTestCase {
    /// The reference implementation behind the `Implementation` protocol, optionally breaking one op.
    struct Forwarding: Implementation {
        var broken: String? = nil
        let shim = ReferenceShim(families: WireCheckFamilies.all)

        func call(op: String, args: JSONObject) throws(ShimError) -> JSONObject {
            if op == broken { throw ShimError(code: "broken") }
            return try shim.handle(ShimRequest(id: 1, op: op, args: args)).outcome.get()
        }
    }

    func testTheReferenceConformsThroughTheLibrary() throws {
        let results = try ConformanceRun.run(Forwarding(), strict: true)
        XCTAssertEqual(results.count, try ConformanceVectors.files.reduce(0) { $0 + $1.allTests.count })
        XCTAssertEqual(results.filter { $0.status.failsRun }.map(\.id), [])
        XCTAssertGreaterThan(results.filter { $0.status == .pass }.count, 1400)
        for testCase in WireCheckCases("nanotdf/crypto/decrypt-spec-example-1", "cdev/tokens/validate-spec-v1") {
            XCTAssertNoThrow(try testCase.check(Forwarding(), strict: true), testCase.id)
        }
    }

    func testABrokenOpFailsItsCasesByID() throws {
        let broken = Forwarding(broken: "wirecore.queryEncode")
        let results = try ConformanceRun.run(broken, selection: CaseSelection(only: ["wirecore"]))
        let failed = results.filter { $0.status.failsRun }
        // Valid encode cases fail (rejected); invalid ones are still rejected, which passes without --strict.
        XCTAssertFalse(failed.isEmpty)
        XCTAssertTrue(failed.allSatisfy { $0.id.hasPrefix("wirecore/query-encoding/") }, "\(failed.map(\.id))")
        let cases = WireCheckCases("wirecore/query-encoding")
        let failure = cases.lazy.compactMap { testCase -> ConformanceFailure? in
            do throws(ConformanceFailure) {
                try testCase.check(broken)
                return nil
            } catch {
                return error
            }
        }.first
        let description = try XCTUnwrap(failure).description
        XCTAssertTrue(description.hasPrefix("FAIL wirecore/query-encoding/"), description)
        XCTAssertTrue(description.contains("rejected a valid case with broken"), description)
        XCTAssertTrue(description.contains("rerun: WireCheckCases(\"wirecore/query-encoding/"), description)
        // Unimplemented ops are not failures.
        struct Nothing: Implementation {
            func call(op: String, args: JSONObject) throws(ShimError) -> JSONObject { throw .unimplemented }
        }
        let cdev = try ConformanceRun.run(Nothing(), selection: CaseSelection(only: ["cdev"])).filter { $0.id.hasPrefix("cdev/") }
        XCTAssertFalse(cdev.isEmpty)
        XCTAssertEqual(Set(cdev.map(\.status)), [.unimplemented])
    }

    /// An `OpTable` of typed functions over the project's own code: it conforms on the suites of its ops,
    /// and a bug in one function (revoked nonces ignored) fails exactly the cases that test revocation.
    func testTypedOpsConformAndABugFailsOnlyItsCases() throws {
        func typed(ignoringRevocation: Bool) -> OpTable {
            OpTable(
                name: "typed",
                [
                    CdevOps.validate { token, secret, serverId, now, revoked throws(ShimError) in
                        do throws(CdevTokenError) {
                            return try CdevToken.validate(
                                token, secret: secret, serverId: serverId, now: now, revokedNonces: ignoringRevocation ? [] : revoked)
                        } catch {
                            throw ShimError(error)
                        }
                    },
                    ATProtoOps.syntax { format, value throws(ShimError) in
                        guard format.isValid(value) else { throw ShimError(code: "invalid-syntax") }
                    },
                ])
        }
        let selection = CaseSelection(only: ["cdev/tokens", "atproto/syntax"])
        let results = try ConformanceRun.run(typed(ignoringRevocation: false), selection: selection, strict: true)
        XCTAssertEqual(results.filter { $0.status.failsRun }.map(\.id), [])
        XCTAssertEqual(Set(results.map(\.suite)), ["cdev/tokens", "atproto/syntax"], "a case the selection leaves out has no result")
        XCTAssertGreaterThan(results.filter { $0.status == .pass }.count, 500)
        XCTAssertTrue(results.contains { $0.status == .unimplemented }, "cdev.mint is not in the set")

        let failed = try ConformanceRun.run(typed(ignoringRevocation: true), selection: selection, strict: true).filter {
            $0.status.failsRun
        }
        XCTAssertFalse(failed.isEmpty)
        let revocationCases = Set(
            try ConformanceVectors.files.flatMap(\.allTests).map(\.test).filter { $0.input["revokedNonces"]?.arrayValue?.isEmpty == false }
                .map(
                    \.id))
        XCTAssertTrue(Set(failed.map(\.id)).isSubset(of: revocationCases), "\(failed.map(\.id))")
    }

    /// A vectors folder that cannot be read is an error naming it and saying how to give another; it stopped the
    /// program (a `preconditionFailure`), taking the user's whole test process down.
    func testAnUnreadableVectorsFolderThrowsItsPath() {
        let missing = URL(fileURLWithPath: "/nonexistent/wirecheck-vectors")
        XCTAssertThrowsError(try ConformanceRun.run(Forwarding(), vectors: missing)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("/nonexistent/wirecheck-vectors"), message)
            XCTAssertTrue(message.contains("Bundle.module"), message)
        }
    }

    /// A selection narrows the files themselves: the cases it leaves out are counted, not reported as SKIP (which
    /// reads as if the implementation had skipped them), and no empty group or file is left to print progress for.
    func testASelectionLeavesOutTheRestAndCountsIt() throws {
        let files = try ConformanceVectors.files
        let total = files.reduce(0) { $0 + $1.allTests.count }
        let base64 = files.filter { $0.suite == "wirecore/base64" }.reduce(0) { $0 + $1.allTests.count }
        XCTAssertGreaterThan(base64, 0)
        let narrowed = CaseSelection(only: ["wirecore/base64"], skip: ["*/space"]).narrowed(files)
        XCTAssertEqual(narrowed.files.map(\.suite), ["wirecore/base64"])
        let kept = narrowed.files.flatMap(\.allTests).map(\.test.id)
        XCTAssertTrue(kept.allSatisfy { $0.hasPrefix("wirecore/base64/") && !$0.hasSuffix("/space") })
        XCTAssertLessThan(kept.count, base64)
        XCTAssertEqual(narrowed.leftOut, total - kept.count)
        XCTAssertTrue(narrowed.files.flatMap(\.testGroups).allSatisfy { !$0.tests.isEmpty })
        XCTAssertEqual(CaseSelection().narrowed(files).leftOut, 0)
    }

    /// The README's table of operations names every op of the reference shim, so that an implementer reading it
    /// sees them all (the NanoTDF and Arkavo ops were missing once).
    func testTheReadmeOpsTableNamesEveryOp() throws {
        let readme = try String(contentsOfFile: "\(Repository.root)/README.md", encoding: .utf8)
        let table = readme.split(separator: "\n").filter { $0.hasPrefix("| `") && !$0.hasPrefix("| `wirecheck") }
        let named = Set(
            table.flatMap { row in
                row.split(separator: "|")[0].split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            })
        let ops = Set(WireCheckFamilies.all.reference.names)
        XCTAssertGreaterThan(ops.count, 30)
        XCTAssertEqual(ops.subtracting(named).sorted(), [], "ops of the reference shim missing from the README's table")
    }

    /// Nothing passes without being tested: a mistyped selection fails in both styles, a selection of ops the
    /// implementation does not list fails unless allowEmpty, a run in which every case was unimplemented fails, and
    /// the summary line counts the unimplemented cases with their ops.
    func testNothingPassesWithoutBeingTested() throws {
        func failure(_ testCase: ConformanceCase, _ implementation: some Implementation, allowEmpty: Bool = false) -> String? {
            do throws(ConformanceFailure) {
                try testCase.check(implementation, allowEmpty: allowEmpty)
                return nil
            } catch {
                return error.description
            }
        }
        let syntaxOnly = OpTable(name: "SyntaxOnly", [ATProtoOps.syntax { _, _ throws(ShimError) in }])

        // A typo: Swift Testing gets one case that fails naming the glob; XCTest fails before running.
        let typo = WireCheckCases("wirecore/base64/std-padded-strict/*", "wirecore/base64/url-padded-strikt")
        XCTAssertEqual(typo.count, 22)
        let named = try XCTUnwrap(failure(try XCTUnwrap(typo.last), syntaxOnly))
        XCTAssertTrue(named.contains("'wirecore/base64/url-padded-strikt' matches no case id"), named)
        XCTAssertNotNil(failure(try XCTUnwrap(typo.last), syntaxOnly, allowEmpty: true), "allowEmpty does not excuse a typo")
        let typoCheck = ConformanceCheck(syntaxOnly, suites: ["cdev/tokenz"], strict: false, expectations: nil, allowEmpty: true)
        XCTAssertEqual(typoCheck.results.count, 0)
        XCTAssertTrue(typoCheck.failures.first?.contains("'cdev/tokenz' matches no case id") == true, "\(typoCheck.failures)")

        // Ops the implementation does not list: every case fails, unless allowEmpty.
        let tokenCase = try XCTUnwrap(WireCheckCases("cdev/tokens/validate-spec-v1").first)
        XCTAssertEqual(tokenCase.op, "cdev.validate")
        let none = try XCTUnwrap(failure(tokenCase, syntaxOnly))
        XCTAssertTrue(none.contains("SyntaxOnly implements none of the ops of the 1 selected cases (cdev.validate)"), none)
        XCTAssertNil(failure(tokenCase, syntaxOnly, allowEmpty: true))
        XCTAssertEqual(
            ConformanceCheck(syntaxOnly, suites: ["cdev/tokens"], strict: false, expectations: nil, allowEmpty: false).failures.count, 1)

        // Unimplemented found by calling (no supportedOps): both styles fail when nothing at all ran, and say why; one
        // case the implementation answers is enough.
        struct Nothing: Implementation {
            func call(op: String, args: JSONObject) throws(ShimError) -> JSONObject { throw .unimplemented }
        }
        struct OneCase: Implementation {
            func call(op: String, args: JSONObject) throws(ShimError) -> JSONObject {
                guard args["token"]?.stringValue?.hasPrefix("cdev_s_") == true else { throw .unimplemented }
                throw ShimError(code: "invalid-token")
            }
        }
        let silent = try XCTUnwrap(failure(tokenCase, Nothing()))
        XCTAssertTrue(silent.contains("Nothing answered `unimplemented` to every one of the 1 selected cases (cdev.validate)"), silent)
        XCTAssertNil(failure(tokenCase, Nothing(), allowEmpty: true))
        let validations = WireCheckCases("cdev/tokens/validate-*")
        XCTAssertGreaterThan(validations.count, 10)
        XCTAssertTrue(validations.allSatisfy { testCase in failure(testCase, OneCase())?.contains("to every one") != true })
        XCTAssertEqual(WireCheckCases().map(\.id), ["no glob"])
        XCTAssertEqual(
            ConformanceCheck(syntaxOnly, suites: [], strict: false, expectations: nil, allowEmpty: true).failures,
            [#"assertConforms was given no suite; ["*"] selects every case"#])
        let nothing = ConformanceCheck(Nothing(), suites: ["cdev/tokens"], strict: false, expectations: nil, allowEmpty: false)
        XCTAssertFalse(nothing.results.isEmpty)
        XCTAssertTrue(
            nothing.failures.last?.hasSuffix("Nothing does not implement cdev.mint, cdev.validate; pass allowEmpty: true if that is meant")
                == true, "\(nothing.failures)")
        XCTAssertEqual(
            nothing.summary, "WireCheckTesting: Nothing on cdev/tokens: \(nothing.results.count) not implemented (cdev.mint, cdev.validate)"
        )
        XCTAssertEqual(
            ConformanceCheck(Nothing(), suites: ["cdev/tokens"], strict: false, expectations: nil, allowEmpty: true).failures, [])

        // Some ran: the unimplemented rest is counted in the summary, not failed.
        let mixed = ConformanceCheck(
            syntaxOnly, suites: ["atproto/syntax", "cdev/tokens"], strict: false, expectations: nil, allowEmpty: false)
        let summary = try XCTUnwrap(mixed.summary)
        XCTAssertTrue(summary.hasPrefix("WireCheckTesting: SyntaxOnly on atproto/syntax cdev/tokens: "), summary)
        XCTAssertTrue(summary.hasSuffix("not implemented (cdev.mint, cdev.validate)"), summary)
    }

    /// The expectations file is named by its absolute path when it cannot be read or is wrong.
    func testTheExpectationsFileIsNamedByItsPath() throws {
        let missing = URL(fileURLWithPath: "no-such-expectations.json")
        let check = ConformanceCheck(Forwarding(), suites: ["cdev/tokens"], strict: false, expectations: missing, allowEmpty: false)
        XCTAssertEqual(check.failures, ["expectations: cannot read \(FileManager.default.currentDirectoryPath)/no-such-expectations.json"])
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("wirecheck-bad-expect-\(getpid()).json")
        try Data(#"{"expectedFailure": {}}"#.utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let invalid = ConformanceCheck(Forwarding(), suites: ["cdev/tokens"], strict: false, expectations: bad, allowEmpty: false)
        XCTAssertEqual(invalid.failures, ["\(bad.standardizedFileURL.path): expectations: unknown key 'expectedFailure'"])
    }
}
