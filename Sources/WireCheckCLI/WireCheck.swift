import ArgumentParser
import ConformanceKit

@main
struct WireCheck: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wirecheck",
        abstract:
            "Conformance vectors, shim runner and fuzzing harness for wire formats: "
            + "\(Families.all.all.map(\.name).joined(separator: ", ")).",
        discussion: """
            Start with `wirecheck run` (every suite against the reference implementation through its own shim) \
            or `wirecheck vectors verify --shim "CMD"` to test your implementation. Reports land in reports/<run-name>/.
            Exit codes: 0 no failure, 1 at least one FAIL or XPASS, 2 the harness could not run.
            """,
        version: Harness.version,
        subcommands: [RunCommand.self, VectorsCommand.self, ShimCommand.self] + Families.commands
            + [ServeCommand.self, CheckCommand.self, BenchCommand.self])
}
