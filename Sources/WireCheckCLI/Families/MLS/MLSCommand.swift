import ATProtoLexicon
import ArgumentParser
import CatbirdMLS
import ConformanceKit
import Foundation
import WireCore

/// `wirecheck mls …`: the Catbird MLS v0 contract's lexicons.
struct MLSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mls",
        abstract: "Catbird MLS: validate JSON against the v0 lexicons, or list and print them.",
        subcommands: [Validate.self, Lexicons.self])

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate a JSON value against a def or an endpoint part of the Catbird MLS lexicons.",
            discussion: """
                --lexicon names a def (blue.catbird.mls.defs#convoView) or an endpoint's params, input or output \
                (blue.catbird.mls.getConvos#output); `wirecheck mls lexicons` lists them. Every error is printed with the \
                JSON pointer of the offending value and a stable code. The value is judged as decoded: a {"$bytes"} \
                object where v0 declares a base64 string is refused. Exit 0 when valid, 1 when not, 2 when FILE cannot \
                be read or the lexicon name names nothing.
                Examples:
                  wirecheck mls validate --lexicon blue.catbird.mls.getConvos#output out.json
                  echo '{"limit": 0}' | wirecheck mls validate --lexicon blue.catbird.mls.getConvos#params - --json
                """)

        @Option(help: "The def or endpoint part (nsid#def, nsid#params, nsid#input, nsid#output).") var lexicon: String
        @Argument(help: "The JSON file, or - for standard input.") var file: String
        @Flag(help: "Accept datetimes as the reference TypeScript validator's lenient check does (no zone, no seconds).")
        var lenientDatetime = false
        @Flag(help: "Print {\"ok\", \"errors\": [{path, code, message}]} (the shim's mls.validate).") var json = false

        func run() throws {
            let value = try LexiconValidationReport.value(of: file)
            let validator = CatbirdLexicons.validator(options: .init(datetime: lenientDatetime ? .lenient : .strict))
            try LexiconValidationReport.run(
                validator, value, against: lexicon, json: json, hint: "; `wirecheck mls lexicons` lists the names")
        }
    }

    struct Lexicons: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List what `mls validate --lexicon` takes, or print one shipped lexicon document.",
            discussion: """
                Without NSID: every def and endpoint part, one per line. With NSID (blue.catbird.mls.sendMessage): the \
                shipped JSON document, valid Lexicon v1.
                """)

        @Argument(help: "A document to print.") var nsid: String?

        func run() throws {
            if let nsid {
                guard let bytes = CatbirdLexicons.files[nsid] else {
                    throw exitHarness("no shipped lexicon \(nsid); one of \(CatbirdLexicons.ids.joined(separator: ", "))")
                }
                FileHandle.standardOutput.write(Data(bytes))
                return
            }
            for name in CatbirdLexicons.targets { print(name) }
        }
    }
}
