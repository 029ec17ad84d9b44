import ArgumentParser
import ConformanceKit
import Foundation
import WireCore

struct VectorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vectors",
        abstract: "Generate, list and verify the golden test vectors.",
        subcommands: [GenerateCommand.self, ListCommand.self, FlagsCommand.self, VerifyCommand.self])
}

/// `wirecheck vectors generate`
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write Vectors/ (files and JSON Schemas) and the fuzz seed corpora in Corpus/.",
        discussion: """
            Deterministic: a second run writes byte-identical files. With --check nothing is written and the \
            command exits 1 if any file differs from what it would write.
            Example: wirecheck vectors generate --check
            """)

    @Option(help: "Repository root holding Vectors/ and Corpus/.") var root = "."
    @Flag(help: "Compare instead of writing; exit 1 on any difference.") var check = false
    @Flag(help: "Print the files as JSON.") var json = false

    func run() throws {
        if check {
            let differing = VectorGenerator.differences(root: root, suites: Families.all.suites)
            if json {
                JSONOutput.print(["upToDate": .bool(differing.isEmpty), "differing": .array(differing.map { .string($0) })])
            } else {
                for path in differing { print("differs: \(path)") }
                print(
                    differing.isEmpty
                        ? "vectors and corpora are up to date" : "\(differing.count) file(s) differ; run `wirecheck vectors generate`")
            }
            if !differing.isEmpty { throw ExitCode(1) }
            return
        }
        let written = try VectorGenerator.write(root: root, suites: Families.all.suites)
        if json {
            JSONOutput.print(["files": .array(written.map { .string($0) })])
        } else {
            let vectorFiles = written.filter { $0.hasPrefix("Vectors/") }.count
            print("wrote \(vectorFiles) vector/schema files and \(written.count - vectorFiles) corpus seeds under \(root)")
        }
    }
}

/// `wirecheck vectors flags`: the values `--flag` and `--bug-type` take, with what each means.
struct FlagsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flags",
        abstract: "List the flags of the vectors with their bug type, case count, suites and meaning (the values of --flag).",
        discussion: "Example: wirecheck vectors flags --bug-type AUTH_BYPASS")

    @Option(help: "The vectors folder.") var vectors = Installation.vectorsDirectory
    @Option(help: ArgumentHelp("Only flags of this bug type.", valueName: "B")) var bugType: String?
    @Flag(help: "Print as JSON.") var json = false

    func run() throws {
        let files: [VectorFile]
        do { files = try VectorLoader.load(directory: vectors, suiteOrder: Families.all.suites.map(\.id)) } catch {
            throw exitHarness("\(error)")
        }
        if let bugType, BugType(rawValue: bugType) == nil {
            throw exitHarness(
                "--bug-type \(bugType) is not a bug type; the bug types are \(BugType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var rows: [JSONValue] = []
        for flag in Set(files.flatMap(\.notes.keys)).sorted() {
            // Suites may share a flag's name with a meaning of their own (`Whitespace`): one row per meaning.
            var meanings: [(note: VectorFile.Note, owners: [VectorFile])] = []
            for file in files {
                guard let note = file.notes[flag] else { continue }
                if let index = meanings.firstIndex(where: { $0.note == note }) {
                    meanings[index].owners.append(file)
                } else {
                    meanings.append((note, [file]))
                }
            }
            for (note, owners) in meanings {
                if let bugType, note.bugType.rawValue != bugType { continue }
                let cases = owners.flatMap(\.allTests).filter { $0.test.flags.contains(flag) }.count
                rows.append([
                    "flag": .string(flag), "bugType": .string(note.bugType.rawValue), "cases": .int(Int64(cases)),
                    "suites": .array(owners.map { .string($0.suite) }), "description": .string(note.description),
                ])
            }
        }
        if json { return JSONOutput.print(.array(rows)) }
        for row in rows {
            print(
                "\(row["flag"]!.stringValue!)  \(row["bugType"]!.stringValue!)  \(row["cases"]!.intValue!) cases  "
                    + (row["suites"]!.arrayValue!.compactMap(\.stringValue).joined(separator: ", ")))
            print("    \(row["description"]!.stringValue!)")
        }
    }
}

/// `wirecheck vectors list`
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the suites in the vectors folder with their case counts and error classes.",
        discussion: "Example: wirecheck vectors list --json")

    @Option(help: "The vectors folder.") var vectors = Installation.vectorsDirectory
    @Flag(help: "Print as JSON.") var json = false

    func run() throws {
        let files: [VectorFile]
        do { files = try VectorLoader.load(directory: vectors, suiteOrder: Families.all.suites.map(\.id)) } catch {
            throw exitHarness("\(error)")
        }
        let rows: [JSONValue] = files.map { file in
            let tests = file.allTests.map(\.test)
            let errors = Set(tests.compactMap(\.error)).sorted()
            return [
                "suite": .string(file.suite), "cases": .int(Int64(tests.count)),
                "valid": .int(Int64(tests.filter { $0.result == .valid }.count)),
                "invalid": .int(Int64(tests.filter { $0.result == .invalid }.count)),
                "acceptable": .int(Int64(tests.filter { $0.result == .acceptable }.count)),
                "groupTypes": .array(Set(file.testGroups.map(\.type)).sorted().map { .string($0) }),
                "errors": .array(errors.map { .string($0) }),
            ]
        }
        if json {
            JSONOutput.print(.array(rows))
            return
        }
        for row in rows {
            print(
                "\(row["suite"]!.stringValue!)  \(row["cases"]!.intValue!) cases (\(row["valid"]!.intValue!) valid, "
                    + "\(row["invalid"]!.intValue!) invalid, \(row["acceptable"]!.intValue!) acceptable)"
            )
            print("    groups: \(row["groupTypes"]!.arrayValue!.compactMap(\.stringValue).joined(separator: ", "))")
            let errors = row["errors"]!.arrayValue!.compactMap(\.stringValue)
            if !errors.isEmpty { print("    errors: \(errors.joined(separator: ", "))") }
        }
    }
}

/// `wirecheck vectors verify`
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Run the vectors against an implementation: in-process reference, or yours through --shim.",
        discussion: """
            The shim reads one JSON request per line on stdin and answers one JSON line on stdout (see README, \
            "Testing your implementation"). A shim that crashes, hangs past --timeout or prints a non-JSON line \
            fails that case with the reason and is restarted; the run goes on.
            Examples:
              wirecheck vectors verify --shim "python3 my_shim.py" --only 'wirecore/*' \\
                --strict
              wirecheck vectors verify --list --flag NonCanonical
            """)

    @Option(help: "The vectors folder.") var vectors = Installation.vectorsDirectory
    @Option(help: ArgumentHelp("Command line of the implementation's shim (run with /bin/sh -c).", valueName: "CMD"))
    var shim: String?
    @Option(help: ArgumentHelp("Run only cases whose id matches (glob, repeatable; a plain prefix selects a subtree).", valueName: "GLOB"))
    var only: [String] = []
    @Option(help: ArgumentHelp("Skip cases whose id matches (glob, repeatable).", valueName: "GLOB")) var skip: [String] = []
    @Option(help: ArgumentHelp("Run only cases with this flag (repeatable; `wirecheck vectors flags` lists them).", valueName: "F"))
    var flag: [String] = []
    @Option(
        help: ArgumentHelp(
            "Run only cases whose flags have this bug type (repeatable): \(BugType.allCases.map(\.rawValue).joined(separator: ", ")).",
            valueName: "B")) var bugType: [String] = []
    @Flag(help: "Print the ids that would run, and run nothing.") var list = false
    @Flag(
        help: """
            Also require the error class of invalid cases and, on acceptable cases, the reference's answer when accepted; \
            with an expectations file, its `acceptable` section says which verdict is yours (without one, either passes).
            """)
    var strict = false
    @Option(help: ArgumentHelp("Expectations file: disabled, expectedFailures, errorMap, acceptable.", valueName: "FILE"))
    var expect: String?
    @Option(help: ArgumentHelp("Seconds a shim may take for one case before it is killed.", valueName: "S")) var timeout = 10.0
    @Option(help: ArgumentHelp("Write the report here instead of reports/<run-name>/.", valueName: "DIR")) var reportDir: String?
    @Option(
        help: ArgumentHelp(
            "Requests written to the shim ahead of its answers (answers come in order); 1 sends one at a time, which ties the "
                + "shim's stderr to each case.", valueName: "N"))
    var pipeline = 64
    @Option(
        help: ArgumentHelp(
            "Shim processes run side by side, each taking whole vector files; the report is the same as with one. Needs --shim.",
            valueName: "N"))
    var jobs = 1
    @Flag(help: "Exit 0 even when no case was executed (every selected case SKIP or UNIMPLEMENTED).") var allowEmpty = false
    @Flag(help: "Print the run summary (or the --list ids) as JSON on stdout.") var json = false

    func run() throws {
        var bugTypes: [BugType] = []
        for name in bugType {
            guard let type = BugType(rawValue: name) else {
                throw ValidationError(
                    "--bug-type \(name) is not a bug type; the bug types are \(BugType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            bugTypes.append(type)
        }
        var options = VerifyRun.Options(families: Families.all)
        options.vectorsDirectory = vectors
        options.shimCommand = shim
        options.selection = CaseSelection(only: only, skip: skip, flags: flag, bugTypes: bugTypes)
        options.strict = strict
        options.expectationsFile = expect
        options.timeout = timeout
        guard pipeline >= 1 else { throw ValidationError("--pipeline must be at least 1") }
        options.pipeline = pipeline
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard jobs == 1 || shim != nil else { throw ValidationError("--jobs runs several shims: it needs --shim") }
        options.jobs = jobs
        options.reportDirectory = reportDir
        options.allowEmpty = allowEmpty
        if list {
            let ids: [String]
            do { ids = try VerifyRun(options: options).list() } catch { throw exitHarness("\(error)") }
            if json { JSONOutput.print(.array(ids.map { .string($0) })) } else { ids.forEach { print($0) } }
            return
        }
        try Self.perform(options: options, json: json)
    }

    /// Runs, prints the summary (table or JSON), and exits 0/1/2 per reports/README.md.
    static func perform(options: VerifyRun.Options, json: Bool) throws {
        let run = VerifyRun(options: options)
        let outcome: (report: RunReport, directory: String)
        do { outcome = try run.execute() } catch { throw exitHarness("\(error)") }
        let report = outcome.report
        if json {
            JSONOutput.print(JSONOutput.runSummary(report, directory: outcome.directory))
        } else {
            print(SummaryReport(report: report).table)
            print("verdict: \(report.verdict)")
            if let throughput = report.throughput { print("throughput: \(throughput)") }
            if let leftOut = report.leftOutLine { print(leftOut) }
            for failure in report.failures.prefix(20) {
                print("\(failure.status.rawValue) \(failure.id): \(failure.reason)\n    reproduce: \(failure.reproducer)")
                if let detail = failure.detail { print(detail.text.split(separator: "\n").map { "    \($0)" }.joined(separator: "\n")) }
            }
            if report.failures.count > 20 { print("… \(report.failures.count - 20) more in \(outcome.directory)/summary.md") }
            print("report: \(outcome.directory)/index.html (and results.jsonl, junit.xml, summary.md)")
        }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}
