import WireCore
import XCTest

@testable import ConformanceKit

/// A wrong answer never passes: every valid case of every suite is answered by the reference, then
/// again with one planted mistake at a time (an unknown key, a dropped key, an absent optional key
/// filled in, each value changed to a plausible neighbour, nested ones too), and each planted
/// answer must FAIL under `--strict`. Refusals whose case lists error paths must FAIL without them.
final class JudgeAuditTests: XCTestCase {
    /// Planted answers the judge deliberately lets pass, each because the contract makes the two
    /// answers the same: `<case id prefix>|<what was planted>` prefix, with the reason.
    static let equivalent: [(prefix: String, why: String)] = [
        (
            "flowdown/models/encode-0-models|'plist' with a character changed",
            "plists are compared decoded (FlowDown's XML is not pinned byte for byte); the changed byte is in the DTD's URL"
        ),
        (
            "mls/lexicon/blue.catbird.mls.defs/cipherSuiteEnum/2|moves the refusal's error paths",
            "the case's error is at the root (\"\"), and every path is at or inside the root"
        ),
    ]

    func testEveryPlantedWrongAnswerFails() throws {
        let reference = ReferenceShim(families: TestEnvironment.families)
        let judge = CaseJudge(strict: true, expectations: Expectations())
        var escaped: [String] = []
        var unnamed: [String] = []
        var planted = 0
        var ops = Set<String>()
        for file in try TestEnvironment.vectorFiles() {
            let suite = try XCTUnwrap(TestEnvironment.families.suite(id: file.suite))
            for (group, test) in file.allTests {
                let kind = try XCTUnwrap(suite.kind(of: group), test.id)
                let call = kind.call(for: test, in: group)
                let answer = reference.handle(ShimRequest(id: 1, op: call.op, args: call.args)).outcome
                let own = judge.judge(.success(answer), test: test, in: group, of: suite)
                XCTAssertEqual(own.status, .pass, "\(test.id): the reference itself: \(own.reason)")
                guard own.status == .pass else { continue }
                ops.insert(call.op)
                let wrongs: [PlantedAnswer]
                switch answer {
                case .success(let result): wrongs = PlantedAnswer.all(in: result, kind: kind, expected: test.expected)
                case .failure(let error): wrongs = test.result == .invalid ? PlantedAnswer.all(in: error) : []
                }
                for wrong in wrongs {
                    planted += 1
                    let verdict = judge.judge(.success(wrong.answer), test: test, in: group, of: suite)
                    // An added, dropped or filled key is named in the reason.
                    if verdict.status == .fail, let key = wrong.key, !verdict.reason.contains(key) {
                        unnamed.append("\(test.id)|\(wrong.what): \(verdict.reason)")
                    }
                    guard verdict.status != .fail else { continue }
                    let label = "\(test.id)|\(wrong.what)"
                    if !Self.equivalent.contains(where: { label.hasPrefix($0.prefix) }) { escaped.append(label) }
                }
            }
        }
        XCTAssertGreaterThan(planted, 10_000, "too few planted answers: the audit did not reach the suites")
        let declared = Set(TestEnvironment.families.suites.flatMap(\.groupKinds).map(\.op))
        XCTAssertEqual(declared.subtracting(ops), [], "ops no valid or invalid case audits")
        XCTAssertEqual(escaped.count, 0, "planted wrong answers that passed:\n" + escaped.prefix(200).joined(separator: "\n"))
        XCTAssertEqual(unnamed.count, 0, "failures whose reason does not name the key:\n" + unnamed.prefix(50).joined(separator: "\n"))
    }

    /// The same through the runner, as a user's shim would be judged: a wrapper around the reference
    /// that adds a key to every result fails every valid case, without `--strict`; one that strips the
    /// details from every refusal fails, under `--strict`, every case that lists error paths.
    func testAWrapperShimsMistakesFailThroughTheRunner() throws {
        let files = try TestEnvironment.vectorFiles()
        let reference = InProcessImplementation(shim: ReferenceShim(families: TestEnvironment.families))
        func run(strict: Bool, _ change: @escaping (Result<JSONObject, ShimError>) -> Result<JSONObject, ShimError>) -> [CaseResult] {
            let wrapper = WrappedImplementation(reference, change: change)
            let runner = VectorRunner(
                implementation: wrapper, judge: CaseJudge(strict: strict, expectations: Expectations()),
                selection: CaseSelection(), families: TestEnvironment.families)
            return runner.run(files: files)
        }
        let added = run(strict: false) { $0.map { var result = $0; result["wirecheckExtra"] = true; return result } }
        let valid = added.filter { $0.expectedResult == .valid }
        XCTAssertGreaterThan(valid.count, 1000)
        for result in valid where result.status != .fail || !result.reason.contains("'wirecheckExtra'") {
            XCTFail("\(result.id): \(result.status) \(result.reason)")
        }
        let stripped = run(strict: true) { $0.mapError { ShimError(code: $0.code, message: $0.message) } }
        let withPaths = Set(
            files.flatMap(\.allTests).filter { $0.test.result == .invalid && $0.test.expected["errors"] != nil }.map(\.test.id))
        XCTAssertGreaterThan(withPaths.count, 100)
        for result in stripped where withPaths.contains(result.id) && (result.status != .fail || !result.reason.contains("'errors'")) {
            XCTFail("\(result.id): \(result.status) \(result.reason)")
        }
    }

    /// The two findings of the issue, as a user met them: extra keys and a refusal without paths.
    func testTheReportedWrongAnswersFail() throws {
        let files = try TestEnvironment.vectorFiles()
        let judge = CaseJudge(strict: true, expectations: Expectations())
        func verdict(_ id: String, _ answer: Result<JSONObject, ShimError>) throws -> CaseJudge.Verdict {
            let file = try XCTUnwrap(files.first { id.hasPrefix($0.suite + "/") })
            let (group, test) = try XCTUnwrap(file.allTests.first { $0.test.id == id })
            let suite = try XCTUnwrap(TestEnvironment.families.suite(id: file.suite))
            return judge.judge(.success(answer), test: test, in: group, of: suite)
        }
        let reference = ReferenceShim(families: TestEnvironment.families)
        func referenceAnswer(_ id: String) throws -> JSONObject {
            let file = try XCTUnwrap(files.first { id.hasPrefix($0.suite + "/") })
            let (group, test) = try XCTUnwrap(file.allTests.first { $0.test.id == id })
            let call = try XCTUnwrap(TestEnvironment.families.suite(id: file.suite)?.kind(of: group)).call(for: test, in: group)
            return try reference.handle(ShimRequest(id: 1, op: call.op, args: call.args)).outcome.get()
        }

        var bogus = try referenceAnswer("cdev/pairing/info-null-token")
        bogus["token"] = "cdev_p_bogus"
        let filled = try verdict("cdev/pairing/info-null-token", .success(bogus))
        XCTAssertEqual(filled.status, .fail)
        XCTAssertTrue(filled.reason.contains("'token'"), filled.reason)

        var salted = try referenceAnswer("arkavo/frames/client-key")
        salted["salt"] = "00"
        let extra = try verdict("arkavo/frames/client-key", .success(salted))
        XCTAssertEqual(extra.status, .fail)
        XCTAssertTrue(extra.reason.contains("'salt'"), extra.reason)

        let refusal = try XCTUnwrap(
            files.flatMap(\.allTests).first { $0.test.expected["errors"] != nil && $0.test.result == .invalid }
        ).test
        let bare = try verdict(refusal.id, .failure(ShimError(code: try XCTUnwrap(refusal.error))))
        XCTAssertEqual(bare.status, .fail, refusal.id)
        XCTAssertTrue(bare.reason.contains("'errors'"), bare.reason)
    }
}

/// One planted mistake in a reference answer.
struct PlantedAnswer {
    /// What was changed, for the failure message.
    var what: String
    var answer: Result<JSONObject, ShimError>
    /// The key added, dropped or filled, which the judge's reason must name.
    var key: String? = nil

    /// The mistakes planted in a result: an unknown key, every key dropped, every value changed,
    /// every declared key the case leaves out filled in.
    static func all(in result: JSONObject, kind: GroupKind, expected: JSONValue) -> [PlantedAnswer] {
        var planted: [PlantedAnswer] = []
        func plant(_ what: String, naming key: String? = nil, _ change: (inout JSONObject) -> Void) {
            var copy = result
            change(&copy)
            planted.append(PlantedAnswer(what: what, answer: .success(copy), key: key))
        }
        plant("adds the unknown key 'wirecheckExtra'", naming: "wirecheckExtra") { $0["wirecheckExtra"] = "x" }
        for (key, value) in result where value != .null {
            plant("drops '\(key)'", naming: key) { $0[key] = nil }
            for (how, wrong) in neighbours(of: value) { plant("'\(key)' \(how)") { $0[key] = wrong } }
        }
        let listed = expected.objectValue ?? [:]
        for field in kind.expected where listed[field.name] == nil && (result[field.name] ?? .null) == .null {
            plant("fills the absent '\(field.name)'", naming: field.name) { $0[field.name] = filler(for: field) }
        }
        // A key the case lists that the reference leaves out (the raw keys of a public key, the parts of a
        // sealed wrapper): given with a wrong value, it must fail too.
        for (key, value) in listed where (result[key] ?? .null) == .null && value != .null {
            guard let (how, wrong) = neighbours(of: value).first else { continue }
            plant("gives the listed '\(key)' \(how)") { $0[key] = wrong }
        }
        return planted
    }

    /// The mistakes planted in a refusal: its error details dropped, or their paths moved.
    static func all(in error: ShimError) -> [PlantedAnswer] {
        guard let errors = error.details["errors"]?.arrayValue, !errors.isEmpty else { return [] }
        var moved = error
        moved.details["errors"] = .array(errors.map { entry in
            var entry = entry.objectValue ?? [:]
            entry["path"] = "/wirecheck-elsewhere"
            return .object(entry)
        })
        return [
            PlantedAnswer(what: "drops the refusal's errors", answer: .failure(ShimError(code: error.code, message: error.message))),
            PlantedAnswer(what: "moves the refusal's error paths", answer: .failure(moved)),
        ]
    }

    /// Wrong values close to `value`: a character changed in the middle of a string (to one of the
    /// same class, so hex stays hex), a number one off, a boolean flipped, an array one short or
    /// with its first element changed, an object with a key dropped, changed or added.
    static func neighbours(of value: JSONValue, depth: Int = 0) -> [(String, JSONValue)] {
        switch value {
        case .null: return [("made \"\"", "")]
        case .bool(let flag): return [("flipped", .bool(!flag))]
        case .int(let number): return [("one more", .int(number &+ 1))]
        case .double(let number): return [("changed", .double(number + 0.5))]
        case .string(let text): return [("with a character changed", .string(changedCharacter(text)))]
        case .array(let items):
            guard let first = items.first else { return [("given an element", ["x"])] }
            var result: [(String, JSONValue)] = [("one element short", .array(Array(items.dropLast())))]
            if depth < 3, let (how, wrong) = neighbours(of: first, depth: depth + 1).first {
                result.append(("[0] \(how)", .array([wrong] + items.dropFirst())))
            }
            return result
        case .object(let members):
            var result: [(String, JSONValue)] = []
            var extra = members
            extra["wirecheckExtra"] = "x"
            result.append(("given the unknown key 'wirecheckExtra'", .object(extra)))
            guard depth < 3 else { return result }
            for (key, member) in members where member != .null {
                var dropped = members
                dropped[key] = nil
                result.append(("without '\(key)'", .object(dropped)))
                if let (how, wrong) = neighbours(of: member, depth: depth + 1).first {
                    var changed = members
                    changed[key] = wrong
                    result.append(("'\(key)' \(how)", .object(changed)))
                }
            }
            return result
        }
    }

    /// `text` with its middle character replaced by another of its class (digit, lower-case or
    /// upper-case letter, anything else becomes `x`); an empty string becomes `a`.
    static func changedCharacter(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return "a" }
        let middle = scalars.count / 2
        let value = scalars[middle].value
        let next: UInt32 =
            switch value {
            case 0x30...0x39: 0x30 + (value - 0x30 + 1) % 10
            case 0x61...0x7A: 0x61 + (value - 0x61 + 1) % 26
            case 0x41...0x5A: 0x41 + (value - 0x41 + 1) % 26
            default: 0x78
            }
        scalars[middle] = Unicode.Scalar(next)!
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    /// A plausible non-null value of a declared field's type.
    static func filler(for field: any DeclaredField) -> JSONValue { filler(schema: field.schema) }

    /// A value of the first type a schema allows, null excepted.
    static func filler(schema: JSONValue) -> JSONValue {
        if let first = schema["enum"]?.arrayValue?.first { return first }
        if let choices = schema["anyOf"]?.arrayValue {
            return choices.lazy.map(filler(schema:)).first { $0 != .null } ?? "x"
        }
        switch schema["type"]?.stringValue {
        case "integer": return 0
        case "number": return 0.5
        case "boolean": return false
        case "array": return []
        case "object": return [:]
        case "null": return .null
        default: return "x"
        }
    }
}

/// An implementation that answers as another does, with every answer passed through `change`.
final class WrappedImplementation: ImplementationUnderTest {
    let inner: any ImplementationUnderTest
    let change: (Result<JSONObject, ShimError>) -> Result<JSONObject, ShimError>

    init(_ inner: any ImplementationUnderTest, change: @escaping (Result<JSONObject, ShimError>) -> Result<JSONObject, ShimError>) {
        self.inner = inner
        self.change = change
    }

    var name: String { "wrapped \(inner.name)" }
    var supportedOps: Set<String> { inner.supportedOps }
    var reproducerPrefix: String { inner.reproducerPrefix }

    func call(_ request: ShimRequest) -> CallOutcome {
        var outcome = inner.call(request)
        outcome.response = outcome.response.map(change)
        return outcome
    }
}
