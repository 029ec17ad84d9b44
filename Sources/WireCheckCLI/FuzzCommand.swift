import ArgumentParser
import ConformanceKit
import Foundation
import WireCore

/// `wirecheck fuzz --shim CMD`: differential fuzzing of an implementation against the reference.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Find the bugs no vector lists: mutated vector cases, your shim against the reference.",
        discussion: """
            Takes every vector case of the ops your shim lists, and inputs that generators build through the reference \
            (e.g. NanoTDF containers of every shape, atproto strings from each format's grammar), and changes one to three \
            arguments: bytes flipped, inserted, cut or spliced from another case; strings with separators, escapes and \
            non-ASCII scalars, look-alikes of digits, letters and spaces, percent-escapes of bytes that are not UTF-8, \
            made as long as a limit their format declares or one off, with digits at calendar edges; \
            JSON text with a repeated key, another number form, an escape, deep nesting, a slip of syntax or one of \
            its string values changed as above; integers at \
            their boundaries; another value of a closed set; array elements and object members dropped, repeated or added. \
            Where a \
            suite knows how, a structure behind a MAC or signature is changed and sealed again with the case's keys (a cdev \
            token's payload, a FlowDown exchange URL's query items). Each input goes to your shim and to the reference in \
            process; the answer is judged as the vector case the reference's answer makes of it (--strict and --expect as \
            for `vectors verify`, but for expectedFailures: a mutated input is a new case). An input the reference refuses \
            as bad-request (or unimplemented) is not sent. A disagreement, or a shim that dies, hangs or writes garbage, is \
            a finding: minimised (elements, members and chunks of the changed fields removed while it still disagrees the \
            same way), counted once per (op, group params, the reference's outcome, the shim's, and for two valid \
            answers the first output member that differs), and written as a vector \
            file per suite under <report>/findings/, \
            which `wirecheck vectors verify --vectors <report>/findings --shim CMD` reruns as regression cases. An input \
            where the spec allows either verdict (made from an acceptable case, or a value the suite's rules call ambiguous) \
            passes either way: another answer than the reference's is counted apart (with --strict an accepted answer must \
            still have the reference's output). Exit 1 when there is a finding, 0 when none, 2 on a harness error (a shim that never \
            answers hello). The same --seed with the same vectors, corpus and shim gives the same inputs.
            With --against, both shims get the same inputs and each is judged against the reference, which breaks their \
            ties; a finding says which shim it is of, and only the ops both list are fuzzed. --jobs N runs N fuzzers, each \
            with its own shims and random stream, sharing --cases; --shard I/N gives this machine streams no other shard \
            of N uses. --corpus DIR also starts from the cases in DIR and adds the inputs the reference answered in a new \
            way (vector files, which `vectors verify` runs too). docs/FUZZING.md has the details, a CI matrix, and the \
            libFuzzer target for ClusterFuzzLite and OSS-Fuzz.
            Examples:
              wirecheck fuzz --shim "python3 Examples/python_shim.py" --seconds 30 --seed 7
              wirecheck fuzz --shim ./my-shim --ops 'cdev.*' --cases 20000 --strict --json
              wirecheck fuzz --shim ./go-shim --against ./rust-shim --seconds 60
              wirecheck fuzz --shim ./my-shim --seconds 600 --jobs 2 --shard 0/4
              wirecheck fuzz --shim ./my-shim --seconds 300 --corpus fuzz-corpus
            """)

    @Option(help: ArgumentHelp("Command line of the implementation's shim (run with /bin/sh -c).", valueName: "CMD"))
    var shim: String
    @Option(help: ArgumentHelp("A second implementation's shim, fuzzed on the same inputs (the reference judges both).", valueName: "CMD"))
    var against: String?
    @Option(help: ArgumentHelp("The seed of every random choice.", valueName: "N")) var seed: UInt64 = 1
    @Option(
        help: ArgumentHelp(
            "Stop after this many seconds. How many inputs that is depends on the shim's speed: for a run that repeats "
                + "input for input, give --cases.", valueName: "S")) var seconds: Double?
    @Option(help: ArgumentHelp("Stop after this many inputs (default 10000 when neither limit is given).", valueName: "N"))
    var cases: Int?
    @Option(help: ArgumentHelp("Fuzz only ops matching this glob or family (repeatable), e.g. 'nanotdf.*' or cdev.", valueName: "GLOB"))
    var ops: [String] = []
    @Flag(help: "Also require the error class of refused inputs.") var strict = false
    @Option(help: ArgumentHelp("Expectations file: disabled, expectedFailures, errorMap, acceptable.", valueName: "FILE"))
    var expect: String?
    @Option(help: "The vectors folder whose cases seed the run.") var vectors = Installation.vectorsDirectory
    @Option(help: ArgumentHelp("Seconds a shim may take for one input before it is killed.", valueName: "S")) var timeout = 10.0
    @Option(help: ArgumentHelp("Inputs written to the shim ahead of its answers.", valueName: "N")) var pipeline = 128
    @Option(help: ArgumentHelp("Distinct findings kept; further ones are counted.", valueName: "N")) var maxFindings = 100
    @Option(help: ArgumentHelp("Fuzzers run at once, each with its own shim (and --against shim).", valueName: "N")) var jobs = 1
    @Option(
        help: ArgumentHelp(
            "This machine's part of a campaign spread over N (I from 0): its own random streams, not another shard's.",
            valueName: "I/N"))
    var shard: String?
    @Option(
        help: ArgumentHelp(
            "Corpus folder: start from its cases too, and add the inputs the reference answered in a new way (vector files).",
            valueName: "DIR"))
    var corpus: String?
    @Option(help: ArgumentHelp("Write the report here instead of reports/<run-name>/.", valueName: "DIR")) var reportDir: String?
    @Flag(help: "Print the run summary as JSON on stdout.") var json = false

    func validate() throws {
        if let seconds, !(seconds > 0 && seconds <= DifferentialFuzzer.maxSeconds) {
            throw ValidationError("--seconds must be positive and at most \(Int(DifferentialFuzzer.maxSeconds)) (a year)")
        }
        if let cases, cases < 1 { throw ValidationError("--cases must be at least 1") }
        guard pipeline >= 1 else { throw ValidationError("--pipeline must be at least 1") }
        guard maxFindings >= 1 else { throw ValidationError("--max-findings must be at least 1") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if let shard, FuzzCampaign.Shard(parsing: shard) == nil {
            throw ValidationError("--shard takes I/N with 0 <= I < N, e.g. 0/4 for the first of four machines; not '\(shard)'")
        }
    }

    func run() throws {
        let console = Console()
        let families = Families.all
        let files: [VectorFile]
        do { files = try VectorLoader.load(directory: vectors, suiteOrder: families.suites.map(\.id)) } catch {
            throw exitHarness("\(error)")
        }
        var expectations = Expectations()
        if let expect {
            guard let data = FileManager.default.contents(atPath: expect) else {
                throw exitHarness("cannot read expectations file \(expect)")
            }
            do { expectations = try Expectations(json: Array(data)) } catch { throw exitHarness("\(expect): \(error)") }
        }
        let corpusFiles: [VectorFile]
        do { corpusFiles = try corpus.map { try FuzzCorpus.load(directory: $0, suiteOrder: families.suites.map(\.id)) } ?? [] } catch {
            throw exitHarness("cannot read the corpus \(corpus ?? ""): \(error)")
        }
        // Each job has its own shims; shims[job] are job `job`'s, labelled "shim" and "against".
        var shims: [[(label: String, implementation: ShimImplementation)]] = []
        defer { for (_, shim) in shims.joined() { shim.client.stop() } }
        var options = DifferentialFuzzer.Options()
        options.seed = seed
        options.seconds = seconds
        options.cases = cases
        options.ops = ops
        options.judge = CaseJudge(strict: strict, expectations: expectations)
        options.batchSize = pipeline
        options.maxFindings = maxFindings
        options.keepNovel = corpus != nil
        let campaign: FuzzCampaign
        do {
            campaign = try FuzzCampaign(
                families: families, files: files + corpusFiles, jobs: jobs,
                shard: shard.flatMap(FuzzCampaign.Shard.init(parsing:)) ?? .whole,
                options: options
            ) { _ in
                var started: [(label: String, implementation: ShimImplementation)] = []
                for (label, command) in [("shim", shim), ("against", against)] {
                    guard let command else { continue }
                    do { started.append((label, try ShimImplementation(command: command, timeout: timeout))) } catch {
                        for (_, done) in started { done.client.stop() }
                        throw FuzzStartFailure(message: "the \(label == "shim" ? "" : "--against ")shim never answered hello: \(error)")
                    }
                }
                shims.append(started)
                return started.map {
                    (label: started.count > 1 ? $0.label : "", implementation: $0.implementation as any ImplementationUnderTest)
                }
            }
        } catch let failure as FuzzStartFailure {
            throw exitHarness(failure.message)
        }
        let firstShims = shims[0]
        let implementation = firstShims[0].implementation
        let name = firstShims.map { firstShims.count > 1 ? "\($0.label) \($0.implementation.name)" : $0.implementation.name }.joined(
            separator: " vs ")
        guard campaign.seedCount > 0 else {
            throw exitHarness(
                "no vector case to start from: the shim lists \(implementation.supportedOps.sorted()) and --ops selects "
                    + "\(ops.isEmpty ? "all" : ops.joined(separator: ", "))")
        }
        let runName = reportDir.map { URL(fileURLWithPath: $0).lastPathComponent } ?? RunName.make(kind: "fuzz", under: "reports")
        let directory = reportDir ?? "reports/\(runName)"
        console.message(
            "wirecheck \(Harness.version) fuzz \(runName): seed \(seed)\(shard.map { ", shard \($0)" } ?? ""), "
                + "\(jobs) job(s), \(campaign.seedCount) vector cases to start from\(corpusFiles.isEmpty ? "" : " (corpus included)"), "
                + "implementation \(name)")
        if !campaign.statistics.skippedOps.isEmpty {
            console.message("not fuzzed (not listed by every shim): \(campaign.statistics.skippedOps.joined(separator: ", "))")
        }
        campaign.run { statistics, findings in
            let rate = Int(Double(statistics.sent) / max(statistics.seconds, 0.001))
            console.message(
                "[fuzz] \(statistics.sent) inputs, \(rate)/s, \(findings) finding(s), \(statistics.perOp.count) op(s) reached")
        }
        let statistics = campaign.statistics
        let findingsDirectory = "\(directory)/findings"
        // A finding's rerun judges with the errorMap only: the other entries name cases of the whole vectors, which the
        // findings folder does not hold, and `--strict` refuses an entry that matches no case (every rerun exited 2).
        var expectOption = ""
        if !expectations.errorMap.isEmpty {
            let path = "\(directory)/findings-expect.json"
            let errorMap = JSONObject(expectations.errorMap.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })
            try? JSONWriter(options: .init(indent: 2)).string(.object(["errorMap": .object(errorMap)])).write(
                toFile: path, atomically: true, encoding: .utf8)
            expectOption = " --expect \(ShellQuote.quote(path))"
        }
        let reproduce = { (id: String, label: String) in
            "wirecheck vectors verify --vectors \(ShellQuote.quote(findingsDirectory)) --shim "
                + "\(ShellQuote.quote(label == "against" ? against ?? shim : shim))\(strict ? " --strict" : "")\(expectOption) --only \(id)"
        }
        let results = campaign.findings.map { finding in
            let named = firstShims.first { $0.label == finding.implementation }?.implementation.name ?? implementation.name
            return FuzzFindings.result(
                finding, implementation: named, reproducer: reproduce(FuzzFindings.id(of: finding), finding.implementation))
        }
        var report = RunReport(
            runName: runName, implementation: name, vectorsVersion: Harness.vectorsVersion, seed: "\(seed)",
            startedAt: Date(), results: results)
        report.allowEmpty = true
        report.attachments["fuzz.md"] = Self.summary(statistics, findings: campaign.findings, seed: seed)
        for (job, jobShims) in shims.enumerated() {
            for (label, shim) in jobShims where !shim.stderrLog.isEmpty {
                report.attachments["\(label == "shim" ? "shim" : "against")-stderr\(job == 0 ? "" : "-job\(job)").log"] = shim.stderrLog
            }
        }
        do {
            try report.write(to: directory)
            // A reused --report-dir must not keep an earlier run's findings for `vectors verify` to run again.
            try? FileManager.default.removeItem(atPath: findingsDirectory)
            let vectorFiles = FuzzFindings.files(campaign.findings, sources: files) { id in
                reproduce(id, campaign.findings.first { FuzzFindings.id(of: $0) == id }?.implementation ?? "shim")
            }
            _ = try FuzzFindings.write(vectorFiles, to: findingsDirectory)
            if let corpus {
                let kept = FuzzCorpus.files(existing: corpusFiles, novel: campaign.novel, sources: files)
                _ = try FuzzFindings.write(kept, to: corpus)
            }
        } catch {
            throw exitHarness("cannot write the report to \(directory): \(error)")
        }
        if json {
            JSONOutput.print(Self.json(statistics, findings: campaign.findings, directory: directory, seed: seed))
        } else {
            print(Self.summary(statistics, findings: campaign.findings, seed: seed))
            print(
                "report: \(directory)/index.html (and fuzz.md, results.jsonl, junit.xml, summary.md"
                    + (campaign.findings.isEmpty ? ")" : ", findings/)")
            )
        }
        if !campaign.findings.isEmpty { throw ExitCode(1) }
    }

    /// A shim of some job that did not start: the run ends with exit 2.
    struct FuzzStartFailure: Error {
        let message: String
    }

    /// The run in prose: counters, then one line per finding.
    static func summary(_ statistics: DifferentialFuzzer.Statistics, findings: [DifferentialFuzzer.Finding], seed: UInt64) -> String {
        let rate = Int(Double(statistics.sent) / max(statistics.seconds, 0.001))
        var text = """
            # wirecheck fuzz (seed \(seed))

            - inputs sent: \(statistics.sent) in \(String(format: "%.1f", statistics.seconds)) s (\(rate)/s)
            - refused by the reference as bad-request, not sent: \(statistics.malformed)
            - disagreements: \(statistics.disagreements); other answers than the reference's on ambiguous inputs \
            (either verdict conforms), not findings: \(statistics.acceptableDisagreements)
            - findings: \(findings.count)
            - time: \(String(format: "%.1f", statistics.referenceSeconds)) s making inputs and answering them with the reference, \
            \(String(format: "%.1f", statistics.implementationSeconds)) s waiting for the shim (summed over jobs)
            - ops: \(statistics.perOp.keys.sorted().map { "\($0) \(statistics.perOp[$0]!)" }.joined(separator: ", "))

            """
        if statistics.novel > 0 { text += "- inputs the reference answered in a new way (kept in the corpus): \(statistics.novel)\n" }
        if !statistics.skippedOps.isEmpty {
            text += "- not fuzzed (not listed by every shim): \(statistics.skippedOps.joined(separator: ", "))\n"
        }
        for finding in findings {
            text += "\n## \(FuzzFindings.id(of: finding)) (\(finding.count) input(s))\n\n"
            text += "- \(finding.input.comment)\n- input: `\(Self.shown(finding.input.request.args))`\n"
            text += "- \(finding.verdict.reason.prefix(400))\n- key: `\(finding.key)`\n"
        }
        if !statistics.acceptableExamples.isEmpty {
            text += "\n## Other answers on ambiguous inputs (not findings; the first \(DifferentialFuzzer.AmbiguousAnswer.kept) per op)\n\n"
            for example in statistics.acceptableExamples {
                let input = Self.shown(example.args)
                text += "- `\(example.outcomes)`: \(example.reason.prefix(300))\n"
                text += "  input: `\(input.prefix(600))`\(input.count > 600 ? "…" : "")\n"
            }
        }
        return text
    }

    /// A finding's minimised arguments as one line of JSON, cut at 2000 characters (the findings' vector files have
    /// them whole).
    /// Every character outside ASCII is written as its `\u` escape: a finding's input may differ from a passing one by
    /// a KELVIN SIGN for a K or a decomposed accent, which a terminal shows the same.
    static func shown(_ args: JSONObject) -> String {
        var text = ""
        for scalar in JSONWriter.compact(.object(args)).unicodeScalars {
            guard scalar.isASCII else {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
                continue
            }
            text.unicodeScalars.append(scalar)
        }
        return text.count > 2000 ? "\(text.prefix(2000))… (\(text.count) characters)" : text
    }

    /// The run for `--json`.
    static func json(
        _ statistics: DifferentialFuzzer.Statistics, findings: [DifferentialFuzzer.Finding], directory: String, seed: UInt64
    ) -> JSONValue {
        [
            "seed": .string("\(seed)"), "reportDirectory": .string(directory), "sent": .int(Int64(statistics.sent)),
            "seconds": .double((statistics.seconds * 100).rounded() / 100), "malformed": .int(Int64(statistics.malformed)),
            "disagreements": .int(Int64(statistics.disagreements)),
            "referenceSeconds": .double((statistics.referenceSeconds * 100).rounded() / 100),
            "implementationSeconds": .double((statistics.implementationSeconds * 100).rounded() / 100),
            "novel": .int(Int64(statistics.novel)),
            "acceptableDisagreements": .int(Int64(statistics.acceptableDisagreements)),
            "acceptableExamples": .array(
                statistics.acceptableExamples.map {
                    ["op": .string($0.op), "outcomes": .string($0.outcomes), "reason": .string($0.reason), "input": .object($0.args)]
                }),
            "ops": .object(JSONObject(statistics.perOp.keys.sorted().map { ($0, .int(Int64(statistics.perOp[$0]!))) })),
            "skippedOps": .array(statistics.skippedOps.map { .string($0) }), "exitCode": .int(findings.isEmpty ? 0 : 1),
            "findings": .array(
                findings.map {
                    [
                        "id": .string(FuzzFindings.id(of: $0)), "op": .string($0.input.kind.op), "key": .string($0.key),
                        "count": .int(Int64($0.count)), "reason": .string($0.verdict.reason), "comment": .string($0.input.comment),
                        "input": .object($0.input.request.args),
                    ]
                }),
        ]
    }
}
