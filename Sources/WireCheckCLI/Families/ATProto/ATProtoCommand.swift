import ATProtoLexicon
import ArgumentParser
import ConformanceKit
import Foundation
import WireCore

/// `wirecheck atproto …`: the atproto string formats and Lexicon v1 documents.
struct ATProtoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "atproto",
        abstract: "atproto: check a value against a string format, or lexicon documents against the Lexicon v1 rules.",
        subcommands: [Syntax.self, Lexicon.self, Validate.self])

    struct Syntax: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check one value against an atproto string format.",
            discussion: """
                FORMAT is one of: \(StringFormat.allCases.map(\.rawValue).joined(separator: ", ")). The checks are strict, as \
                the atproto specs and atproto-interop-tests have them (datetime needs a zone and seconds; at-uri has no query \
                or fragment). Exit 0 when valid, 1 when not (the reason and the byte offset), 2 on a usage error.
                Examples:
                  wirecheck atproto syntax handle alice.bsky.social
                  wirecheck atproto syntax datetime '1985-04-12T23:20:50.123-00:00' --json
                """)

        @Argument(help: "The format.") var format: String
        @Argument(help: "The value (quote it to keep whitespace).") var value: String
        @Flag(help: "Print {\"ok\": true} or {\"ok\": false, \"error\": {code, offset, message}}.") var json = false

        func run() throws {
            guard let format = StringFormat(rawValue: format) else {
                throw exitHarness("unknown format '\(format)'; one of \(StringFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            do throws(SyntaxError) {
                try format.check(value)
                if json { JSONOutput.print(["ok": true]) } else { print("valid \(format.rawValue)") }
            } catch {
                if json {
                    JSONOutput.print(.object(JSONOutput.refusal(error, offset: error.offset)))
                } else {
                    Console().message(error.description)
                }
                throw ExitCode(1)
            }
        }
    }

    struct Lexicon: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check lexicon documents against the Lexicon v1 rules, and their refs against each other.",
            discussion: """
                Each FILE is one lexicon JSON document; every problem is printed with a JSON pointer into its document. \
                Refs are resolved among the files given. Exit 0 when every document is valid, 1 when any is not, 2 when \
                a file cannot be read.
                Example:
                  wirecheck atproto lexicon Sources/CatbirdMLS/Lexicons/*.json
                """)

        @Argument(help: "Lexicon documents.") var files: [String]
        @Flag(help: "Accept objects inline as properties and array items (what the atproto-interop-tests catalog needs).")
        var lenient = false
        @Flag(help: "Print {\"ok\", \"problems\": [{file, pointer, code, message}]}.") var json = false

        func run() throws {
            var problems: [(file: String, problem: LexiconProblem)] = []
            var documents: [(String, LexiconDocument)] = []
            let options: LexiconDocument.Options = lenient ? .interopCatalog : .init()
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { throw exitHarness("cannot read \(file)") }
                do {
                    documents.append((file, try LexiconDocument(bytes: Array(data), options: options)))
                } catch {
                    problems += error.problems.map { (file, $0) }
                }
            }
            let catalog = LexiconCatalog(documents.map(\.1))
            for (id, problem) in catalog.unresolvedRefs() {
                problems.append((documents.first { $0.1.id == id }?.0 ?? id, problem))
            }
            if json {
                JSONOutput.print([
                    "ok": .bool(problems.isEmpty),
                    "problems": .array(
                        problems.map {
                            [
                                "file": .string($0.file), "pointer": .string($0.problem.pointer.description),
                                "code": .string($0.problem.code.rawValue), "message": .string($0.problem.message),
                            ]
                        }),
                ])
            } else {
                for (file, problem) in problems { print("\(file): \(problem)") }
                print(problems.isEmpty ? "\(files.count) document(s): valid Lexicon v1" : "\(problems.count) problem(s)")
            }
            if !problems.isEmpty { throw ExitCode(1) }
        }
    }
}
