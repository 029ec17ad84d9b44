import ArgumentParser
import ConformanceKit
import Foundation

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
            Exit codes: 0 no failure, 1 at least one FAIL or XPASS (or, for a run, no case executed at all), \
            2 the harness could not run (bad arguments, unreadable files, a shim that never answers hello).
            """,
        version: Installation.versionLine,
        subcommands: [RunCommand.self, VectorsCommand.self, ShimCommand.self, FuzzCommand.self] + Families.commands
            + [ServeCommand.self, CheckCommand.self, BenchCommand.self])

    /// ArgumentParser's own `main` exits 64 on a usage error; the documented codes are 0/1/2, so a
    /// bad argument is a harness error (2), with the usage of the command that was given.
    static func main() async {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitUsage(error, full: true)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exitUsage(error, full: false)
        }
    }

    /// Exits with ArgumentParser's code, except that a usage error becomes 2. Errors thrown by a
    /// command's `run` print their message alone: the command is known, its usage is noise.
    static func exitUsage(_ error: any Error, full: Bool) -> Never {
        guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
        let message = full ? fullMessage(for: error) : "wirecheck: error: \(message(for: error))"
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Foundation.exit(2)
    }
}
