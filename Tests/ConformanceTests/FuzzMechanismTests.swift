import ATProtoConformance
import ATProtoLexicon
import Foundation
import NanoTDFConformance
import WireCheckFamilies
import WireCheckTestSupport
import WireCore
import XCTest

@testable import ConformanceKit

/// The parts of `wirecheck fuzz` that reach what a random byte flip does not: boundary and JSON text
/// mutations, generators, several jobs and shards, the corpus, and the bridge for libFuzzer. Planted bugs
/// that no vector case is near are found through them.
final class FuzzMechanismTests: XCTestCase {
    typealias TableImplementation = DifferentialFuzzerTests.TableImplementation

    /// The reference with some answers changed: a bug planted where `change` says.
    final class Planted: ImplementationUnderTest {
        let reference = InProcessImplementation(shim: ReferenceShim(families: TestEnvironment.families))
        let change: @Sendable (ShimRequest, Result<JSONObject, ShimError>) -> Result<JSONObject, ShimError>?
        init(_ change: @escaping @Sendable (ShimRequest, Result<JSONObject, ShimError>) -> Result<JSONObject, ShimError>?) {
            self.change = change
        }
        var name: String { "planted" }
        var supportedOps: Set<String> { reference.supportedOps }
        var reproducerPrefix: String { "" }
        func call(_ request: ShimRequest) -> CallOutcome {
            let answer = TestEnvironment.families.reference.call(request)
            return CallOutcome(response: .success(change(request, answer) ?? answer), stderr: "")
        }
    }

    /// A syntax check that lets one rule pass: what the reference refuses with a message containing `rule`.
    static func lenient(about rule: String) -> Planted {
        Planted { request, answer in
            guard request.op == "atproto.syntax", case .failure(let error) = answer, error.message.contains(rule) else { return nil }
            return .success(JSONObject())
        }
    }

    static func fuzz(_ implementation: any ImplementationUnderTest, cases: Int, seed: UInt64, ops: [String]) throws -> DifferentialFuzzer {
        try DifferentialFuzzerTests.fuzz(implementation, cases: cases, seed: seed, ops: ops)
    }

    // MARK: Mutations

    func testALengthBoundaryReachesADeclaredLimitWholeOrBySegment() {
        var mutator = JSONMutator(random: SeededRandom(seed: 3))
        mutator.limits = [63, 253]
        var lengths = Set<Int>()
        var labelLengths = Set<Int>()
        for _ in 0..<400 {
            let changed = mutator.resized("alice.example.com")
            lengths.insert(changed.count)
            labelLengths.formUnion(changed.split(separator: ".").map(\.count))
            // Grown whole, a handle keeps its labels: no label longer than the original's longest plus one unit.
            XCTAssertFalse(changed.contains(".."), changed)
        }
        XCTAssertTrue(lengths.isSuperset(of: [252, 253, 254]), "\(lengths.sorted())")
        XCTAssertTrue(labelLengths.isSuperset(of: [62, 63, 64]), "\(labelLengths.sorted())")
    }

    func testADigitBoundaryKeepsTheRunsWidth() {
        var mutator = JSONMutator(random: SeededRandom(seed: 4))
        var seconds = Set<String>()
        for _ in 0..<300 {
            let changed = mutator.digitBoundary(in: Array("2024-02-28T23:59:59Z".unicodeScalars))
            XCTAssertEqual(changed.count, 20, changed)
            seconds.insert(String(changed.dropFirst(17).prefix(2)))
        }
        XCTAssertTrue(seconds.isSuperset(of: ["60", "61", "00"]), "\(seconds.sorted())")
    }

    func testALookAlikeIsANonASCIIDigitOrLetterOrAnInsertedSpaceLookAlike() {
        var mutator = JSONMutator(random: SeededRandom(seed: 6))
        var seen = Set<Unicode.Scalar>()
        for _ in 0..<400 {
            let changed = Array(mutator.lookAlike(in: Array("1985-04-12.ok".unicodeScalars), at: 0).unicodeScalars)
            let new = changed.filter { !"1985-04-12.ok".unicodeScalars.contains($0) }
            XCTAssertEqual(new.count, 1, String(String.UnicodeScalarView(changed)))
            // One scalar replaced, or one space look-alike put in front (the text has no space to replace).
            XCTAssertEqual(changed.count, new.allSatisfy { JSONMutator.spaceLookAlikes.contains($0) } ? 14 : 13)
            seen.formUnion(new)
        }
        // Python's int() and \d take the Arabic-Indic and full-width digits; isspace() takes U+001F.
        for scalar: Unicode.Scalar in ["\u{0665}", "\u{FF11}", "\u{1F}", "\u{212A}", "\u{2010}"] {
            XCTAssertTrue(seen.contains(scalar), "U+\(String(scalar.value, radix: 16)) never chosen")
        }
        XCTAssertTrue(seen.allSatisfy { !$0.isASCII || $0.value < 0x20 }, "\(seen)")
    }

    func testAPercentEscapeOfBytesThatAreNotUTF8IsPutIn() {
        var mutator = JSONMutator(random: SeededRandom(seed: 7))
        var escapes = Set<String>()
        for _ in 0..<300 {
            let changed = mutator.percentEscape(in: Array("a=1".unicodeScalars), at: 2)
            XCTAssertTrue(changed.hasPrefix("a=") && changed.hasSuffix("1"), changed)
            escapes.insert(String(changed.dropFirst(2).dropLast()))
        }
        XCTAssertEqual(escapes, Set(JSONMutator.percentEscapes))
    }

    func testJSONTextMutationsRepeatAKeyAndNestAtParserLimits() throws {
        var mutator = JSONMutator(random: SeededRandom(seed: 5))
        var kinds = Set<FuzzMutation>()
        for _ in 0..<400 {
            let (changed, kind) = mutator.mutate(jsonText: #"{"a":1,"b":"x/y"}"#)
            kinds.insert(kind)
            switch kind {
            case .jsonDuplicateKey:
                // The repeated member comes first, so a parser keeping the first and one keeping the last differ.
                let key = changed.hasPrefix(#"{"a":"#) ? #""a":"# : #""b":"#
                XCTAssertEqual(changed.components(separatedBy: key).count, 3, changed)
            case .jsonNesting:
                let depth = changed.filter { $0 == "[" }.count
                XCTAssertTrue(JSONMutator.nestingDepths.contains(depth), "depth \(depth)")
            case .jsonEscape:
                XCTAssertTrue(changed.contains("\\u") || changed.contains("\\/"), changed)
            case .jsonNumberForm, .jsonSyntax:
                break
            default:
                // A string mutation of the one string value: the rest of the document stays as written.
                XCTAssertTrue(changed.hasPrefix(#"{"a":1,"b":""#) && changed.hasSuffix(#""}"#), changed)
                XCTAssertNotNil(try JSONParser.parse(changed)["b"]?.stringValue, changed)
            }
        }
        XCTAssertTrue(kinds.isSuperset(of: [.jsonDuplicateKey, .jsonNumberForm, .jsonEscape, .jsonNesting, .jsonSyntax]), "\(kinds)")
        XCTAssertTrue(kinds.contains(.lookAlike) && kinds.contains(.caseSwap), "string values are mutated as strings: \(kinds)")

        // A document of strings only still gets a number, and the digits of its date-time move to edges.
        var added = Set<String>()
        var dates = Set<String>()
        for _ in 0..<600 {
            let (changed, kind) = mutator.mutate(jsonText: #"{"t":"2024-12-30T01:00:00Z"}"#)
            if kind == .jsonNumberForm { added.insert(String(changed.prefix(while: { $0 != "," }))) }
            if kind == .digitBoundary { dates.insert(try XCTUnwrap(JSONParser.parse(changed)["t"]?.stringValue)) }
        }
        XCTAssertTrue(added.contains(#"{"n":1e400"#), "\(added)")
        XCTAssertGreaterThan(dates.count, 3, "\(dates)")
        for date in dates {
            // One run of digits moved, its width kept: the shape of a date-time with one field at an edge.
            XCTAssertEqual(date.count, 20, date)
            XCTAssertEqual(zip(date, "2024-12-30T01:00:00Z").filter { $0 != $1 }.isEmpty, false, date)
        }
    }

    // MARK: Generators

    func testNanoTDFContainersOfRandomShapeDecryptWithTheKASKey() throws {
        let generator = try XCTUnwrap(NanoTDFCryptoSuite().fuzzGenerators(of: NanoTDFCryptoSuite.decrypt).first)
        var random = SeededRandom(seed: 6)
        var opened = 0
        var curves = Set<String>()
        for _ in 0..<60 {
            guard let made = generator.make(&random) else { continue }
            let answer = TestEnvironment.families.reference.call(ShimRequest("nanotdf.decrypt", made.input))
            if case .success = answer {
                opened += 1
                curves.insert(String(made.comment.split(separator: " ")[2]))
            }
        }
        XCTAssertGreaterThanOrEqual(opened, 40, "most generated containers open")
        XCTAssertGreaterThanOrEqual(curves.count, 3, "\(curves)")
    }

    /// Every generator's inputs have the shape of their group type: the reference refuses almost none as
    /// bad-request, and answers a fair share both ways.
    func testEveryGeneratorMakesInputsOfItsGroupType() throws {
        var types: [String] = []
        for suite in TestEnvironment.families.suites {
            for kind in suite.groupKinds {
                for generator in suite.fuzzGenerators(of: kind) {
                    types.append(kind.type)
                    var random = SeededRandom(seed: 12)
                    var (made, malformed, valid) = (0, 0, 0)
                    for _ in 0..<60 {
                        guard let input = generator.make(&random) else { continue }
                        made += 1
                        let request = kind.call(params: input.params, input: input.input)
                        switch TestEnvironment.families.reference.call(request) {
                        case .success: valid += 1
                        case .failure(let error): if error.code == ShimError.badRequestCode { malformed += 1 }
                        }
                    }
                    XCTAssertGreaterThan(made, 40, "\(kind.type) \(generator.name)")
                    XCTAssertLessThanOrEqual(malformed, made / 10, "\(kind.type) \(generator.name): bad-request")
                    XCTAssertGreaterThan(valid, made / 5, "\(kind.type) \(generator.name): valid")
                }
            }
        }
        XCTAssertEqual(
            Set(types),
            [
                "Base64DecodeTest", "QueryEncodeTest", "QueryDecodeTest", "ArkavoParseFrameTest", "CdevValidateTest", "FlowDownOpenTest",
                "NanoTDFDecryptTest",
                "NanoTDFEncryptTest", "NanoTDFParseHeaderTest",
                "NanoTDFParseTest", "ATProtoSyntaxTest", "MLSValidateTest", "MLSXRPCErrorTest",
            ])
    }

    func testATProtoGrammarsMakeValuesAtTheirLimits() throws {
        let generators = ATProtoSyntaxSuite().fuzzGenerators(of: ATProtoSyntaxSuite.syntax)
        let handle = try XCTUnwrap(generators.first { $0.name == "handle" })
        var random = SeededRandom(seed: 7)
        var valid = 0
        var lengths = Set<Int>()
        for _ in 0..<300 {
            let value = try XCTUnwrap(handle.make(&random)?.input["value"]?.stringValue)
            lengths.insert(value.count)
            if StringFormat.handle.isValid(value) { valid += 1 }
        }
        XCTAssertGreaterThan(valid, 150)
        XCTAssertTrue(lengths.isSuperset(of: [253, 254]), "\(lengths.sorted().suffix(5))")
    }

    /// Bugs on edges no vector case is one mutation away from, each found within a few thousand inputs.
    func testPlantedEdgeBugsAreFoundThroughLimitsAndGrammars() throws {
        for (rule, expected) in [
            ("is longer than 63 characters", "atproto.syntax format="), ("sets the top bit", "atproto.syntax format=\"tid\" invalid:"),
        ] {
            let fuzzer = try Self.fuzz(Self.lenient(about: rule), cases: 4000, seed: 1, ops: ["atproto.*"])
            XCTAssertTrue(
                fuzzer.findings.contains { $0.key.hasPrefix(expected) && $0.key.contains(" invalid:") && $0.key.hasSuffix(" valid:") },
                "\(rule): not found in \(fuzzer.findings.map(\.key))")
        }
        // A datetime on a leap second (second 60) taken as valid.
        let leap = Planted { request, answer in
            guard request.op == "atproto.syntax", case .failure = answer, let value = request.args["value"]?.stringValue,
                value.count > 19, Array(value)[17...18] == ["6", "0"]
            else { return nil }
            var fixed = Array(value)
            fixed[17] = "5"
            fixed[18] = "9"
            return StringFormat.datetime.isValid(String(fixed)) ? .success(JSONObject()) : nil
        }
        let fuzzer = try Self.fuzz(leap, cases: 12000, seed: 1, ops: ["atproto.*"])
        XCTAssertFalse(fuzzer.findings.isEmpty, "the leap second")
        // February 29 taken in every year (a century's common years, 1900 and 2100, included).
        let everyFourth = Planted { request, answer in
            guard request.op == "atproto.syntax", case .failure = answer, let value = request.args["value"]?.stringValue,
                value.contains("-02-29T"), StringFormat.datetime.isValid(value.replacingOccurrences(of: "-02-29T", with: "-02-28T"))
            else { return nil }
            return .success(JSONObject())
        }
        XCTAssertFalse(try Self.fuzz(everyFourth, cases: 12000, seed: 1, ops: ["atproto.*"]).findings.isEmpty, "February 29, 2100")
    }

    /// A finding in an array argument comes out with only the element that makes it.
    func testMinimisationDropsTheArrayElementsThatDoNotMatter() throws {
        // Query encoding that writes an item whose name holds "&" without its value.
        let planted = Planted { request, answer in
            guard request.op == "wirecore.queryEncode", let items = request.args["items"]?.arrayValue,
                items.contains(where: { $0.arrayValue?.first?.stringValue?.contains("&") ?? false })
            else { return nil }
            return .success(JSONObject([("query", .string("dropped"))]))
        }
        let fuzzer = try Self.fuzz(planted, cases: 3000, seed: 2, ops: ["wirecore.queryEncode"])
        let finding = try XCTUnwrap(fuzzer.findings.first)
        let items = try XCTUnwrap(finding.input.input["items"]?.arrayValue)
        XCTAssertEqual(items.count, 1, "\(items)")
    }

    // MARK: Jobs, shards, corpus

    func testJobsShareTheBudgetAndShardsDrawOtherStreams() throws {
        XCTAssertEqual(FuzzCampaign.stream(seed: 42, shard: .whole, job: 0), 42)
        let streams = Set(
            (0..<4).flatMap { shard in
                (0..<2).map { FuzzCampaign.stream(seed: 42, shard: FuzzCampaign.Shard(index: shard, count: 4), job: $0) }
            })
        XCTAssertEqual(streams.count, 8)
        XCTAssertNil(FuzzCampaign.Shard(parsing: "4/4"))
        XCTAssertEqual(FuzzCampaign.Shard(parsing: "1/3"), FuzzCampaign.Shard(index: 1, count: 3))

        var options = DifferentialFuzzer.Options()
        options.cases = 901
        options.ops = ["wirecore.*"]
        options.judge = CaseJudge(strict: true, expectations: Expectations())
        let campaign = try FuzzCampaign(
            families: TestEnvironment.families, files: try DifferentialFuzzerTests.files(), jobs: 2, shard: .whole, options: options
        ) { _ in [("", TableImplementation(DifferentialFuzzerTests.lenientBase64))] }
        campaign.run()
        XCTAssertEqual(campaign.statistics.sent, 901)
        XCTAssertEqual(campaign.fuzzers.map(\.statistics.sent), [451, 450])

        // Without a limit the run's default budget is shared too, not given to each job.
        var unbounded = options
        unbounded.cases = nil
        let shared = FuzzCampaign(
            families: TestEnvironment.families, files: try DifferentialFuzzerTests.files(), jobs: 3, shard: .whole, options: unbounded
        ) { _ in [("", InProcessImplementation(shim: ReferenceShim(families: TestEnvironment.families)))] }
        shared.run()
        XCTAssertEqual(shared.statistics.sent, DifferentialFuzzer.defaultCases)
        let keys = campaign.findings.map(\.key)
        XCTAssertEqual(keys.count, Set(keys).count, "one finding per key over the jobs")
        XCTAssertTrue(keys.contains { $0.hasSuffix("-strict\" invalid:non-zero-trailing-bits valid:") }, "\(keys)")
    }

    func testTheCorpusKeepsNewAnswersAndSeedsTheNextRun() throws {
        var options = DifferentialFuzzer.Options()
        options.cases = 1500
        options.ops = ["atproto.*", "cdev.validate"]
        options.keepNovel = true
        let reference = InProcessImplementation(shim: ReferenceShim(families: TestEnvironment.families))
        let sources = try DifferentialFuzzerTests.files()
        let fuzzer = DifferentialFuzzer(families: TestEnvironment.families, files: sources, implementation: reference, options: options)
        fuzzer.run()
        XCTAssertGreaterThan(fuzzer.novel.count, 5)
        let signatures = fuzzer.novel.map { DifferentialFuzzer.signature(of: $0.input, reference: $0.reference) }
        XCTAssertEqual(signatures.count, Set(signatures).count)

        let files = FuzzCorpus.files(existing: [], novel: fuzzer.novel, sources: sources)
        let directory = try TestEnvironment.temporaryDirectory()
        _ = try FuzzFindings.write(files, to: directory)
        let loaded = try FuzzCorpus.load(directory: directory, suiteOrder: TestEnvironment.families.suites.map(\.id))
        XCTAssertEqual(loaded.reduce(0) { $0 + $1.numberOfTests }, fuzzer.novel.count)
        // The corpus is vectors: the reference passes every case of it.
        let runner = VectorRunner(
            implementation: reference, judge: CaseJudge(strict: true, expectations: Expectations()), selection: CaseSelection(),
            families: TestEnvironment.families)
        let statuses = VectorRunner.run(files: loaded, sharedBy: [runner]).map(\.status)
        XCTAssertEqual(Set(statuses), [.pass])
        // Kept again with the same inputs, nothing is added twice.
        let again = FuzzCorpus.files(existing: loaded, novel: fuzzer.novel, sources: sources)
        XCTAssertEqual(again.reduce(0) { $0 + $1.numberOfTests }, fuzzer.novel.count)
    }

    // MARK: The libFuzzer bridge

    func testTheEngineOracleMapsBytesToAnArgumentAndJudges() throws {
        let files = try DifferentialFuzzerTests.files()
        let judge = CaseJudge(strict: true, expectations: Expectations())
        let buggy = EngineOracle(
            families: TestEnvironment.families, files: files, implementation: TableImplementation(DifferentialFuzzerTests.lenientBase64),
            ops: [], judge: judge)
        XCTAssertGreaterThan(buggy.seedCount, 100)
        let input = try XCTUnwrap(buggy.input(from: [0, 0, 0] + Array("QR==".utf8)))
        XCTAssertEqual(input.kind.op, "wirecore.base64Decode")
        XCTAssertEqual(input.changedFields.count, 1)
        // Every seed of the corpus, unchanged, agrees; some strict variant with trailing bits does not.
        let corpus = buggy.corpus()
        XCTAssertGreaterThanOrEqual(corpus.count, buggy.seedCount, "a file per case and string argument")
        var found: EngineOracle.Disagreement? = nil
        for seed in corpus.prefix(400) where found == nil {
            found = buggy.check(Array(seed.prefix(3)) + Array("QR==".utf8))
        }
        let disagreement = try XCTUnwrap(found)
        XCTAssertTrue(disagreement.reason.contains("non-zero-trailing-bits"), disagreement.reason)
        XCTAssertNoThrow(try JSONParser.parse(Array(disagreement.vectorCase.utf8)))

        let reference = EngineOracle(
            families: TestEnvironment.families, files: files,
            implementation: InProcessImplementation(shim: ReferenceShim(families: TestEnvironment.families)), ops: [], judge: judge)
        var random = SeededRandom(seed: 8)
        for _ in 0..<500 { XCTAssertNil(reference.check(random.bytes(3 + random.below(40)))) }
    }
}
