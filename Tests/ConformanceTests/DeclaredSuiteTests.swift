import ConformanceKit
import FlowDownConformance
import WireCheckTestSupport
import WireCore
import XCTest

/// `WireCheckTesting` judges from the vectors and their schemas (`DeclaredSuite`) instead of the families' code; the
/// two must be the same judge. The schemas give back every group type as declared, and on every case the two give
/// the same verdict to the reference's answer and to answers made wrong in the ways a shape check or a comparison
/// must catch.
final class DeclaredSuiteTests: XCTestCase {
    func testTheSchemasGiveBackEveryGroupTypeAsDeclared() throws {
        let schemas = try GroupSchemas(directory: "\(Repository.vectorsDirectory)/schema")
        let declared = TestEnvironment.families.suites.flatMap(\.groupKinds)
        XCTAssertEqual(Set(schemas.kinds.keys), Set(declared.map(\.type)))
        for kind in declared {
            let read = try XCTUnwrap(schemas.kinds[kind.type])
            XCTAssertEqual(read.op, kind.op, kind.type)
            XCTAssertEqual(read.expected.map(\.name), kind.expected.map(\.name), kind.type)
            XCTAssertEqual(read.schema, kind.schema, "\(kind.type): read back, the declaration writes the same schema")
        }
        // Every group of every file names its type's op.
        for file in try TestEnvironment.vectorFiles() {
            for group in file.testGroups { XCTAssertEqual(group.op, schemas.kinds[group.type]?.op, "\(file.suite) \(group.type)") }
        }
    }

    func testTheDeclaredJudgeGivesTheFamiliesVerdicts() throws {
        let schemas = try GroupSchemas(directory: "\(Repository.vectorsDirectory)/schema")
        let reference = ReferenceShim(families: TestEnvironment.families)
        let judge = CaseJudge(strict: true, expectations: Expectations())
        var compared = 0
        var disagreements: [String] = []
        for file in try TestEnvironment.vectorFiles() {
            let typed = try XCTUnwrap(TestEnvironment.families.suite(id: file.suite))
            let declared = try DeclaredSuite(file: file, schemas: schemas, comparisons: FlowDownFamily.family.suites)
            for (group, test) in file.allTests {
                let call = try XCTUnwrap(typed.kind(of: group)).call(for: test, in: group)
                let answer = reference.handle(ShimRequest(id: 1, op: call.op, args: call.args)).outcome
                var answers: [Result<JSONObject, ShimError>] = [answer, .failure(ShimError(code: "some-other-class"))]
                if case .success(let result) = answer {
                    answers += Self.wrongAnswers(result, expected: test.expected)
                }
                for answer in answers {
                    let one = judge.judge(.success(answer), test: test, in: group, of: typed)
                    let other = judge.judge(.success(answer), test: test, in: group, of: declared)
                    compared += 1
                    if one != other { disagreements.append("\(test.id): \(one.status) \(one.reason) / \(other.status) \(other.reason)") }
                }
                XCTAssertEqual(typed.comparesAsWritten(group), declared.comparesAsWritten(group), test.id)
            }
        }
        XCTAssertGreaterThan(compared, 10_000)
        XCTAssertEqual(disagreements.prefix(10), [])
    }

    /// A result made wrong: a key left out, a key no group type declares, each listed value changed.
    static func wrongAnswers(_ result: JSONObject, expected: JSONValue) -> [Result<JSONObject, ShimError>] {
        var wrong: [JSONObject] = []
        var extra = result
        extra["undeclaredKey"] = true
        wrong.append(extra)
        for key in expected.objectValue?.keys ?? [] {
            var missing = result
            missing[key] = nil
            var changed = result
            changed[key] = .string("changed")
            wrong += [missing, changed]
        }
        return wrong.map { .success($0) }
    }
}
