import Foundation
import WireCore

/// One conformance run over the vectors, as `wirecheck vectors verify` and `wirecheck run` do it:
/// load, select, drive the implementation, judge, write the report, choose the exit code.
public struct VerifyRun {
    /// What `vectors verify` and `run` were asked to do.
    public struct Options: Sendable {
        /// The families whose suites and reference operations the run knows.
        public var families: ProtocolFamilies
        /// The vectors folder.
        public var vectorsDirectory = "Vectors"
        /// nil runs the reference implementation in-process.
        public var shimCommand: String? = nil
        /// `--only`, `--skip`, `--flag`, `--bug-type`.
        public var selection = CaseSelection()
        /// `--strict`.
        public var strict = false
        /// `--expect FILE`.
        public var expectationsFile: String? = nil
        /// Seconds a shim may take for one case.
        public var timeout = 10.0
        /// Requests written to a shim ahead of its answers (`--pipeline`; 1: one at a time).
        public var pipeline = 64
        /// Shim processes run side by side, each taking whole vector files (`--jobs`; 1 with no shim).
        public var jobs = 1
        /// nil writes to `reports/<run-name>/`.
        public var reportDirectory: String? = nil
        /// Where run folders are made when `reportDirectory` is nil.
        public var reportsRoot = "reports"
        /// The first part of the run name (`vectors`, `run`).
        public var runKind = "vectors"
        /// Checks of live servers to add to the same report (`wirecheck run` probes its embedded mocks).
        public var liveChecks: (@Sendable (Console) throws -> [CaseResult])? = nil
        /// Accept a run in which no case was executed (every case SKIP or UNIMPLEMENTED) with exit 0.
        public var allowEmpty = false
        /// Options for a run over the suites of `families`.
        public init(families: ProtocolFamilies) { self.families = families }
    }

    /// Why a run could not happen at all (exit 2).
    public enum HarnessError: Error, CustomStringConvertible {
        /// The vector files could not be read (the loader's reason names the file and field).
        case vectorsUnreadable(VectorLoader.Failure)
        /// The expectations file is not there or not readable.
        case expectationsUnreadable(path: String)
        /// The expectations file was refused.
        case expectationsInvalid(path: String, Expectations.Invalid)
        /// The shim did not start or never answered `hello`.
        case shimWithoutHello(ShimTransportFailure)
        /// A filter or expectations entry names nothing.
        case selectionNamesNothing([String])
        /// The live-server checks could not start.
        case liveChecksFailed(reason: String)
        /// The report could not be written.
        case reportUnwritable(directory: String, reason: String)

        public var description: String {
            switch self {
            case .vectorsUnreadable(let failure): "\(failure)"
            case .expectationsUnreadable(let path): "cannot read expectations file \(path)"
            case .expectationsInvalid(let path, let invalid): "\(path): \(invalid)"
            case .shimWithoutHello(let failure): "the shim never answered hello: \(failure)"
            case .selectionNamesNothing(let errors): errors.joined(separator: "\n")
            case .liveChecksFailed(let reason): "live-server checks could not run: \(reason)"
            case .reportUnwritable(let directory, let reason): "cannot write the report to \(directory): \(reason)"
            }
        }
    }

    /// The run's options.
    public var options: Options
    /// Where progress and warnings go.
    public let console: Console

    /// A run with these options.
    public init(options: Options, console: Console = Console()) {
        self.options = options
        self.console = console
    }

    /// The vector files, or a harness error naming the file and field.
    public func loadFiles() throws(HarnessError) -> [VectorFile] {
        do throws(VectorLoader.Failure) {
            return try VectorLoader.load(directory: options.vectorsDirectory, suiteOrder: options.families.suites.map(\.id))
        } catch {
            throw .vectorsUnreadable(error)
        }
    }

    /// The expectations file, or an empty one.
    public func loadExpectations() throws(HarnessError) -> Expectations {
        guard let path = options.expectationsFile else { return Expectations() }
        guard let data = FileManager.default.contents(atPath: path) else { throw .expectationsUnreadable(path: path) }
        do throws(Expectations.Invalid) {
            return try Expectations(json: Array(data))
        } catch {
            throw .expectationsInvalid(path: path, error)
        }
    }

    /// The in-process reference, or the shim after its `hello`.
    public func makeImplementation() throws(HarnessError) -> any ImplementationUnderTest {
        guard let command = options.shimCommand else { return InProcessImplementation(shim: ReferenceShim(families: options.families)) }
        do throws(ShimTransportFailure) {
            return try ShimImplementation(command: command, timeout: options.timeout)
        } catch {
            throw .shimWithoutHello(error)
        }
    }

    /// Stops on a filter or expectations entry that names nothing (exit 2) and prints the warnings.
    func checkSelection(files: [VectorFile], expectations: Expectations) throws(HarnessError) {
        let check = SelectionCheck(files: files, selection: options.selection, expectations: expectations, strict: options.strict)
        for warning in check.warnings { console.message("warning: \(warning)") }
        if !check.errors.isEmpty { throw .selectionNamesNothing(check.errors) }
    }

    /// The ids that would run (`--list`), without starting any implementation.
    public func list() throws(HarnessError) -> [String] {
        let files = try loadFiles()
        let expectations = try loadExpectations()
        try checkSelection(files: files, expectations: expectations)
        return options.selection.selectedIDs(in: files, expectations: expectations)
    }

    /// Runs the cases and writes the report; returns it with the directory it was written to.
    public func execute() throws(HarnessError) -> (report: RunReport, directory: String) {
        let files = try loadFiles()
        let expectations = try loadExpectations()
        try checkSelection(files: files, expectations: expectations)
        let judge = CaseJudge(strict: options.strict, expectations: expectations)
        let implementation = try makeImplementation()
        let runName =
            options.reportDirectory.map { URL(fileURLWithPath: $0).lastPathComponent }
            ?? RunName.make(kind: options.runKind, under: options.reportsRoot)
        let directory = options.reportDirectory ?? "\(options.reportsRoot)/\(runName)"
        console.message(
            "wirecheck \(Harness.version) run \(runName): vectors \(Harness.vectorsVersion), implementation \(implementation.name)")
        // More shims only when there is a shim: the in-process reference runs on this thread.
        var implementations = [implementation]
        if options.shimCommand != nil, options.jobs > 1 {
            do throws(HarnessError) {
                for _ in 1..<options.jobs { implementations.append(try makeImplementation()) }
            } catch {
                // The shims already running would outlive this process (each has its own group).
                for shim in implementations.compactMap({ $0 as? ShimImplementation }) { shim.client.stop() }
                throw error
            }
        }
        let runners = implementations.map { implementation in
            let runner = VectorRunner(
                implementation: implementation, judge: judge, selection: options.selection, families: options.families)
            if options.vectorsDirectory != "Vectors" {
                runner.reproducerOptions += " --vectors \(ShellQuote.quote(options.vectorsDirectory))"
            }
            if let file = options.expectationsFile { runner.reproducerOptions += " --expect \(ShellQuote.quote(file))" }
            runner.progress = { [console] suite, done, total in console.progress(suite: suite, done: done, total: total) }
            runner.pipeline = options.pipeline
            return runner
        }
        let started = Date()
        let clock = ContinuousClock.now
        let selected = options.selection.narrowed(files)
        var results = VectorRunner.run(files: selected.files, sharedBy: runners)
        let vectorTime = ContinuousClock.now - clock
        if let liveChecks = options.liveChecks {
            do { results += try liveChecks(console) } catch {
                throw .liveChecksFailed(reason: "\(error)")
            }
        }
        var report = RunReport(
            runName: runName, implementation: implementation.name,
            vectorsVersion: files.first?.vectorsVersion ?? Harness.vectorsVersion, startedAt: started, results: results)
        report.allowEmpty = options.allowEmpty
        report.vectorSeconds = vectorTime.inSeconds
        report.leftOut = selected.leftOut
        for file in files { for (flag, note) in file.notes { report.bugTypes[flag] = note.bugType } }
        var stderrLog = ""
        for (index, shim) in implementations.compactMap({ $0 as? ShimImplementation }).enumerated() {
            shim.client.stop()
            guard !shim.stderrLog.isEmpty else { continue }
            stderrLog += implementations.count > 1 ? "[wirecheck: shim process \(index + 1) of \(implementations.count)]\n" : ""
            stderrLog += shim.stderrLog
        }
        if !stderrLog.isEmpty { report.attachments["shim-stderr.log"] = stderrLog }
        do {
            try report.write(to: directory)
        } catch {
            throw .reportUnwritable(directory: directory, reason: "\(error)")
        }
        return (report, directory)
    }
}
