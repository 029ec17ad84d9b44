import ATProtoLexicon
import ArgumentParser
import ConformanceKit
import Foundation
import WireCore

extension ATProtoCommand {
    /// `wirecheck atproto validate`: a JSON value against any lexicon set, with `mls validate`'s error
    /// paths and exit codes.
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate a JSON value against a def of any set of lexicon documents.",
            discussion: """
                --lexicons is a folder: every .json file below it is read as a Lexicon v1 document and refs resolve among \
                them. --lexicon names a def (com.example.thing, com.example.thing#view) or an endpoint part \
                (nsid#params, nsid#input, nsid#output, nsid#message); a record def takes the record. Every error is printed \
                with the JSON pointer of the offending value and a stable code, as `wirecheck mls validate` prints them. Exit \
                0 when valid, 1 when not, 2 when a file cannot be read, a document is not valid Lexicon v1 (each problem is \
                printed), or --lexicon names nothing. A ref to a document that is not in the folder is noted on standard \
                error, and is an error (unresolved-ref) only where the value reaches it.
                Examples:
                  wirecheck atproto validate --lexicons lex --lexicon app.bsky.feed.post p.json
                  wirecheck atproto validate --lexicons catalog --lenient --lexicon a.b.c r.json
                """)

        @Option(help: "A folder of lexicon documents (searched recursively for .json files).") var lexicons: String
        @Option(help: "The def or endpoint part (nsid, nsid#def, nsid#params, nsid#input, nsid#output, nsid#message).")
        var lexicon: String
        @Argument(help: "The JSON file, or - for standard input.") var file: String
        @Flag(help: "Accept objects inline in the documents (what the atproto-interop-tests catalog needs).") var lenient = false
        @Flag(help: "Accept datetimes as the reference TypeScript validator's lenient check does (no zone, no seconds).")
        var lenientDatetime = false
        @Flag(help: "Print {\"ok\", \"errors\": [{path, code, message}]}.") var json = false

        func run() throws {
            let catalog = try Self.catalog(in: lexicons, options: lenient ? .interopCatalog : .init())
            let value = try LexiconValidationReport.value(of: file)
            let validator = LexiconValidator(catalog: catalog, options: .init(datetime: lenientDatetime ? .lenient : .strict))
            try LexiconValidationReport.run(
                validator, value, against: lexicon, json: json,
                hint: " (the documents under \(lexicons) define \(catalog.documents.count) NSID(s))")
        }

        /// Every `.json` document below `folder`, in path order; a document that is not valid Lexicon v1 is a
        /// harness error naming the file and the pointer of each problem.
        static func catalog(in folder: String, options: LexiconDocument.Options) throws -> LexiconCatalog {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { throw exitHarness("cannot read the folder \(folder)") }
            let paths = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
            guard !paths.isEmpty else { throw exitHarness("no .json lexicon documents under \(folder)") }
            var documents: [LexiconDocument] = []
            var problems: [String] = []
            for path in paths {
                let full = (folder as NSString).appendingPathComponent(path)
                guard let data = FileManager.default.contents(atPath: full) else { throw exitHarness("cannot read \(full)") }
                do {
                    documents.append(try LexiconDocument(bytes: Array(data), options: options))
                } catch {
                    problems += error.problems.map { "\(full): \($0)" }
                }
            }
            guard problems.isEmpty else {
                throw exitHarness("the lexicons are not valid Lexicon v1:\n" + problems.joined(separator: "\n"))
            }
            // A ref to a document outside the folder matters only if the value reaches it, where the
            // validator reports it (unresolved-ref); here it is a note on standard error.
            let catalog = LexiconCatalog(documents)
            for (document, problem) in catalog.unresolvedRefs() {
                FileHandle.standardError.write(Data("note: \(document): \(problem)\n".utf8))
            }
            return catalog
        }
    }
}
