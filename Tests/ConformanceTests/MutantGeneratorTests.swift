import XCTest

/// The automatic mutant generator (scripts/mutation/generate.py, issue 36) finds mutation sites in code
/// only: a `<` in a comment, in prose inside a string literal, in an interpolation or in a generic clause
/// is not a site, a declaration's own line yields only its body's sites, and the forms that would not
/// compile or cannot differ are left out.
final class MutantGeneratorTests: XCTestCase {
    func testSitesAreCodeOnlyAndEachOperatorFindsItsOwn() throws {
        let generator = "\(TestEnvironment.root)/scripts/mutation/generate.py"
        let fixture = TestEnvironment.fixture("mutation/sites.swift.txt")
        let result = try TestEnvironment.run(["/usr/bin/env", "python3", generator, "--list", fixture])
        XCTAssertEqual(result.status, 0, result.stderr)
        let sites = result.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        let expected: [[String]] = [
            ["5", "constant-off-by-one", "`253` → `252`"],
            ["9", "negate-condition", "`guard value <= Self.limit` negated"],
            ["9", "remove-check", "`guard value <= Self.limit` removed"],
            ["9", "relational-boundary", "`<=` → `<`"],
            ["10", "negate-condition", "`if name == \"sig\"` negated"],
            ["10", "remove-check", "`if name == \"sig\"` removed"],
            ["10", "equality-flip", "`==` → `!=`"],
            ["10", "constant-replaced", "`\"sig\"` → `\"Sig\"`"],
            ["10", "constant-off-by-one", "`0` → `1`"],
            ["12", "arithmetic-flip", "`+` → `-`"],
            ["12", "arithmetic-flip", "`+` → `-`"],
            ["15", "arithmetic-flip", "`-` → `+`"],
            ["16", "swap-arguments", "`one` and `two` swapped"],
            // Not sites: an enum's raw value (two cases with one value do not compile), a default argument,
            // a tuple pattern, min's arguments, and a `+` that joins strings.
            ["24", "relational-boundary", "`>` → `>=`"],
            ["25", "boolean-flip", "`true` → `false`"],
            ["25", "boolean-flip", "`false` → `true`"],
            ["26", "constant-replaced", "`\"x\"` → `\"X\"`"],
        ]
        XCTAssertEqual(sites, expected)
    }
}
